package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
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
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Open loop, warmup, statement protocol and the files standard tools read. */
class RunControlIT {
    private static String db;

    @TempDir
    Path tmp;

    @BeforeAll
    static void prepare() {
        db = TestServer.freshDatabase("ctl");
        assertEquals(0, Cli.run(Cli.args(TestServer.cliTarget(db), "prepare", "oltp_point_select",
                "--table-size=1000")).exitCode());
    }

    private Cli.Result run(Path out, String... extra) {
        List<String> args = new java.util.ArrayList<>(TestServer.cliTarget(db));
        args.addAll(List.of("--table-size=1000", "--out=" + out));
        args.addAll(List.of(extra));
        return Cli.run(Cli.args(args, "run", "oltp_point_select"));
    }

    @Test
    void openLoopHoldsTheRateAndCountsFromTheIntendedStart() {
        Path out = tmp.resolve("rate");
        Cli.Result r = run(out, "--rate=200", "--threads=2", "--time=3", "--report-interval=1");
        assertEquals(0, r.exitCode(), r.err());
        JsonNode run = ResultFiles.run(out);
        double tps = run.get("summary").get("tps").asDouble();
        assertTrue(Math.abs(tps - 200) < 20, "tps " + tps);
        assertEquals("intended start (open loop)", run.get("plan").get("latencyStart").asText());
        assertTrue(r.out().contains("queue length: "), r.out());
    }

    @Test
    void warmupIsNotMeasured() {
        Path out = tmp.resolve("warm");
        Cli.Result r = run(out, "--warmup-time=2", "--time=2");
        assertEquals(0, r.exitCode(), r.err());
        double measured = ResultFiles.summary(out).get("measuredSeconds").asDouble();
        assertTrue(measured >= 1.9 && measured < 3.0, "measured " + measured);
        assertTrue(ResultFiles.run(out).get("intervals").get(0).get("startSeconds").asDouble() == 0.0);
    }

    @Test
    void eventLimitIsExactWithWarmup() {
        Path out = tmp.resolve("warm-events");
        Cli.Result r = run(out, "--warmup-time=1", "--time=0", "--events=300", "--threads=2");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(300, ResultFiles.summary(out).get("events").asLong());
    }

    @Test
    void unreachableRateIsReported() {
        Path out = tmp.resolve("fast");
        Cli.Result r = run(out, "--rate=1000000", "--time=2", "--report-interval=1");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("warning: target rate 1000000.00 events/s not reached"), r.out());
        assertTrue(!r.out().contains("late events: 0 srv"), "observer text belongs on the first line");
    }

    @Test
    void clientSidePreparedStatementsWork() {
        Path out = tmp.resolve("ps");
        Cli.Result r = run(out, "--db-ps-mode=disable", "--events=200", "--time=0");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(200, ResultFiles.summary(out).get("events").asLong());
    }

    @Test
    void hdrHistogramLogAndCsvAreReadableByStandardTools() throws Exception {
        Path out = tmp.resolve("files");
        assertEquals(0, run(out, "--time=2").exitCode());
        int events = 0;
        int tagged = 0;
        try (HistogramLogReader reader = new HistogramLogReader(out.resolve("latency.hlog").toFile())) {
            EncodableHistogram h;
            while ((h = reader.nextIntervalHistogram()) != null) {
                if (h.getTag() == null) {
                    events += ((Histogram) h).getTotalCount();
                } else {
                    assertEquals("point_select", h.getTag());
                    tagged++;
                }
            }
        }
        assertEquals(ResultFiles.summary(out).get("events").asLong(), events);
        assertTrue(tagged >= 2);
        List<String> csv = Files.readAllLines(out.resolve("intervals.csv"));
        assertTrue(csv.get(0).startsWith("start_seconds,end_seconds,threads,events,tps"));
        assertEquals(ResultFiles.run(out).get("intervals").size() + 1, csv.size());
    }
}
