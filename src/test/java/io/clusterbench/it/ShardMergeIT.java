package io.clusterbench.it;

import io.clusterbench.result.HlogIntervals;
import io.clusterbench.result.ResultDocument;
import io.clusterbench.result.ResultJson;
import io.clusterbench.result.RunRecord;
import io.clusterbench.result.ShardRecord;
import io.clusterbench.result.ShardsRecord;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.TestServer;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run split over two client processes as a user runs it: {@code run --shard 0/2} and {@code --shard 1/2} with
 * one {@code --start-at}, started together as two JVMs against the embedded MariaDB, then {@code merge}. The
 * merged events are the shards' sum, the merged percentiles are those of one histogram built from both shards'
 * raw hlog records, the intervals align, {@code report} and {@code compare} read the merged result, and a shard
 * of another run is refused.
 */
class ShardMergeIT {
    @TempDir
    static Path tmp;
    private static List<String> target;
    private static Path merged;

    @BeforeAll
    static void runTwoShardsAndMerge() throws Exception {
        String db = TestServer.freshDatabase("shard");
        target = TestServer.cliTarget(db);
        Cli.Result p = Cli.run(Cli.args(target, "prepare", "oltp_point_select", "--table-size=1000"));
        assertEquals(0, p.exitCode(), p.err());
        long startAt = System.currentTimeMillis() / 1000 + 60; // room for two JVMs to open sessions on a busy machine
        List<Process> shards = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            List<String> cmd = new ArrayList<>(List.of("java", "-jar", System.getProperty("clusterbench.jar",
                    "target/clusterbench.jar"), "run", "oltp_point_select", "--table-size=1000", "--threads=4",
                    "--time=3", "--report-interval=1", "--rand-seed=7", "--shard=" + i + "/2",
                    "--start-at=" + startAt, "--out=" + tmp.resolve("s" + i)));
            cmd.addAll(target);
            shards.add(new ProcessBuilder(cmd).redirectOutput(tmp.resolve("stdout" + i).toFile())
                    .redirectError(tmp.resolve("stderr" + i).toFile()).start());
        }
        for (int i = 0; i < 2; i++) {
            try {
                assertTrue(shards.get(i).waitFor(120, TimeUnit.SECONDS), "shard " + i + " ended");
            } finally {
                shards.get(i).destroyForcibly();
            }
            assertEquals(0, shards.get(i).exitValue(), Files.readString(tmp.resolve("stderr" + i))
                    + Files.readString(tmp.resolve("stdout" + i)));
        }
        assertTrue(Files.readString(tmp.resolve("stdout0")).contains("Sessions open; starting at"),
                Files.readString(tmp.resolve("stdout0")));
        merged = tmp.resolve("merged");
        Cli.Result m = Cli.run("merge", tmp.resolve("s0").toString(), tmp.resolve("s1").toString(), "--out=" + merged);
        assertEquals(0, m.exitCode(), m.err() + m.out());
        assertTrue(m.out().contains("start spread") && m.out().contains("clock skew"), m.out());
    }

    private static RunRecord run(Path dir) throws Exception {
        ResultDocument doc = ResultJson.read(dir.resolve("result.json"));
        assertEquals(1, doc.runs().size());
        return doc.runs().get(0);
    }

    @Test
    void eachShardRunsItsBlockOfTheWholeRunsWorkers() throws Exception {
        for (int i = 0; i < 2; i++) {
            RunRecord r = run(tmp.resolve("s" + i));
            ShardRecord s = r.fact(io.clusterbench.result.FactKeys.SHARD);
            assertEquals(2, r.threads());
            assertEquals(new ShardRecord(i, 2, s.host(), s.node(), s.startAtEpochMillis(), 4, 2 * i, 0, 0,
                    s.serverClockOffsetMillis(), s.clockUncertaintyMillis()), s);
            assertNotNull(s.serverClockOffsetMillis(), "the server's clock was read");
        }
    }

    @Test
    void mergedEventsAreTheSumAndPercentilesThoseOfTheUnionOfTheRawHistograms() throws Exception {
        RunRecord m = run(merged);
        RunRecord a = run(tmp.resolve("s0"));
        RunRecord b = run(tmp.resolve("s1"));
        assertEquals(4, m.threads());
        assertEquals(a.summary().events() + b.summary().events(), m.summary().events());
        assertTrue(m.summary().events() > 0);
        assertEquals(a.summary().tps() + b.summary().tps(), m.summary().tps(), 1e-6);
        Histogram union = new Histogram(3);
        for (Path dir : List.of(tmp.resolve("s0"), tmp.resolve("s1"))) {
            HistogramLogReader reader = new HistogramLogReader(dir.resolve("latency.hlog").toFile());
            EncodableHistogram h;
            while ((h = reader.nextIntervalHistogram()) != null) {
                if (((Histogram) h).getTag() == null) {
                    union.add((Histogram) h);
                }
            }
            reader.close();
        }
        assertEquals(m.summary().events(), union.getTotalCount());
        assertEquals(union.getValueAtPercentile(50), m.summary().latency().p50Micros());
        assertEquals(union.getValueAtPercentile(95), m.summary().latency().p95Micros());
        assertEquals(union.getValueAtPercentile(99), m.summary().latency().p99Micros());
        assertEquals(union.getMaxValue(), m.summary().latency().maxMicros());
    }

    @Test
    void intervalsAlignToTheStartAndAddUp() throws Exception {
        RunRecord m = run(merged);
        RunRecord a = run(tmp.resolve("s0"));
        RunRecord b = run(tmp.resolve("s1"));
        List<HlogIntervals.Interval> hlogA = HlogIntervals.read(tmp.resolve("s0/latency.hlog"));
        List<HlogIntervals.Interval> hlogB = HlogIntervals.read(tmp.resolve("s1/latency.hlog"));
        ShardsRecord shards = m.fact(io.clusterbench.result.FactKeys.SHARDS);
        assertEquals(2, shards.count());
        for (ShardsRecord.Breakdown s : shards.shards()) {
            assertTrue(s.startDelayMillis() >= 0 && s.startDelayMillis() < 2000, "shard started at --start-at: " + s);
        }
        assertTrue(shards.startSpreadMillis() < 2000, "shards started together: " + shards);
        assertNotNull(shards.clockSkewMillis(), "clock skew measured against the server's clock");
        assertEquals(Math.max(a.intervals().size(), b.intervals().size()), m.intervals().size());
        for (int k = 0; k < Math.min(a.intervals().size(), b.intervals().size()) - 1; k++) {
            for (RunRecord shard : List.of(a, b)) {
                // boundary k is scheduled at k s from the common start; a late reporter takes it later by its lag
                double lag = k == 0 ? 0 : shard.intervals().get(k - 1).reporterLagSeconds();
                assertEquals(k + lag, shard.intervals().get(k).startSeconds(), 0.05, "interval " + k);
            }
            assertEquals(a.intervals().get(k).events() + b.intervals().get(k).events(), m.intervals().get(k).events());
            // interval latency is the union of the shards' interval histograms (a worker's counter and its
            // histogram are sampled a moment apart, so an interval's count may differ from its events by a few)
            Histogram union = new Histogram(3);
            union.add(hlogA.get(k).events());
            union.add(hlogB.get(k).events());
            assertEquals(union.getTotalCount(), m.intervals().get(k).latency().count());
            assertEquals(union.getValueAtPercentile(95), m.intervals().get(k).latency().p95Micros());
            assertEquals(union.getMaxValue(), m.intervals().get(k).latency().maxMicros());
        }
        List<String> csv = Files.readAllLines(merged.resolve("intervals.csv"));
        assertEquals(m.intervals().size() + 1, csv.size());
        assertTrue(Files.size(merged.resolve("latency.hlog")) > 0);
    }

    @Test
    void reportAndCompareReadTheMergedResult() {
        Cli.Result r = Cli.run("report", merged.toString(), "-o", tmp.resolve("merged.html").toString());
        assertEquals(0, r.exitCode(), r.err());
        Cli.Result c = Cli.run("compare", tmp.resolve("s0").toString(), merged.toString());
        assertEquals(0, c.exitCode(), c.err());
        assertTrue(c.out().contains("tps (events/s)"), c.out());
    }

    @Test
    void aShardOfAnotherRunIsRefusedWithOneLine() {
        Path other = tmp.resolve("other");
        Cli.Result o = Cli.run(Cli.args(target, "run", "oltp_point_select", "--table-size=1000", "--threads=4",
                "--time=1", "--rand-seed=7", "--shard=1/2", "--start-at=" + (System.currentTimeMillis() / 1000 + 1),
                "--out=" + other));
        assertEquals(0, o.exitCode(), o.err());
        Cli.Result m = Cli.run("merge", tmp.resolve("s0").toString(), other.toString(), "--out=" + tmp.resolve("no"));
        assertEquals(2, m.exitCode(), m.out());
        assertEquals(1, m.errLines().size(), m.err());
        assertTrue(m.err().contains("plan mismatch") && m.err().contains("these are shards of different runs"), m.err());
        Cli.Result twice = Cli.run("merge", tmp.resolve("s0").toString(), tmp.resolve("s0").toString());
        assertEquals(2, twice.exitCode());
        assertTrue(twice.err().contains("shard 0 is given twice"), twice.err());
        Cli.Result plain = Cli.run("merge", tmp.resolve("s0").toString());
        assertEquals(2, plain.exitCode());
        assertTrue(plain.err().contains("shard(s) [1] are missing"), plain.err());
    }

    @Test
    void shardOptionsWithoutStartAtAreRefused() {
        Cli.Result r = Cli.run(Cli.args(target, "run", "oltp_point_select", "--shard=0/2"));
        assertEquals(2, r.exitCode());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains("--shard needs --start-at"), r.err());
        assertEquals(2, Cli.run(Cli.args(target, "run", "oltp_point_select", "--shard=2/2", "--start-at=1")).exitCode());
        assertTrue(Map.of().isEmpty());
    }
}
