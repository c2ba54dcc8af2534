package io.clusterbench.sandbox;

import io.clusterbench.lifecycle.Lifecycle;
import io.clusterbench.UserException;
import io.clusterbench.relay.LinkSpec;
import io.clusterbench.relay.RelayProcess;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A local MariaDB Galera cluster on loopback for trying and testing: deploy, start, stop, destroy, and
 * per node kill (SIGKILL), pause (SIGSTOP), resume (SIGCONT) and restart. The recipe is galera-local.md:
 * one directory, option file and five ports per node, node 1 bootstrapped, joiners started one at a time
 * after the previous one is Synced, processes run as {@code mysql} when started by root (rsync SST fails
 * as root). State lives in {@code <dir>/sandbox.json}, so every command works from a new process.
 *
 * <p>Not thread-safe: one command at a time per sandbox directory. Usage:
 * <pre>{@code
 * GaleraSandbox sb = GaleraSandbox.deploy(Path.of("/tmp/cb"), 3, 5500, 2, progress);
 * sb.pause("n2"); sb.resume("n2"); sb.destroy(line -> { });
 * }</pre>
 */
public final class GaleraSandbox {
    /** Default sandbox directory of the {@code sandbox} commands ({@code --dir}): reachable by user mysql. */
    public static final String DEFAULT_DIR = "/tmp/clusterbench-galera";
    /** User created for clients, with every privilege and no password (loopback only). */
    public static final String CLIENT_USER = "sbtest";
    /** Database created for clients. */
    public static final String CLIENT_DB = "sbtest";
    private final Path dir;
    private final GaleraInstall install;
    /** The command's lifecycle: it owns the helper processes this sandbox waits for (a recovery, an initialisation). */
    private final Lifecycle life;
    private SandboxState state;

    GaleraSandbox(Path dir, GaleraInstall install, SandboxState state, Lifecycle life) {
        this.dir = dir;
        this.install = install;
        this.state = state;
        this.life = life;
    }

    /** @return the sandbox directory (absolute) */
    public Path dir() {
        return dir;
    }

    /** @return the current state (nodes, ports, pids) */
    public SandboxState state() {
        return state;
    }

    /**
     * Opens an existing sandbox.
     *
     * @throws UserException when {@code dir} holds none, or the packages are missing
     */
    public static GaleraSandbox open(Path dir) {
        return open(dir, Lifecycle.detached());
    }

    /**
     * As {@link #open(Path)}, for a command whose lifecycle owns the helper processes it waits for (a node's
     * {@code --wsrep-recover}): a stop kills them rather than leaving them running on a node's data.
     */
    public static GaleraSandbox open(Path dir, Lifecycle life) {
        Path abs = dir.toAbsolutePath().normalize();
        SandboxState s = SandboxState.read(abs);
        return new GaleraSandbox(abs, GaleraInstall.locate(), s, life);
    }

    /**
     * Deploys and starts a cluster and waits until every node is Synced.
     *
     * @param dir        empty or missing directory; must be reachable by user {@code mysql} when run as root
     * @param nodes      number of nodes, 1–9
     * @param basePort   SQL port of node 1; node i uses ports {@code basePort + 10(i-1)} … {@code +3}
     * @param flushLogAtTrxCommit {@code innodb_flush_log_at_trx_commit}: 1 (durable), 0 or 2 (faster)
     * @param progress   receives one line per step
     * @throws UserException for bad arguments, missing packages, busy ports, or a node that fails to start
     *                       (the nodes already started are stopped again)
     */
    public static GaleraSandbox deploy(Path dir, int nodes, int basePort, int flushLogAtTrxCommit,
                                       Consumer<String> progress) {
        return deploy(dir, nodes, basePort, flushLogAtTrxCommit, null, progress);
    }

    /**
     * As {@link #deploy(Path, int, int, int, Consumer)}, with the nodes behind the relay (docs/relay.md).
     *
     * @param links null for nodes that talk directly; else each named node's link ({@code n3} → 25 ms), the
     *              others start with none, and the relay daemon runs with the sandbox
     */
    public static GaleraSandbox deploy(Path dir, int nodes, int basePort, int flushLogAtTrxCommit,
                                       Map<String, LinkSpec> links, Consumer<String> progress) {
        return SandboxDeploy.deploy(dir, nodes, basePort, flushLogAtTrxCommit, links, progress, Lifecycle.detached());
    }

    /**
     * As {@link #deploy(Path, int, int, int, Map, Consumer)}, owned by the command's lifecycle until the cluster is
     * up: a stop (Ctrl-C, SIGTERM) meanwhile kills the nodes and the relay started so far and removes the directory,
     * so no half-made sandbox is left running.
     */
    public static GaleraSandbox deploy(Path dir, int nodes, int basePort, int flushLogAtTrxCommit,
                                       Map<String, LinkSpec> links, Consumer<String> progress, Lifecycle life) {
        return SandboxDeploy.deploy(dir, nodes, basePort, flushLogAtTrxCommit, links, progress, life);
    }

    /** @return the command's lifecycle */
    Lifecycle lifecycle() {
        return life;
    }

    /** Starts every node that is down: bootstraps from a safe node when none runs. @throws UserException on failure */
    public void start(Consumer<String> progress) {
        SandboxRegistry.register(dir, state); // a sandbox deployed before the registry is found once started
        boolean anyRunning = state.nodes().stream().anyMatch(n -> NodeProcess.state(n.pid()) != NodeProcess.State.GONE);
        startRelay(progress);
        SandboxNode first = null;
        if (!anyRunning) {
            first = Grastate.bootstrapCandidate(dir, state.nodes());
            startNode(first, true, progress);
        }
        for (SandboxNode n : state.nodes()) {
            if (n != first && NodeProcess.state(n.pid()) == NodeProcess.State.GONE) {
                startNode(n, false, progress);
            }
        }
    }

    /** Stops every node cleanly (SIGTERM, reverse order; SIGKILL after 60 s). Never throws for a down node. */
    public void stop(Consumer<String> progress) {
        List<SandboxNode> reverse = new ArrayList<>(state.nodes());
        java.util.Collections.reverse(reverse);
        for (SandboxNode n : reverse) {
            if (NodeProcess.state(n.pid()) == NodeProcess.State.GONE) {
                continue;
            }
            progress.accept("Stopping " + n.name() + " (pid " + n.pid() + ")...");
            stopProcess(n);
        }
        if (RelayProcess.running(dir)) {
            progress.accept("Stopping the relay (pid " + RelayProcess.pid(dir) + ")...");
            RelayProcess.stop(dir);
        }
    }

    /** Starts the relay daemon when the sandbox has one and it is not running. */
    void startRelay(Consumer<String> progress) {
        if (state.relay() && !RelayProcess.running(dir)) {
            progress.accept("Starting the relay (" + new SandboxNetwork(this).describeLinks() + ")...");
            RelayProcess.start(dir);
        }
    }

    /** Stops every node and deletes the sandbox directory. */
    public void destroy(Consumer<String> progress) {
        stop(progress);
        SandboxRegistry.unregister(dir, state);
        progress.accept("Removing " + dir + "...");
        Permissions.deleteTree(dir);
    }

    /** @return each node's process state and, when it answers, its wsrep state */
    public List<NodeStatus> status() {
        state = SandboxState.read(dir);
        List<NodeStatus> out = new ArrayList<>();
        for (SandboxNode n : state.nodes()) {
            NodeProcess.State ps = NodeProcess.state(n.pid());
            String process = switch (ps) {
                case RUNNING -> "running";
                case PAUSED -> "paused";
                case GONE -> "down";
            };
            NodeStatus st = new NodeStatus(n.name(), n.endpoint(), ps == NodeProcess.State.GONE ? 0 : n.pid(), process,
                    "-", "-", -1, -1, StateTransferLog.last(n.errorLog(dir)));
            if (ps == NodeProcess.State.RUNNING) {
                try (Connection c = SandboxSql.admin(n.sqlPort(), 1000)) {
                    Map<String, String> w = SandboxSql.wsrepStatus(c);
                    st = new NodeStatus(n.name(), n.endpoint(), n.pid(), process,
                            w.getOrDefault("wsrep_local_state_comment", "-"), w.getOrDefault("wsrep_cluster_status", "-"),
                            Integer.parseInt(w.getOrDefault("wsrep_cluster_size", "-1")),
                            Long.parseLong(w.getOrDefault("wsrep_last_committed", "-1")), st.lastTransfer());
                } catch (SQLException | NumberFormatException e) {
                    // running but not answering: shown as "-"
                }
            }
            out.add(st);
        }
        return out;
    }

    /** SIGKILL one node (a crash). @throws UserException for an unknown or down node */
    public void kill(String name) {
        SandboxNode n = running(name);
        NodeProcess.signal(n.pid(), "KILL");
        NodeProcess.awaitGone(n.pid(), 10_000);
    }

    /** SIGSTOP one node (a hang: it keeps its sockets but answers nothing). */
    public void pause(String name) {
        NodeProcess.signal(running(name).pid(), "STOP");
    }

    /**
     * SIGCONT one paused node and waits for its real state: Synced again (after an IST when it was evicted), or
     * dead (a node evicted while paused may abort on resume).
     *
     * @return how it rejoined (method {@code none} when it needed no transfer); null when the node was not paused
     *         (nothing was done: a no-op is not reported as a rejoin)
     * @throws UserException when the node died or is not Synced within the start timeout, with its log's last errors
     */
    public io.clusterbench.result.StateTransferRecord resume(String name) {
        SandboxNode n = running(name);
        if (NodeProcess.state(n.pid()) != NodeProcess.State.PAUSED) {
            return null;
        }
        long offset = StateTransferLog.offset(n.errorLog(dir));
        long started = System.nanoTime();
        long peersConfId = peersConfId(n);
        NodeProcess.signal(n.pid(), "CONT");
        return awaitRejoined(n, peersConfId, offset, started);
    }

    /**
     * Waits until a node that was cut off (paused, partitioned) is Synced in the peers' configuration.
     *
     * @param peersConfId the peers' {@code wsrep_cluster_conf_id} when it was let back
     * @param offset      its error log's length then
     * @param started     {@code System.nanoTime()} then
     * @return how it rejoined
     */
    io.clusterbench.result.StateTransferRecord awaitRejoined(SandboxNode n, long peersConfId, long offset, long started) {
        NodeProcess.sleep(RESUME_SETTLE_MILLIS);
        long deadline = System.nanoTime() + NodeLauncher.START_TIMEOUT_MILLIS * 1_000_000L;
        // Right after it is let back the node may still report its old view (Synced, Primary): wait until it is
        // Synced in the peers' current configuration (or a newer one, when it rejoined).
        while (true) {
            NodeLauncher.awaitSynced(dir, n, Math.max(1, (deadline - System.nanoTime()) / 1_000_000L));
            if (confId(n) >= peersConfId || System.nanoTime() > deadline) {
                break;
            }
            NodeProcess.sleep(250);
        }
        return StateTransferLog.since(n.errorLog(dir), offset, (System.nanoTime() - started) / 1e9);
    }

    /** After SIGCONT, time for the node to read what happened while it was stopped before its state is trusted. */
    private static final long RESUME_SETTLE_MILLIS = 1000;

    /** @return the highest {@code wsrep_cluster_conf_id} among the other running nodes that answer, or -1 */
    long peersConfId(SandboxNode except) {
        long max = -1;
        for (SandboxNode o : state.nodes()) {
            if (o.index() != except.index() && NodeProcess.state(o.pid()) == NodeProcess.State.RUNNING) {
                max = Math.max(max, confId(o));
            }
        }
        return max;
    }

    /** @return the node's {@code wsrep_cluster_conf_id}, or -1 when it does not answer */
    private static long confId(SandboxNode n) {
        try (Connection c = SandboxSql.admin(n.sqlPort(), 1000)) {
            return Long.parseLong(SandboxSql.wsrepStatus(c).getOrDefault("wsrep_cluster_conf_id", "-1"));
        } catch (SQLException | NumberFormatException e) {
            return -1;
        }
    }

    /** Stops one node cleanly (SIGTERM; SIGKILL after 60 s). @throws UserException for an unknown or down node */
    public void stopNode(String name) {
        stopProcess(running(name));
    }

    /**
     * Starts one node that is down and waits until it is Synced.
     *
     * @return how it got the cluster's state
     * @throws UserException when it runs already, dies during start-up or is not Synced in time
     */
    public io.clusterbench.result.StateTransferRecord startNode(String name, Consumer<String> progress) {
        SandboxNode n = fresh(name);
        if (NodeProcess.state(n.pid()) != NodeProcess.State.GONE) {
            throw new UserException(n.name() + " is already running", "use restart to stop and start it");
        }
        return restart(name, progress);
    }

    /**
     * Stops one node cleanly when it runs, starts it again and waits until it is Synced; bootstraps it when no
     * other node runs and it is safe to (grastate.dat).
     */
    public io.clusterbench.result.StateTransferRecord restart(String name, Consumer<String> progress) {
        SandboxNode n = fresh(name);
        long started = System.nanoTime();
        if (NodeProcess.state(n.pid()) != NodeProcess.State.GONE) {
            progress.accept("Stopping " + n.name() + "...");
            stopProcess(n);
        }
        boolean othersUp = state.nodes().stream()
                .anyMatch(o -> o.index() != n.index() && NodeProcess.state(o.pid()) != NodeProcess.State.GONE);
        if (!othersUp) {
            Grastate.requireSafeToBootstrap(dir, n);
        }
        long offset = StateTransferLog.offset(n.errorLog(dir));
        startNode(n, !othersUp, progress);
        io.clusterbench.result.StateTransferRecord t = StateTransferLog.since(n.errorLog(dir), offset,
                (System.nanoTime() - started) / 1e9);
        progress.accept(StateTransferLog.describe(n.name(), t));
        return t;
    }

    /**
     * @return the node as {@code sandbox.json} says now: another process (a fault schedule, another command) may
     *         have restarted it under a new pid since this object read the state
     */
    SandboxNode fresh(String name) {
        state = SandboxState.read(dir);
        return state.node(name);
    }

    private SandboxNode running(String name) {
        SandboxNode n = fresh(name);
        if (NodeProcess.state(n.pid()) == NodeProcess.State.GONE) {
            throw new UserException(n.name() + " is not running", "start it with 'clusterbench sandbox restart "
                    + n.name() + " --dir " + dir + "'");
        }
        return n;
    }

    private void stopProcess(SandboxNode n) {
        NodeProcess.signal(n.pid(), "CONT");
        NodeProcess.signal(n.pid(), "TERM");
        if (!NodeProcess.awaitGone(n.pid(), 60_000)) {
            NodeProcess.signal(n.pid(), "KILL");
            NodeProcess.awaitGone(n.pid(), 10_000);
        }
    }

    void startNode(SandboxNode n, boolean bootstrap, Consumer<String> progress) {
        progress.accept("Starting " + n.name() + (bootstrap ? " (bootstrap)" : "") + " on " + n.endpoint() + "...");
        SandboxNode started = NodeLauncher.start(dir, n, install, bootstrap, life);
        state = state.with(started);
        state.write(dir);
        long pid = NodeLauncher.awaitSynced(dir, started, NodeLauncher.START_TIMEOUT_MILLIS);
        if (pid != started.pid()) {
            state = state.with(started.withPid(pid));
            state.write(dir);
        }
        progress.accept(n.name() + " is Synced.");
    }

    void createClientUser() {
        SandboxNode n1 = state.nodes().get(0);
        try (Connection c = SandboxSql.admin(n1.sqlPort(), 5000)) {
            SandboxSql.execute(c, "DELETE FROM mysql.global_priv WHERE User = ''", "FLUSH PRIVILEGES",
                    "CREATE USER IF NOT EXISTS '" + CLIENT_USER + "'@'%'",
                    "CREATE USER IF NOT EXISTS '" + CLIENT_USER + "'@'localhost'",
                    "GRANT ALL PRIVILEGES ON *.* TO '" + CLIENT_USER + "'@'%'",
                    "GRANT ALL PRIVILEGES ON *.* TO '" + CLIENT_USER + "'@'localhost'",
                    "CREATE DATABASE IF NOT EXISTS " + CLIENT_DB);
        } catch (SQLException e) {
            throw new UserException("cannot create the client user on n1: " + e.getMessage(), "see "
                    + n1.errorLog(dir), e);
        }
    }
}
