package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clusterbench.sandbox.GaleraSandbox;
import io.clusterbench.sandbox.NodeStatus;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.GaleraCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A node killed and restarted mid-run on the real 3-node sandbox (issue 32): its counters across the restart are
 * a gap, never a negative rate; each recovery figure is what the intervals say, inside its own window.
 */
@Tag("galera")
class NodeRestartIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final double KILL = 6;
    private static final double RESTART = 16;
    private static String db;

    @BeforeAll
    static void load() {
        GaleraCluster.get();
        db = GaleraCluster.freshDatabase("cb_restart");
        Cli.Result p = Cli.run(Cli.args(GaleraCluster.cliTarget(db), "prepare", "oltp_read_write", "--tables", "2",
                "--table-size", "1000", "--threads", "2"));
        assertEquals(0, p.exitCode(), p.out() + p.err());
    }

    @AfterAll
    static void leaveTheClusterSynced() {
        GaleraSandbox sb = GaleraCluster.get();
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (!sb.status().stream().allMatch(NodeStatus::synced) && System.nanoTime() < deadline) {
            for (NodeStatus st : sb.status()) {
                if (st.process().equals("down")) {
                    sb.restart(st.name(), line -> { });
                }
            }
            sleep(500);
        }
    }

    @Test
    void aKilledAndRestartedNodeIsAGapNeverANegativeRateAndEachRecoveryFigureMatchesTheIntervals(@TempDir Path out)
            throws Exception {
        Cli.Result r = Cli.run(Cli.args(GaleraCluster.cliTarget(db), "run", "oltp_read_write", "--tables", "2",
                "--table-size", "1000", "--threads", "6", "--time", "36", "--report-interval", "1", "--out",
                out.toString(), "--sandbox", GaleraCluster.get().dir().toString(), "--fault",
                (int) KILL + "s kill n3; " + (int) RESTART + "s restart n3"));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        JsonNode doc = JSON.readTree(out.resolve("result.json").toFile());
        List<String> negative = new ArrayList<>();
        negatives(doc, "", negative);
        assertEquals(List.of(), negative, "no negative rate anywhere in result.json");

        JsonNode run = doc.get("runs").get(0);
        JsonNode events = run.get("observerFacts").get("faults").get("events");
        double killAt = events.get(0).get("atSeconds").asDouble();
        double restartAt = events.get(1).get("atSeconds").asDouble();
        double synced = restartAt + events.get(1).get("durationSeconds").asDouble();
        int down = 0;
        int gaps = 0;
        for (JsonNode iv : run.get("intervals")) {
            JsonNode n3 = iv.get("observed").path("serverNodes").path("n3");
            double start = iv.get("startSeconds").asDouble();
            double end = iv.get("endSeconds").asDouble();
            if (start > killAt + 1 && end < restartAt) { // n3 dead for the whole interval
                down++;
                assertFalse(n3.has("QuestionsPerSecond"), "no rate while n3 was down: " + iv.get("observed"));
                assertTrue(n3.isMissingNode() || n3.has("gap"), "a gap where n3 was down: " + n3);
                JsonNode galeraN3 = iv.get("observed").path("galera").path("nodes").path("n3");
                assertFalse(galeraN3.has("certFailures"), "no Galera counter while n3 was down: " + galeraN3);
            }
            if (n3.has("gap")) {
                gaps++;
            }
        }
        assertTrue(down >= 5, "n3 was down for several whole intervals: " + down);
        assertTrue(gaps >= down, "each interval n3 was down is a gap in serverNodes: " + gaps);
        boolean restartGap = false;
        boolean wasDown = false;
        for (JsonNode iv : run.get("intervals")) {
            JsonNode n3 = iv.get("observed").path("serverNodes").path("n3");
            if (iv.get("startSeconds").asDouble() > killAt + 1 && !n3.has("Threads_running")) {
                wasDown = true;
            } else if (wasDown && n3.has("Threads_running")) {
                // n3's first answer after it was down (the restart action's time is when it reported back, which may
                // come after the node already answers): not differenced
                restartGap = n3.has("gap");
                break;
            }
        }
        StringBuilder afterKill = new StringBuilder();
        for (JsonNode iv : run.get("intervals")) {
            if (iv.get("startSeconds").asDouble() > killAt) {
                afterKill.append(String.format(java.util.Locale.ROOT, "%n  %.2f-%.2f s: %s",
                        iv.get("startSeconds").asDouble(), iv.get("endSeconds").asDouble(),
                        iv.get("observed").path("serverNodes").path("n3")));
            }
        }
        assertTrue(restartGap || synced > 35, "n3's first reading after the restart is a gap (restart at " + restartAt
                + " s, synced at " + synced + " s); n3 after the kill:" + afterKill);
        checkRecovery(run, killAt, restartAt);
        assertTrue(r.out().contains("Faults ("), r.out());
        assertTrue(Files.readString(out.resolve("nodes.csv")).lines().findFirst().orElse("").endsWith(",gap"));
    }

    /** Recomputes every figure of both rows from the intervals, each inside its own window. */
    private static void checkRecovery(JsonNode run, double killAt, double restartAt) {
        JsonNode rows = run.get("observerFacts").get("faults").get("recovery");
        assertEquals(2, rows.size(), rows.toString());
        JsonNode kill = rows.get(0);
        JsonNode restart = rows.get(1);
        double baseline = kill.get("baselineTps").asDouble();
        assertTrue(baseline > 0, kill.toString());
        assertEquals(restartAt, kill.get("windowEndSeconds").asDouble(), 1e-6, "the kill's window ends at the restart");
        for (JsonNode row : List.of(kill, restart)) {
            double at = row.get("atSeconds").asDouble();
            double end = row.get("windowEndSeconds").asDouble();
            double stall = 0;
            double back = -1;
            boolean dipped = false;
            for (JsonNode iv : run.get("intervals")) {
                double s = iv.get("startSeconds").asDouble();
                double e = iv.get("endSeconds").asDouble();
                double tps = iv.get("tps").asDouble();
                if (e <= at || s >= end) {
                    continue;
                }
                if (tps < 0.1 * baseline) {
                    stall += Math.min(e, end) - Math.max(s, at);
                }
                if (e > end + 1e-6) {
                    continue;
                }
                if (tps < 0.9 * baseline) {
                    dipped = true;
                    back = -1;
                } else if (dipped && back < 0) {
                    back = Math.max(0, s - at);
                }
            }
            if (!dipped) {
                back = 0;
            }
            assertEquals(stall, row.get("stallSeconds").asDouble(), 1e-6, "stall below 10% of the baseline: " + row);
            assertEquals(back, row.get("recoverySeconds").asDouble(), 1e-6, "back to 90% inside the window: " + row);
            if (back >= 0) {
                assertTrue(at + back < end, "recovered before the window's end: " + row);
            }
        }
        assertTrue(killAt < restartAt);
    }

    private static void negatives(JsonNode node, String path, List<String> out) {
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (e.getValue().isNumber() && e.getValue().asDouble() < 0 && isRate(e.getKey())) {
                    out.add(path + "." + e.getKey() + "=" + e.getValue());
                }
                negatives(e.getValue(), path + "." + e.getKey(), out);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                negatives(node.get(i), path + "[" + i + "]", out);
            }
        }
    }

    private static boolean isRate(String key) {
        return key.endsWith("PerSecond") || key.equals("tps") || key.equals("qps") || key.endsWith("Percent")
                || key.endsWith("Fraction") || key.equals("certFailures") || key.equals("bfAborts")
                || key.equals("replays") || key.endsWith("Messages") || key.endsWith("Micros");
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}
