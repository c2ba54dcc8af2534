package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.GaleraCluster;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 21 on the real 3-node sandbox: node n2 frozen by another session's {@code FLUSH TABLES WITH READ LOCK}
 * held {@value #FREEZE_SECONDS} s (what a backup tool does: n2 goes Donor/Desynced and stops applying). The probe
 * ends within its bounds, shows pairs x → n2 stale (level 0) or blocked (level 1), names n2 as desynced for
 * about the freeze; a {@code run --consistency 1} counts causal-read timeouts on n2 only, apart from lock waits.
 * The freeze starts only once the command is seen working, so it lies inside what the command measures.
 */
@Tag("galera")
class FrozenNodeIT {
    private static final int FREEZE_SECONDS = 15;
    private static final int STEP_TIMEOUT_MILLIS = 3000;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static String db;

    @BeforeAll
    static void database() {
        GaleraCluster.get();
        db = GaleraCluster.freshDatabase("cb_frozen");
    }

    @AfterEach
    void n2IsSyncedAgain() throws Exception {
        await(() -> "Synced".equals(status(2, "wsrep_local_state_comment")), 60);
    }

    @Test
    void probeAtLevelZeroShowsStaleReadsOnTheFrozenNodeAndNamesIt(@TempDir Path out) throws Exception {
        JsonNode doc = probeWhileFrozen(out, "0", 200);
        JsonNode level = doc.get("levels").get(0);
        for (JsonNode p : level.get("pairs")) {
            String pair = p.toString();
            if (p.get("reader").asText().equals("n2")) {
                assertTrue(p.get("stale").asLong() > 0, "x -> n2 reads are stale while n2 applies nothing: " + pair);
                assertTrue(p.get("timeouts").asLong() > 0, "the freeze outlasts the visibility timeout: " + pair);
            }
            if (p.get("writer").asText().equals("n2")) {
                assertTrue(p.get("blockedCommits").asLong() > 0, "n2 -> x marker commits wait for the lock: " + pair);
            } else {
                assertEquals(0, p.get("blockedCommits").asLong(), pair);
            }
            assertEquals(0, p.get("blockedReads").asLong(), "no read waits at level 0: " + pair);
        }
    }

    @Test
    void probeAtLevelOneTimesOutReadsOnTheFrozenNode(@TempDir Path out) throws Exception {
        JsonNode doc = probeWhileFrozen(out, "1", 100);
        JsonNode level = doc.get("levels").get(0);
        assertEquals(0, level.get("staleReads").asLong(), level.toString());
        long blockedReadsOnN2 = 0;
        for (JsonNode p : level.get("pairs")) {
            String pair = p.toString();
            if (p.get("reader").asText().equals("n2")) {
                blockedReadsOnN2 += p.get("blockedReads").asLong();
            } else {
                assertEquals(0, p.get("blockedReads").asLong(), "only n2's causal reads wait: " + pair);
            }
        }
        assertTrue(blockedReadsOnN2 > 0, "x -> n2 causal reads time out while n2 is frozen: " + level);
    }

    @Test
    void runAtConsistencyOneCountsCausalReadTimeoutsOnTheFrozenNodeOnly(@TempDir Path out) throws Exception {
        Cli.Result p = Cli.run(Cli.args(GaleraCluster.cliTarget(db), "prepare", "oltp_point_select", "--tables", "1",
                "--table-size", "500"));
        assertEquals(0, p.exitCode(), p.out() + p.err());
        // n2's causal waits give up after 2 s instead of 30 s, so they end (in 1205) inside the freeze.
        setCausalReadTimeout(2, "PT2S");
        try (Writer writer = new Writer()) {
            CompletableFuture<Cli.Result> run = CompletableFuture.supplyAsync(() -> Cli.run(Cli.args(
                    GaleraCluster.cliTarget(db), "run", "oltp_point_select", "--tables", "1", "--table-size", "500",
                    "--threads", "3", "--time", "30", "--report-interval", "1", "--consistency", "1",
                    "--out", out.toString())));
            await(() -> lines(out.resolve("intervals.csv")) >= 2, 120);
            freezeN2();
            Cli.Result r = run.get(120, TimeUnit.SECONDS);
            assertEquals(0, r.exitCode(), r.out() + r.err());
            JsonNode runRecord = JSON.readTree(out.resolve("result.json").toFile()).get("runs").get(0);
            String causal = "1205/HY000 causal-read wsrep_sync_wait=1";
            JsonNode byCode = runRecord.get("summary").get("errorsByCode");
            assertTrue(byCode.path(causal).asLong() > 0, byCode.toString());
            assertFalse(byCode.has("1205/HY000"), "never folded into InnoDB lock waits: " + byCode);
            for (JsonNode e : runRecord.get("endpoints")) {
                boolean n2 = e.get("node").asText().equals("n2");
                assertEquals(n2, e.get("errorsByCode").path(causal).asLong() > 0, e.toString());
            }
            assertTrue(r.out().contains("causal-read timeouts:"), r.out());
            assertTrue(r.out().matches("(?s).*causal-read timeouts: +\\d+ \\(wsrep_sync_wait=1; n2: \\d+\\).*"),
                    r.out());
        } finally {
            setCausalReadTimeout(2, "PT30S");
        }
    }

    /** Runs the probe, freezes n2 once markers are being written, and checks what every level shares. */
    private static JsonNode probeWhileFrozen(Path out, String level, int samples) throws Exception {
        CompletableFuture<Cli.Result> probe = CompletableFuture.supplyAsync(() -> Cli.run(Cli.args(
                GaleraCluster.cliTarget(db), "probe", "stale-reads", "--consistency", level, "--samples",
                Integer.toString(samples), "--visibility-timeout", Integer.toString(STEP_TIMEOUT_MILLIS),
                "--out", out.toString())));
        await(() -> maxMarker() > 1_000_000_000_000_000L, 120); // markers are wall-clock microseconds
        long frozen = System.nanoTime();
        freezeN2();
        Cli.Result r = probe.get(180, TimeUnit.SECONDS);
        double freezeToEnd = (System.nanoTime() - frozen) / 1e9;
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("Pairs at level " + level + ":"), r.out());
        assertTrue(r.out().matches("(?s).*\\n +n1 -> n2 +\\d+ .*"), "the per-pair table is printed: " + r.out());
        assertTrue(r.out().contains("Node state: n2 was Donor/Desynced for "), r.out());
        assertTrue(r.out().contains("Blocked node: n2 "), r.out());
        assertTrue(r.out().contains("Probe time: "), r.out());
        JsonNode doc = JSON.readTree(out.resolve("probe.json").toFile());
        JsonNode states = doc.get("nodeStates");
        assertEquals(1, states.size(), "only n2 left Synced: " + states);
        assertEquals("n2", states.get(0).get("node").asText());
        assertEquals("Donor/Desynced", states.get(0).get("state").asText());
        double desynced = states.get(0).get("seconds").asDouble();
        assertTrue(desynced > FREEZE_SECONDS - 3 && desynced < FREEZE_SECONDS + 10, "about the freeze: " + desynced);
        assertTrue(doc.get("durationSeconds").asDouble() > 0, doc.toString());
        assertEquals(1, doc.get("blockedByNode").size(), "only n2 blocks: " + doc.get("blockedByNode"));
        assertTrue(doc.get("blockedByNode").has("n2"), doc.get("blockedByNode").toString());
        JsonNode lv = doc.get("levels").get(0);
        JsonNode during = lv.get("nodeStates");
        assertEquals(1, during.size(), "n2's freeze lies inside the level: " + during);
        JsonNode unplanned = null;
        for (JsonNode f : lv.get("validity").get("flags")) {
            unplanned = f.get("flag").asText().equals("unplanned-fault") ? f : unplanned;
        }
        assertTrue(unplanned != null && unplanned.get("evidence").asText().startsWith("n2 was Donor/Desynced for "),
                "the level's verdict names the frozen node: " + lv.get("validity"));
        assertEquals(during.get(0).get("seconds").asDouble(), unplanned.get("figures").get("notSyncedSeconds")
                .asDouble(), 0.006, unplanned.toString());
        assertTrue(r.out().contains("Validity at level " + level + ": "), r.out());
        assertTrue(r.out().contains("    unplanned-fault: n2 was Donor/Desynced for "), r.out());
        for (JsonNode p : lv.get("pairs")) {
            long blocked = p.get("blockedCommits").asLong() + p.get("blockedReads").asLong();
            assertEquals(samples, p.get("samples").asLong() + p.get("errors").asLong() + blocked,
                    "every sample is read, blocked or failed: " + p);
            assertTrue(p.get("blockedMillis").asLong() <= blocked * (STEP_TIMEOUT_MILLIS + 1500L),
                    "no step waits past the step timeout: " + p);
            if (!p.get("writer").asText().equals("n2") && !p.get("reader").asText().equals("n2")) {
                assertEquals(0, blocked, "n1 <-> n3 never blocks: " + p);
            }
        }
        // Bounded: the probe does not wait out the lock step by step (each blocked step costs one timeout).
        assertTrue(freezeToEnd < FREEZE_SECONDS + 60, "ended " + freezeToEnd + " s after the freeze began");
        return doc;
    }

    /** Holds FLUSH TABLES WITH READ LOCK on n2 for the freeze from another session, then releases it. */
    private static void freezeN2() {
        Thread t = new Thread(() -> {
            try (Connection c = GaleraCluster.connect(2, ""); Statement s = c.createStatement()) {
                s.execute("FLUSH TABLES WITH READ LOCK");
                Thread.sleep(FREEZE_SECONDS * 1000L);
                s.execute("UNLOCK TABLES");
            } catch (SQLException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }, "ftwrl-n2");
        t.setDaemon(true);
        t.start();
    }

    private static long maxMarker() {
        try (Connection c = GaleraCluster.connect(1, db); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT MAX(seq) FROM clusterbench_probe")) {
            return rs.next() ? rs.getLong(1) : 0;
        } catch (SQLException e) {
            return 0; // the table is not there yet
        }
    }

    private static String status(int node, String name) {
        try (Connection c = GaleraCluster.connect(node, ""); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS LIKE '" + name + "'")) {
            return rs.next() ? rs.getString(2) : "";
        } catch (SQLException e) {
            return "";
        }
    }

    private static void setCausalReadTimeout(int node, String value) throws SQLException {
        try (Connection c = GaleraCluster.connect(node, ""); Statement s = c.createStatement()) {
            s.execute("SET GLOBAL wsrep_provider_options = 'repl.causal_read_timeout=" + value + "'");
        }
    }

    private static long lines(Path file) {
        try {
            return Files.exists(file) ? Files.readAllLines(file).size() : 0;
        } catch (java.io.IOException e) {
            return 0;
        }
    }

    private static void await(BooleanSupplier condition, int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "condition not met within " + seconds + " s");
            Thread.sleep(20);
        }
    }

    /** Commits on n1 every 20 ms, so n2 falls behind while frozen and its causal waits have something to wait for. */
    private static final class Writer implements AutoCloseable {
        private volatile boolean stop;
        private final Thread thread = new Thread(this::loop, "writer-n1");

        Writer() throws SQLException {
            try (Connection c = GaleraCluster.connect(1, db); Statement s = c.createStatement()) {
                s.execute("CREATE TABLE IF NOT EXISTS beat (id INT PRIMARY KEY, n BIGINT) ENGINE=InnoDB");
                s.execute("REPLACE INTO beat VALUES (1, 0)");
            }
            thread.setDaemon(true);
            thread.start();
        }

        private void loop() {
            try (Connection c = GaleraCluster.connect(1, db); Statement s = c.createStatement()) {
                while (!stop) {
                    s.execute("UPDATE beat SET n = n + 1 WHERE id = 1");
                    Thread.sleep(20);
                }
            } catch (SQLException | InterruptedException e) {
                // the test's assertions say what went wrong
            }
        }

        @Override
        public void close() throws InterruptedException {
            stop = true;
            thread.join(5000);
        }
    }
}
