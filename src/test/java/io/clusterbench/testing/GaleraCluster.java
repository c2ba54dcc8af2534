package io.clusterbench.testing;

import io.clusterbench.sandbox.GaleraInstall;
import io.clusterbench.sandbox.GaleraSandbox;
import io.clusterbench.sandbox.SandboxNode;
import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The real 3-node Galera sandbox shared by every cluster test of one JVM: deployed on first use (about
 * 20 s), destroyed at JVM exit. When {@code mariadb-server}/{@code galera-4} are missing the calling test is
 * skipped with the reason, unless {@code CLUSTERBENCH_REQUIRE_GALERA=1} (CI), where it fails.
 *
 * <p>Thread-safe.
 */
public final class GaleraCluster {
    /** Nodes in the shared cluster. */
    public static final int NODES = 3;
    private static GaleraSandbox sandbox;

    private GaleraCluster() {
    }

    /** Skips the test (or fails it in CI) when Galera is not installed. */
    public static void assumeInstalled() {
        List<String> missing = GaleraInstall.missingPackages();
        if (!missing.isEmpty()) {
            String reason = "Galera cluster tests need " + String.join(", ", missing) + " (apt-get install "
                    + String.join(" ", missing) + ")";
            if ("1".equals(System.getenv("CLUSTERBENCH_REQUIRE_GALERA"))) {
                throw new IllegalStateException(reason + ", and CLUSTERBENCH_REQUIRE_GALERA=1");
            }
            Assumptions.assumeTrue(false, reason);
        }
    }

    /** @return the running shared sandbox; skips (or fails in CI) when Galera is not installed */
    public static synchronized GaleraSandbox get() {
        assumeInstalled();
        if (sandbox == null) {
            try {
                Path dir = Files.createTempDirectory(Path.of("/tmp"), "clusterbench-it-galera-");
                Files.delete(dir);
                sandbox = GaleraSandbox.deploy(dir, NODES, freeBasePort(), 2, line -> { });
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            GaleraSandbox sb = sandbox;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> sb.destroy(line -> { })));
        }
        return sandbox;
    }

    /** @return the SQL ports of the nodes, in order */
    public static List<Integer> ports() {
        List<Integer> ports = new ArrayList<>();
        for (SandboxNode n : get().state().nodes()) {
            ports.add(n.sqlPort());
        }
        return ports;
    }

    /** @return "p1,p2,p3" */
    public static String portList() {
        List<String> s = new ArrayList<>();
        ports().forEach(p -> s.add(Integer.toString(p)));
        return String.join(",", s);
    }

    /** @return CLI target options for every node and {@code database} */
    public static List<String> cliTarget(String database) {
        return List.of("--host=127.0.0.1", "--port=" + portList(), "--user=root", "--db=" + database);
    }

    /** @return a root connection to node {@code index} (1-based), database "" for none */
    public static Connection connect(int index, String database) throws SQLException {
        return DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + ports().get(index - 1) + "/" + database
                + "?user=root");
    }

    /** Creates an empty database (replicated to every node); @return its name */
    public static String freshDatabase(String name) {
        try (Connection c = connect(1, ""); var s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + name);
            s.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return name;
    }

    private static int freePortsFrom(int base) {
        for (int i = 0; i < NODES * SandboxNode.PORT_STRIDE; i++) {
            try (ServerSocket s = new ServerSocket(base + i, 1, InetAddress.getLoopbackAddress())) {
                s.setReuseAddress(true);
            } catch (IOException e) {
                return -1;
            }
        }
        return base;
    }

    /** @return a base port whose sandbox ports (every node's) are free now */
    public static int freeBasePort() {
        for (int base = 16_000 + (int) (ProcessHandle.current().pid() % 40) * 100; base < 60_000; base += 100) {
            if (freePortsFrom(base) > 0) {
                return base;
            }
        }
        throw new IllegalStateException("no free port range for the Galera sandbox");
    }
}
