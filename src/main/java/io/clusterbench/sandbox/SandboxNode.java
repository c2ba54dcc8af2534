package io.clusterbench.sandbox;

import io.clusterbench.UserException;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;

/**
 * One node of a sandbox: its name, its four loopback ports and the process id it last ran as.
 *
 * <p>Immutable. Ports of node {@code i} (1-based) with base port {@code P}: SQL {@code P+10(i-1)}, Galera
 * group {@code +1}, IST {@code +2}, SST {@code +3} (galera-local.md: five distinct ports per node, IST
 * must not default to group port + 1 of a neighbour).
 *
 * @param name       {@code n1}, {@code n2}, …; also {@code wsrep_node_name}
 * @param index      1-based node number
 * @param sqlPort    client port on 127.0.0.1
 * @param galeraPort Galera group communication port ({@code gmcast.listen_addr})
 * @param istPort    incremental state transfer port ({@code ist.recv_addr})
 * @param sstPort    state snapshot transfer port ({@code wsrep_sst_receive_address})
 * @param pid        process id of the last start, 0 when never started
 */
public record SandboxNode(String name, int index, int sqlPort, int galeraPort, int istPort, int sstPort, long pid) {

    /** Number of ports reserved per node, starting at its SQL port. */
    public static final int PORT_STRIDE = 10;

    /** @return the node with ports derived from {@code basePort} and no process yet */
    public static SandboxNode planned(int index, int basePort) {
        int sql = basePort + PORT_STRIDE * (index - 1);
        return new SandboxNode("n" + index, index, sql, sql + 1, sql + 2, sql + 3, 0);
    }

    /** @return a copy with another process id */
    public SandboxNode withPid(long newPid) {
        return new SandboxNode(name, index, sqlPort, galeraPort, istPort, sstPort, newPid);
    }

    /** @return {@code 127.0.0.1:<sqlPort>} */
    public String endpoint() {
        return "127.0.0.1:" + sqlPort;
    }

    /** @return the node's directory inside the sandbox directory */
    public Path dir(Path sandboxDir) {
        return sandboxDir.resolve(name);
    }

    /** @return the node's option file */
    public Path cnf(Path sandboxDir) {
        return dir(sandboxDir).resolve("my.cnf");
    }

    /** @return the node's data directory */
    public Path dataDir(Path sandboxDir) {
        return dir(sandboxDir).resolve("data");
    }

    /** @return the node's error log */
    public Path errorLog(Path sandboxDir) {
        return dir(sandboxDir).resolve("error.log");
    }

    /**
     * @throws UserException naming the first SQL, group, IST or SST port of {@code nodes} already in use on 127.0.0.1
     */
    static void checkPortsFree(List<SandboxNode> nodes) {
        for (SandboxNode n : nodes) {
            for (int port : new int[]{n.sqlPort(), n.galeraPort(), n.istPort(), n.sstPort()}) {
                try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
                    s.setReuseAddress(true);
                } catch (IOException e) {
                    throw new UserException("port " + port + " (" + n.name() + ") is already in use",
                            "choose another --base-port (each node uses 4 ports from base + 10*(i-1))");
                }
            }
        }
    }
}
