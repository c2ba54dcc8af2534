package io.clusterbench.sandbox;

import io.clusterbench.UserException;
import io.clusterbench.lifecycle.Lifecycle;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Starts one node's {@code mariadbd} detached from the caller (own session via {@code setsid}, output to
 * files), so the cluster outlives the command that deployed it, and waits until the node is Synced.
 *
 * <p>Thread-safe (stateless).
 */
final class NodeLauncher {
    /** How long a node may take from start to Synced (rsync SST of a small datadir takes ~6 s). */
    static final long START_TIMEOUT_MILLIS = 120_000;

    private NodeLauncher() {
    }

    /**
     * @param bootstrap true to start a new cluster from this node ({@code --wsrep-new-cluster})
     * @return the node with its new process id
     * @throws UserException when the process cannot be started or dies before answering
     */
    static SandboxNode start(Path dir, SandboxNode node, GaleraInstall install, boolean bootstrap, Lifecycle life) {
        List<String> cmd = new ArrayList<>();
        if (Files.isExecutable(Path.of("/usr/bin/setsid"))) {
            cmd.add("/usr/bin/setsid");
        }
        cmd.add(install.mariadbd().toString());
        cmd.add("--defaults-file=" + node.cnf(dir)); // must be the first server option
        if (bootstrap) {
            cmd.add("--wsrep-new-cluster");
        }
        String position = recoverPosition(dir, node, install, life);
        if (position != null) {
            cmd.add("--wsrep_start_position=" + position);
        }
        Path pidFile = node.dir(dir).resolve("pid");
        try {
            Files.deleteIfExists(pidFile);
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(node.dir(dir).resolve("stdout.log").toFile()))
                    .start();
            return node.withPid(p.pid());
        } catch (IOException e) {
            throw new UserException("cannot start " + node.name() + ": " + e.getMessage(),
                    "check that " + install.mariadbd() + " runs", e);
        }
    }

    /**
     * After a crash {@code grastate.dat} says {@code seqno: -1}; as systemd's {@code galera_recovery} does, run
     * {@code mariadbd --wsrep-recover} to read the position from InnoDB, so the node can ask for an IST instead of
     * a full SST (faults.md, "Rejoin: IST or SST").
     *
     * @param life the command's lifecycle: it owns the recovery process while it runs (a stop kills it)
     * @return {@code uuid:seqno} to start from, or null when the saved state is usable as is or recovery failed
     */
    static String recoverPosition(Path dir, SandboxNode node, GaleraInstall install, Lifecycle life) {
        Path grastate = node.dataDir(dir).resolve("grastate.dat");
        try {
            String text = Files.readString(grastate);
            if (!text.matches("(?s).*seqno:\\s*-1\\b.*") || text.contains("00000000-0000-0000-0000-000000000000")) {
                return null;
            }
            Path log = node.dir(dir).resolve("recover.log");
            Files.deleteIfExists(log);
            Process p = new ProcessBuilder(install.mariadbd().toString(), "--defaults-file=" + node.cnf(dir),
                    "--wsrep-recover", "--log-error=" + log).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!Children.await(p, java.time.Duration.ofSeconds(60), life, "mariadbd --wsrep-recover")) {
                return null; // killed
            }
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("Recovered position: ([0-9a-f-]{36}:\\d+)")
                    .matcher(Files.readString(log));
            return m.find() ? m.group(1) : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /**
     * Waits until the node answers SQL and reports Synced in a Primary component.
     *
     * @return the node's process id as written in its pid file (the authority once it runs)
     * @throws UserException when the process dies or the timeout passes, with the error log's last lines
     */
    static long awaitSynced(Path dir, SandboxNode node, long timeoutMillis) {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        String last = "not answering";
        while (System.nanoTime() < deadline) {
            long pid = NodeProcess.readPidFile(node.dir(dir).resolve("pid"));
            long watched = pid > 0 ? pid : node.pid();
            if (NodeProcess.state(watched) == NodeProcess.State.GONE && NodeProcess.state(node.pid()) == NodeProcess.State.GONE) {
                throw new UserException(node.name() + " exited during start-up: " + tail(node.errorLog(dir)),
                        "see " + node.errorLog(dir));
            }
            try (Connection c = SandboxSql.admin(node.sqlPort(), 1000)) {
                Map<String, String> st = SandboxSql.wsrepStatus(c);
                last = st.getOrDefault("wsrep_local_state_comment", "?") + "/" + st.getOrDefault("wsrep_cluster_status", "?");
                if ("Synced".equals(st.get("wsrep_local_state_comment")) && "Primary".equals(st.get("wsrep_cluster_status"))
                        && "ON".equals(st.get("wsrep_ready"))) {
                    return pid > 0 ? pid : node.pid();
                }
            } catch (SQLException e) {
                last = "not answering (" + e.getMessage() + ")";
            }
            NodeProcess.sleep(250);
        }
        throw new UserException(node.name() + " did not reach Synced within " + timeoutMillis / 1000 + " s (last: "
                + last + ")", "see " + node.errorLog(dir));
    }

    /** @return the last error lines of a log, joined with " | " */
    static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            List<String> errors = new ArrayList<>();
            for (String l : lines) {
                if (l.contains("[ERROR]")) {
                    errors.add(l.strip());
                }
            }
            List<String> pick = errors.isEmpty() ? lines : errors;
            return String.join(" | ", pick.subList(Math.max(0, pick.size() - 3), pick.size()));
        } catch (IOException e) {
            return "(no error log)";
        }
    }
}
