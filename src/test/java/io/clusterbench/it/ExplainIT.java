package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The explain collectors on the embedded server as shipped: resources per transaction that agree with the server's
 * own counters and with the host observer's /proc readings; on a server with performance_schema off (MariaDB's
 * default) the pre-flight finding and no fake wait figures; and nothing at all with {@code --explain off}. The profile has its own tests
 * ({@code explain.CpuProfileIT}); here it is off so these runs cost what they always did.
 */
class ExplainIT {
    private static String db;

    @BeforeAll
    static void prepare() {
        db = TestServer.freshDatabase("cb_explain");
        Cli.Result p = Cli.run(Cli.args(TestServer.cliTarget(db), "prepare", "oltp_read_write", "--table-size", "2000"));
        assertEquals(0, p.exitCode(), p.out() + p.err());
    }

    private static Cli.Result run(Path out, String... extra) {
        String[] head = new String[extra.length + 8];
        String[] fixed = {"run", "oltp_read_write", "--table-size", "2000", "--threads", "2", "--out", out.toString()};
        System.arraycopy(fixed, 0, head, 0, fixed.length);
        System.arraycopy(extra, 0, head, fixed.length, extra.length);
        Cli.Result r = Cli.run(Cli.args(TestServer.cliTarget(db), head));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        return r;
    }

    @Test
    void perTransactionFiguresAgreeWithTheServersCountersAndProc(@TempDir Path out) {
        Cli.Result r = run(out, "--time", "4", "--report-interval", "1", "--profile", "off");
        JsonNode run = ResultFiles.run(out);
        long events = run.get("summary").get("events").asLong();
        long queries = run.get("summary").get("queries").asLong();
        JsonNode res = run.get("observerFacts").get("serverResources").get("nodes").get(0);
        assertEquals("proc", res.get("source").asText(), res.toString());
        JsonNode d = res.get("deltas");
        double cpuMicros = d.get("cpuUserMicros").asDouble() + d.get("cpuSystemMicros").asDouble();
        assertEquals(events, res.get("events").asLong());
        assertEquals(cpuMicros / events, res.get("perEvent").get("cpuMicros").asDouble(), 1e-6);
        assertTrue(d.get("voluntaryContextSwitches").asLong() > 0, d.toString());
        // the server's own count of the same window: one COMMIT per oltp_read_write event, but for those in flight at
        // either reading (one per thread at most)
        JsonNode status = run.get("observerFacts").get("waitProfile").get("nodes").get(0).get("status");
        long commits = status.get("Com_commit").asLong();
        int inFlight = 2 + 2; // events of the 2 threads under way at the start reading and at the end reading
        assertTrue(Math.abs(commits - events) <= inFlight, commits + " commits, " + events + " events");
        long questions = status.get("Questions").asLong();
        long intervals = run.get("intervals").size();
        // every statement the client counted, plus the observers' own (a few per interval and per reading), but for
        // the statements of the same events under way at either reading (20 each)
        assertTrue(questions >= queries - inFlight * (queries / events) && questions <= queries + 20 + 5 * intervals,
                questions + " questions, " + queries + " queries");
        // the host observer reads the same /proc figure per interval: their sum covers about the same window
        double hostCpu = 0;
        for (JsonNode i : run.get("intervals")) {
            JsonNode host = i.get("observed").get("host");
            if (host != null && host.has("serverCpuCores")) {
                hostCpu += host.get("serverCpuCores").asDouble() * (i.get("endSeconds").asDouble()
                        - i.get("startSeconds").asDouble());
            }
        }
        assertTrue(Math.abs(hostCpu - cpuMicros / 1e6) <= 0.25 + 0.15 * hostCpu,
                "host observer " + hostCpu + " s, explain " + cpuMicros / 1e6 + " s");
        assertTrue(r.out().contains("\nExplain (per transaction; docs/explain.md):\n"), r.out());
        assertTrue(r.out().contains("server CPU:"), r.out());
        assertFalse(r.out().contains("profiled at"), "--profile off: " + r.out());
    }

    @Test
    void performanceSchemaOffGetsThePreflightFindingAndNoFakeWaitFigures(@TempDir Path out) throws Exception {
        Cli.Result r;
        int port;
        try (io.clusterbench.testing.OwnServer off = io.clusterbench.testing.OwnServer.startWith(
                java.util.List.of("--performance-schema=OFF"), "cb_ps_off")) {
            port = off.port();
            Cli.Result p = Cli.run(Cli.args(off.cliTarget(), "prepare", "oltp_read_write", "--table-size", "2000"));
            assertEquals(0, p.exitCode(), p.out() + p.err());
            r = Cli.run(Cli.args(off.cliTarget(), "run", "oltp_read_write", "--table-size", "2000", "--threads", "2",
                    "--time", "2", "--profile", "off", "--out", out.toString()));
            assertEquals(0, r.exitCode(), r.out() + r.err());
        }
        assertTrue(r.out().contains("WARNING explain-performance-schema: 127.0.0.1:" + port
                + " performance_schema = OFF"), r.out());
        assertTrue(r.out().contains("--performance-schema=ON"), r.out());
        JsonNode doc = ResultFiles.read(out);
        boolean kept = false;
        for (JsonNode f : doc.get("preflight")) {
            kept |= f.get("code").asText().equals("explain-performance-schema");
        }
        assertTrue(kept, doc.get("preflight").toString());
        JsonNode w = ResultFiles.run(out).get("observerFacts").get("waitProfile").get("nodes").get(0);
        assertFalse(w.get("performanceSchema").get("enabled").asBoolean());
        assertEquals(0, w.get("categories").size(), "no category where nothing measured it");
        assertEquals(0, w.get("waits").size());
        assertEquals(0, w.get("statements").size());
        assertTrue(w.has("rowLockWaitMicros"), "InnoDB's own row-lock time needs no performance_schema");
        assertTrue(r.out().contains("performance_schema off"), r.out());
    }

    @Test
    void aProfiledSweepMarksItsStepsAndKeepsTheirStacks(@TempDir Path out) throws Exception {
        io.clusterbench.testing.Perf.require(io.clusterbench.observe.HostObserver.findServerPid(TestServer.port()));
        Cli.Result r = Cli.run(Cli.args(TestServer.cliTarget(db), "sweep", "oltp_read_write", "--table-size", "2000",
                "--threads", "1,2", "--time", "2", "--quiet-timeout", "0", "--profile", "on", "--out", out.toString()));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("\nExplain per thread count (medians over full repeats"), r.out());
        assertTrue(r.out().contains("    profiled: 2 of 2 steps (perf's own CPU at most"), r.out());
        assertEquals(2, r.out().lines().filter(l -> l.startsWith("  tps: ") && l.contains(", profiled")).count(),
                r.out());
        JsonNode runs = ResultFiles.read(out).get("runs");
        for (int i = 0; i < 2; i++) {
            JsonNode p = runs.get(i).get("observerFacts").get("cpuProfile").get("nodes").get(0);
            Path folded = out.resolve(String.format("steps/t%04d-r1", i + 1)).resolve(p.get("foldedFile").asText());
            long samples = java.nio.file.Files.readAllLines(folded).stream()
                    .mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1))).sum();
            assertEquals(p.get("samples").asLong(), samples, "the folded stacks are the samples counted");
            assertTrue(p.get("samplesPerEvent").asDouble() > 0);
            assertFalse(java.nio.file.Files.exists(folded.resolveSibling("perf.data")));
        }
    }

    @Test
    void explainOffRecordsAndPrintsNothingOfIt(@TempDir Path out) {
        Cli.Result r = run(out, "--time", "1", "--explain", "off");
        JsonNode facts = ResultFiles.run(out).get("observerFacts");
        for (String key : new String[]{"serverResources", "waitProfile", "cpuProfile", "hardwareCounters"}) {
            assertNull(facts.get(key), key);
        }
        assertFalse(r.out().contains("explain-performance-schema"), r.out());
        assertFalse(r.out().contains("\nExplain ("), r.out());
    }

    @Test
    void badExplainOptionsAreOneLineAndExit2(@TempDir Path out) {
        Cli.Result r = Cli.run(Cli.args(TestServer.cliTarget(db), "run", "oltp_read_write", "--explain", "sometimes",
                "--profile-frequency", "0", "--out", out.toString()));
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains("--explain must be on or off") && r.err().contains("--profile-frequency"), r.err());
    }
}
