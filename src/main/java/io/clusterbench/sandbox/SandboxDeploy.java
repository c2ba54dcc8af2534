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
    /**
     * How long abandoning a half-made sandbox may wait for the processes it killed to end and for its directory to be
     * deleted: inside the lifecycle's close deadline ({@link Lifecycle#CLOSE_DEADLINE}).
     */
    static final java.time.Duration ABANDON_DEADLINE = java.time.Duration.ofMillis(250);
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
     * A stop during the deploy: kills (SIGKILL) every node process and the relay the deploy started, with their child
     * processes and ours that name the directory (installers, a joiner's state transfer), waits for them to end and
     * removes the sandbox's directory and its registration, all within {@link #ABANDON_DEADLINE}. The directory was
     * empty or missing before.
     */
    private static void abandon(GaleraSandbox sb, SandboxState planned) {
        long until = System.nanoTime() + ABANDON_DEADLINE.toNanos();
        List<ProcessHandle> killed = new ArrayList<>();
        for (SandboxNode n : sb.state().nodes()) {
            long fromFile = NodeProcess.readPidFile(n.dir(sb.dir()).resolve("pid"));
            for (long pid : new long[] {n.pid(), fromFile}) {
                if (pid > 0) {
                    ProcessHandle.of(pid).ifPresent(killed::add);
                }
            }
        }
        if (RelayProcess.running(sb.dir())) {
            ProcessHandle.of(RelayProcess.pid(sb.dir())).ifPresent(killed::add);
        }
        String dir = sb.dir().toString();
        List<ProcessHandle> helpers = new ArrayList<>(); // the nodes' own children (a joiner's state transfer) and ours
        killed.forEach(h -> h.descendants().forEach(helpers::add));
        ProcessHandle.current().descendants().filter(h -> h.info().commandLine().orElse("").contains(dir))
                .forEach(helpers::add);
        killed.addAll(helpers);
        killed.forEach(ProcessHandle::destroyForcibly);
        SandboxRegistry.unregister(sb.dir(), planned);
        for (ProcessHandle h : killed) { // a process being torn down may still write its last file into the tree
            try {
                h.onExit().get(Math.max(0, until - System.nanoTime()), java.util.concurrent.TimeUnit.NANOSECONDS);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                break;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        while (true) {
            try {
                Permissions.deleteTree(sb.dir());
                return;
            } catch (UserException stillWriting) { // a killed helper's last file appeared under the walk
                if (System.nanoTime() > until) {
                    throw stillWriting;
                }
                NodeProcess.sleep(20);
            }
        }
    }
}
