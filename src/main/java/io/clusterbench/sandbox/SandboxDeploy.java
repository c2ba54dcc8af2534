package io.clusterbench.sandbox;

import io.clusterbench.UserException;
import io.clusterbench.relay.LinkSpec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * {@link GaleraSandbox#deploy}: checks the arguments, lays out the directory (one data directory and option
 * file per node, {@code sandbox.json}, the relay's control file), initialises each data directory, bootstraps
 * node 1 and starts the joiners one at a time.
 *
 * <p>Not thread-safe: one deploy per directory.
 */
final class SandboxDeploy {
    private SandboxDeploy() {
    }

    /** @see GaleraSandbox#deploy(Path, int, int, int, Map, Consumer) */
    static GaleraSandbox deploy(Path dir, int nodes, int basePort, int flushLogAtTrxCommit,
                                       Map<String, LinkSpec> links, Consumer<String> progress) {
        Path abs = dir.toAbsolutePath().normalize();
        List<String> problems = new ArrayList<>();
        if (nodes < 1 || nodes > 9) {
            problems.add("--nodes must be 1-9 (got " + nodes + ")");
        }
        if (basePort < 1024 || basePort + SandboxNode.PORT_STRIDE * 9 > 65535) {
            problems.add("--base-port must be 1024-65445 (got " + basePort + ")");
        }
        if (flushLogAtTrxCommit < 0 || flushLogAtTrxCommit > 2) {
            problems.add("innodb_flush_log_at_trx_commit must be 0, 1 or 2");
        }
        if (links != null) {
            for (String name : links.keySet()) {
                if (!name.matches("n[1-9]") || Integer.parseInt(name.substring(1)) > nodes) {
                    problems.add("--link names " + name + " but the sandbox has n1..n" + nodes);
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new UserException("invalid options: " + String.join("; ", problems), "see --help");
        }
        GaleraInstall install = GaleraInstall.locate();
        if (SandboxState.exists(abs)) {
            throw new UserException("a sandbox already exists in " + abs,
                    "use 'clusterbench sandbox start --dir " + abs + "', or destroy it first");
        }
        List<SandboxNode> planned = new ArrayList<>();
        for (int i = 1; i <= nodes; i++) {
            planned.add(SandboxNode.planned(i, basePort));
        }
        SandboxNode.checkPortsFree(planned);
        String runAs = Permissions.isRoot() ? "mysql" : null;
        SandboxState state = new SandboxState(SandboxState.SCHEMA, "galera", "clusterbench", GaleraSandbox.CLIENT_USER, GaleraSandbox.CLIENT_DB,
                basePort, flushLogAtTrxCommit, List.copyOf(planned), links != null);
        try {
            Files.createDirectories(abs);
            try (var entries = Files.list(abs)) {
                if (entries.findAny().isPresent()) {
                    throw new UserException("directory " + abs + " is not empty", "choose another --dir");
                }
            }
            if (runAs != null) {
                Permissions.checkReachable(abs, runAs);
            }
            for (SandboxNode n : planned) {
                Files.createDirectories(n.dataDir(abs));
                Files.writeString(n.cnf(abs), GaleraConfig.text(abs, n, planned, state, install, runAs));
            }
            state.write(abs);
            SandboxRegistry.register(abs, state);
            if (state.relay()) {
                SandboxNetwork.initial(state, links).write(abs);
            }
            if (runAs != null) {
                Permissions.chownTree(abs, runAs);
            }
        } catch (IOException e) {
            throw new UserException("cannot create " + abs + ": " + e.getMessage(), "choose another --dir", e);
        }
        GaleraSandbox sb = new GaleraSandbox(abs, install, state);
        try {
            sb.startRelay(progress);
            for (SandboxNode n : planned) {
                progress.accept("Initialising " + n.name() + " data directory...");
                Permissions.run(List.of(install.installDb().toString(), "--defaults-file=" + n.cnf(abs),
                        "--auth-root-authentication-method=normal", "--skip-test-db"), n.dir(abs).resolve("install.log"));
            }
            for (SandboxNode n : planned) {
                sb.startNode(n, n.index() == 1, progress);
                if (n.index() == 1) {
                    sb.createClientUser();
                }
            }
        } catch (RuntimeException e) {
            sb.stop(line -> { });
            SandboxRegistry.unregister(abs, state);
            throw e;
        }
        return sb;
    }
}
