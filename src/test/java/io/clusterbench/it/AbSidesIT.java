package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.clusterbench.ab.AbSchedule;
import io.clusterbench.ab.AbStep;
import io.clusterbench.ab.OrderMode;
import io.clusterbench.ab.Side;
import io.clusterbench.embedded.EmbeddedServer;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code ab} with three sides end to end on real servers (docs/ab.md, "More than two sides"): one server three times
 * resolves no difference and ranks every side first; three durability settings of one binary, each on its own copy
 * of one prepared datadir, are ranked in the order of the fsyncs a commit waits for (none, one, two). Step times are
 * short and the machine is shared: the assertions are about directions and counts, never speed.
 */
class AbSidesIT {
    @TempDir
    Path tmp;

    @Test
    void oneServerThreeTimesResolvesNoDifferenceAndRanksEverySideFirst() throws Exception {
        String db = TestServer.freshDatabase("abc");
        assertEquals(0, Cli.run(Cli.args(TestServer.cliTarget(db), "prepare", "oltp_point_select", "--table-size=1000"))
                .exitCode());
        Path out = tmp.resolve("abc");
        // 6 blocks (one Williams cycle of 3 sides) at each of 2 thread counts; every side is the same endpoint
        Cli.Result r = Cli.run("ab", "oltp_point_select", "--sides=A,B,C", "--a=127.0.0.1:" + TestServer.port(),
                "--user=root", "--db=" + db, "--table-size=1000", "--threads=1,2", "--time=2", "--warmup-time=1",
                "--order=shuffle", "--order-seed=7", "--out=" + out);
        assertEquals(0, r.exitCode(), r.out() + r.err());
        JsonNode doc = ResultFiles.read(out);
        assertEquals("clusterbench.ab/2", doc.get("schema").asText());
        assertEquals("A", doc.get("baseline").asText());
        assertEquals(6, doc.get("plan").get("repeats").asInt(), "the default is one Williams cycle of 3 sides");
        assertEquals(0, doc.get("warnings").size(), "one server differs from itself in nothing: " + doc.get("warnings"));
        assertEquals(4, doc.get("verdicts").size(), "B and C against A at each thread count");
        for (JsonNode v : doc.get("verdicts")) {
            JsonNode tps = v.get("tps");
            assertEquals(6, tps.get("pairs").asInt());
            assertEquals(0.975, v.get("confidence").asDouble(), 1e-12, "two comparisons share the 5%");
            assertEquals("A", v.get("baseline").asText());
            assertTrue(tps.get("low").asDouble() <= 1 && tps.get("high").asDouble() >= 1,
                    v.get("side") + " vs A at " + v.get("threads") + " threads: " + tps + "\n" + r.out());
            assertTrue(tps.get("mddPercent").asDouble() > 0);
        }
        for (JsonNode ranking : doc.get("rankings")) {
            for (JsonNode side : ranking.get("sides")) {
                assertEquals(1, side.get("rank").asInt(), "no interval separates: " + ranking);
            }
        }
        assertTrue(r.out().contains("summary: tps vs A: no difference resolved at any thread count"), r.out());
        assertTrue(r.out().contains("explain: what changed, each side vs the baseline A") && r.out().contains(
                "  C vs A, 2 threads, 6 pairs, m = "), "the explain block once per side and thread count: " + r.out());
        String ranking = r.out().lines().filter(l -> l.startsWith("ranking by tps: ")).findFirst().orElse("");
        assertTrue(ranking.contains("1 thread: ") && ranking.contains("2 threads: ") && !ranking.contains(">"), r.out());
        List<Side> sides = List.of(Side.A, Side.B, Side.of("C"));
        List<AbStep> expected = AbSchedule.of(sides, List.of(1, 2), 6, OrderMode.SHUFFLE, 7);
        JsonNode schedule = doc.get("plan").get("schedule");
        assertEquals(expected.size(), schedule.size());
        Map<String, Integer> follows = new HashMap<>();
        for (int i = 0; i < schedule.size(); i++) {
            assertEquals(expected.get(i).side().name(), schedule.get(i).get("side").asText());
            assertEquals(expected.get(i).side().name(), doc.get("runs").get(i).get("step").get("side").asText(),
                    "runs follow the schedule");
            if (i % 3 > 0) {
                follows.merge(schedule.get(i).get("threads").asInt() + ":" + schedule.get(i - 1).get("side").asText()
                        + ">" + schedule.get(i).get("side").asText(), 1, Integer::sum);
            }
        }
        assertEquals(12, follows.size(), "every side right after every other, at each thread count");
        follows.forEach((k, n) -> assertEquals(2, n, k));
        for (String side : List.of("A", "B", "C")) {
            assertEquals(12, ResultFiles.read(out.resolve(side)).get("runs").size(), side + "'s runs as a sweep result");
        }
        String html = Files.readString(out.resolve("report.html"));
        assertTrue(html.contains("\"C/A\"") && html.contains("ab-tps") && html.contains("ranking by tps"), "report.html");
    }

    @Test
    void threeDurabilitySettingsAreRankedByTheFsyncsACommitWaitsFor() {
        EmbeddedServer unpacked = TestServer.startOwn(true, List.of()); // its binary and a fresh datadir
        unpacked.close();
        Path out = tmp.resolve("durability");
        try {
            // one thread, so every commit waits for its own fsyncs (explain off: the steps' profiles are not the question): none (flush0), the redo log's (flush1), the redo
            // log's and the binary log's (binlog). The middle one is the baseline, so each of the other two is
            // ranked by one interval against the point 1; 12 blocks (two Williams cycles) give 9 degrees of freedom
            Cli.Result r = Cli.run("ab", "oltp_update_index", "--sides=flush0,flush1,binlog", "--baseline=flush1",
                    "--side-server=flush0=" + unpacked.binary(), "--datadir-template=" + unpacked.dataDir(),
                    "--server-option=--innodb-buffer-pool-size=64M",
                    "--side-option=flush0=--innodb-flush-log-at-trx-commit=0",
                    "--side-option=flush1=--innodb-flush-log-at-trx-commit=1",
                    "--side-option=binlog=--innodb-flush-log-at-trx-commit=1", "--side-option=binlog=--log-bin",
                    "--side-option=binlog=--sync-binlog=1", "--table-size=1000", "--threads=1", "--repeat=12",
                    "--time=2", "--warmup-time=1", "--explain=off", "--out=" + out);
            assertEquals(0, r.exitCode(), r.out() + r.err());
            JsonNode doc = ResultFiles.read(out);
            assertEquals("flush1", doc.get("baseline").asText());
            JsonNode ranking = doc.get("rankings").get(0);
            Map<String, Integer> ranks = new HashMap<>();
            ranking.get("sides").forEach(s -> ranks.put(s.get("side").asText(), s.get("rank").asInt()));
            assertEquals(Map.of("flush0", 1, "flush1", 2, "binlog", 3), ranks, ranking + "\n" + r.out());
            assertTrue(r.out().contains("ranking by tps: 1 thread: flush0 > flush1 > binlog"), r.out());
            assertTrue(r.out().contains("summary: tps vs flush1: flush0 wins at 1 thread"), r.out());
            assertTrue(r.out().contains("binlog loses at 1 thread"), r.out());
            assertTrue(doc.get("intended").toString().contains("log_bin OFF vs OFF vs ON"), doc.get("intended").toString());
            JsonNode sides = doc.get("sides");
            assertEquals("ON", sides.get(2).get("variables").get("log_bin").asText());
            assertFalse(sides.get(0).get("serverOptions").toString().contains("log-bin"), "options stay per side");
        } finally {
            io.clusterbench.embedded.Trees.delete(unpacked.directory());
        }
    }
}
