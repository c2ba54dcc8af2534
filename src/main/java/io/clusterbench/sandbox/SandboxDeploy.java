package io.clusterbench.sandbox;

import io.clusterbench.UserException;
import io.clusterbench.lifecycle.Lifecycle;
import io.clusterbench.relay.RelayProcess;
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

    /** @see GaleraSandbox#deploy(Path, int, int, int, Map, Consumer, Lifecycle) */
    static GaleraSandbox deploy(Path dir, int nodes, int basePort, int flushLogAtTrxCommit,
                                Map<String, LinkSpec> links, Consumer<String> progress, Lifecycle life) {
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
        GaleraSandbox sb = new GaleraSandbox(abs, install, state, life);
        try {
            Files.createDirectories(abs);
            try (var entries = Files.list(abs)) {
                if (entries.findAny().isPresent()) {
                    throw new UserException("directory " + abs + " is not empty", "choose another --dir");
                }
            }
        } catch (IOException e) {
            throw new UserException("cannot create " + abs + ": " + e.getMessage(), "choose another --dir", e);
        }
        // from here until the cluster is up, a stop kills what the deploy started and removes what it made
        Lifecycle.Owned half = life.own("sandbox deploy in " + abs, () -> abandon(sb, state));
        try {
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
            half.release();
            throw new UserException("cannot create " + abs + ": " + e.getMessage(), "choose another --dir", e);
        }
        try {
            sb.startRelay(progress);
            for (SandboxNode n : planned) {
                progress.accept("Initialising " + n.name() + " data directory...");
                Permissions.run(List.of(install.installDb().toString(), "--defaults-file=" + n.cnf(abs),
                        "--auth-root-authentication-method=normal", "--skip-test-db"), n.dir(abs).resolve("install.log"),
                        life);
            }
            for (SandboxNode n : planned) {
                sb.startNode(n, n.index() == 1, progress);
                if (n.index() == 1) {
                    sb.createClientUser();
                }
            }
        } catch (RuntimeException e) {
            half.release();
            if (!life.stopRequested()) {
                sb.stop(line -> { });
                SandboxRegistry.unregister(abs, state);
            } // else the stop's close is removing it
            throw e;
        }
        half.release(); // deployed: the cluster outlives the command
        return sb;
    }

    /**
     * A stop during the deploy: kills (SIGKILL, no wait) every node process and the relay the deploy started, and
     * removes the sandbox's directory and its registration. The directory was empty or missing before.
     */
    private static void abandon(GaleraSandbox sb, SandboxState planned) {
        for (SandboxNode n : sb.state().nodes()) {
            long fromFile = NodeProcess.readPidFile(n.dir(sb.dir()).resolve("pid"));
            for (long pid : new long[] {n.pid(), fromFile}) {
                if (pid > 0) {
                    ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
                }
            }
        }
        if (RelayProcess.running(sb.dir())) {
            ProcessHandle.of(RelayProcess.pid(sb.dir())).ifPresent(ProcessHandle::destroyForcibly);
        }
        SandboxRegistry.unregister(sb.dir(), planned);
        for (int attempt = 0; ; attempt++) {
            try {
                Permissions.deleteTree(sb.dir());
                return;
            } catch (UserException stillWriting) { // a killed helper's last file appeared under the walk
                if (attempt == 2) {
                    throw stillWriting;
                }
                NodeProcess.sleep(50);
            }
        }
    }
}
