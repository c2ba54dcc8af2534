package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clusterbench.anomaly.History;
import io.clusterbench.anomaly.HistoryFile;
import io.clusterbench.anomaly.Outcome;
import io.clusterbench.anomaly.Txn;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code run … --anomalies RATE} end to end on the embedded MariaDB, through the CLI, reading the files it writes: at
 * SERIALIZABLE a single server shows no anomaly of any class beside {@code oltp_read_write}; the counts in
 * {@code result.json} are the history file's and the server's {@code Com_commit} covers the run's transactions and
 * the history's acknowledged ones; the console, the HTML report and {@code compare} show it; the exit status follows
 * what the checker found; Ctrl-C keeps the history and its record; reads on another node on one endpoint are refused
 * in one line.
 */
class RunAnomaliesIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static String db;

    @TempDir
    Path tmp;

    @BeforeAll
    static void tables() {
        db = TestServer.freshDatabase("run_anom");
        Cli.Result p = Cli.run(Cli.args(TestServer.cliTarget(db), "prepare", "oltp_read_write", "--table-size=1000"));
        assertEquals(0, p.exitCode(), p.err());
    }

    private static Cli.Result run(Path out, String... extra) {
        List<String> args = new ArrayList<>(List.of("run", "oltp_read_write", "--table-size=1000", "--threads=2",
                "--time=6", "--explain=off", "--out=" + out));
        args.addAll(List.of(extra));
        Cli.Result r = Cli.run(Cli.args(TestServer.cliTarget(db), args.toArray(new String[0])));
        System.out.println(r.out());
        System.out.println(r.err());
        return r;
    }

    private static JsonNode runRecord(Path out) throws Exception {
        return JSON.readTree(out.resolve("result.json").toFile()).get("runs").get(0);
    }

    private static JsonNode check(JsonNode anomalies, String workload) {
        for (JsonNode c : anomalies.get("setting").get("checks")) {
            if (c.get("workload").asText().equals(workload)) {
                return c;
            }
        }
        throw new AssertionError("no " + workload + " check in " + anomalies);
    }

    private static long comCommit() throws Exception {
        try (Connection c = TestServer.connect(""); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS LIKE 'Com_commit'")) {
            rs.next();
            return rs.getLong(2);
        }
    }

    @Test
    void aSerializableHistoryBesideARunShowsNoAnomalyAndItsCountsAreTheFilesAndTheServers() throws Exception {
        Path out = tmp.resolve("ser");
        long before = comCommit();
        Cli.Result r = run(out, "--anomalies=60", "--anomaly-isolation=SER", "--anomaly-workload=all");
        long after = comCommit();
        assertEquals(0, r.exitCode(), "nothing a single server at SERIALIZABLE forbids: " + r.err());
        JsonNode run = runRecord(out);
        JsonNode a = run.get("observerFacts").get("anomalies");
        assertEquals(60.0, a.get("rateOpsPerSecond").asDouble());
        assertEquals(2, a.get("sessionsPerWorkload").asInt(), "one endpoint: 2 sessions per workload");
        assertEquals("SER", a.get("setting").get("isolation").asText());
        assertEquals("completed", a.get("setting").get("status").asText());
        assertEquals(".", a.get("setting").get("directory").asText());
        for (JsonNode c : a.get("setting").get("checks")) {
            assertTrue(c.get("checked").asBoolean(), "checked within the end's bound: " + c);
            for (JsonNode n : c.get("counts")) {
                assertEquals(0, n.get("count").asLong(), c.get("workload").asText() + " " + n);
            }
            assertEquals(1, c.get("finalReadNodes").size(), "the one node was read at the end: " + c);
        }

        History h = HistoryFile.read(out.resolve(HistoryFile.FILE_NAME));
        JsonNode append = check(a, "append");
        assertEquals(h.txns().size(), append.get("operations").asLong(), "the record counts the file's transactions");
        assertEquals(h.txns().stream().filter(t -> t.outcome() == Outcome.OK).count(), append.get("ok").asLong());
        assertEquals(h.transfers().size() + h.bankReads().size(), check(a, "bank").get("operations").asLong());
        assertEquals(h.counter().size(), check(a, "counter").get("operations").asLong());
        long loadOps = h.txns().stream().filter(t -> !t.finalRead()).count() + h.transfers().size()
                + h.bankReads().size() + h.counter().stream().filter(o -> !o.finalRead()).count();
        double seconds = a.get("setting").get("loadSeconds").asDouble();
        assertTrue(loadOps >= 0.6 * 60 * seconds && loadOps <= 60 * seconds + 10, "about RATE × load time: "
                + loadOps + " operations in " + seconds + " s");
        double ok = 0;
        for (JsonNode c : a.get("setting").get("checks")) {
            ok += c.get("load").get("okPerSecond").asDouble();
        }
        assertEquals(100 * ok / run.get("summary").get("tps").asDouble(), a.get("percentOfRunEvents").asDouble(), 1e-6);

        long historyCommits = h.txns().stream().filter(t -> t.outcome() == Outcome.OK).count()
                + h.transfers().stream().filter(t -> t.outcome() == Outcome.OK).count();
        long runCommits = run.get("summary").get("events").asLong();
        assertTrue(after - before >= runCommits + historyCommits, "Com_commit +" + (after - before) + " covers the run's "
                + runCommits + " and the history's " + historyCommits + " acknowledged commits");
        assertTrue(h.txns().stream().filter(Txn::finalRead).count() >= 1, "a final read is in the file");

        assertTrue(r.out().contains("Anomalies beside the load: consistency not set SER all-writers (history rate 60.0 "
                + "operations/s asked, 2 sessions each; "), r.out());
        assertTrue(r.out().matches("(?s).*\\n +G-single +0 +" + append.get("ok").asLong() + " +transactions +0 in "
                + append.get("ok").asLong() + " \\(≤ [0-9.]+%\\) +forbids\\n.*"), r.out());

        Cli.Result report = Cli.run("report", out.toString(), "-o", tmp.resolve("ser.html").toString());
        assertEquals(0, report.exitCode(), report.err());
        String html = Files.readString(tmp.resolve("ser.html"));
        assertTrue(html.contains("2 threads, run 1: anomalies beside the load"), "the report's section");
        assertTrue(html.contains("0 in " + append.get("ok").asLong()), "the class table");
    }

    @Test
    void compareShowsTwoRunsAnomaliesSideBySideAndTheExitFollowsTheFindings() throws Exception {
        Path rr = tmp.resolve("rr");
        Path ser = tmp.resolve("ser2");
        Cli.Result first = run(rr, "--anomalies=40");
        Cli.Result second = run(ser, "--anomalies=40", "--anomaly-isolation=SER");
        assertEquals(0, second.exitCode(), second.err());
        JsonNode setting = runRecord(rr).get("observerFacts").get("anomalies").get("setting");
        assertEquals("RR", setting.get("isolation").asText(), "the server's default, read back");
        List<String> forbidden = new ArrayList<>();
        for (JsonNode n : check(runRecord(rr).get("observerFacts").get("anomalies"), "append").get("counts")) {
            if (n.get("forbidden").asBoolean() && n.get("count").asLong() > 0) {
                forbidden.add(n.get("anomaly").asText());
            }
        }
        assertEquals(forbidden.isEmpty() ? 0 : 3, first.exitCode(), forbidden + " " + first.err());
        if (!forbidden.isEmpty()) {
            assertEquals(1, first.errLines().size(), first.err());
            assertTrue(first.err().startsWith("check failed: the history beside the run shows anomalies its setting "
                    + "forbids (append " + forbidden.get(0)), first.err());
        }

        Cli.Result compare = Cli.run("compare", rr.toString(), ser.toString());
        assertEquals(0, compare.exitCode(), compare.err());
        String text = compare.out();
        assertTrue(text.contains("Anomalies beside the load (--anomalies), side by side:"), text);
        assertTrue(text.matches("(?s).*\\n +Setting +consistency not set RR all-writers +consistency not set SER "
                + "all-writers\\n.*"), text);
        assertTrue(text.matches("(?s).*\\n +history rate +40.0 +40.0\\n.*"), text);
    }

    /**
     * Ctrl-C during a run with {@code --anomalies}: the process ends within the stop's bound, {@code result.json}
     * holds the history's record as interrupted (checked, the history being small), and {@code history.jsonl} every
     * operation the record counts.
     */
    @Test
    void ctrlCKeepsTheHistoryAndChecksWhatItHolds() throws Exception {
        Path out = tmp.resolve("intr");
        List<String> cmd = Cli.java();
        cmd.addAll(List.of("-jar", System.getProperty("clusterbench.jar", "target/clusterbench.jar"), "run",
                "oltp_read_write", "--table-size=1000", "--threads=2", "--time=120", "--report-interval=1",
                "--explain=off", "--anomalies=50", "--out=" + out));
        cmd.addAll(TestServer.cliTarget(db));
        Process p = new ProcessBuilder(cmd).redirectOutput(tmp.resolve("stdout").toFile())
                .redirectError(tmp.resolve("stderr").toFile()).start();
        double afterSignal;
        try {
            ServerLostIT.waitForLines(out.resolve("intervals.csv"), 3);
            long signalled = System.nanoTime();
            new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
            assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), "process ended");
            afterSignal = (System.nanoTime() - signalled) / 1e9;
        } finally {
            p.destroyForcibly();
        }
        assertEquals(130, p.exitValue(), Files.readString(tmp.resolve("stderr")));
        assertTrue(afterSignal < 2.0, "the process ended " + afterSignal + " s after Ctrl-C");
        JsonNode run = runRecord(out);
        assertEquals("interrupted", run.get("status").asText());
        JsonNode a = run.get("observerFacts").get("anomalies");
        assertEquals("interrupted", a.get("setting").get("status").asText());
        JsonNode append = check(a, "append");
        assertEquals(0, append.get("finalReadNodes").size(), "no final reads after a stop");
        History h = HistoryFile.read(out.resolve(HistoryFile.FILE_NAME));
        assertEquals(h.txns().size(), append.get("operations").asLong(), "the file holds what the record counts");
        assertTrue(h.txns().size() >= 50, "about 50 operations a second for the intervals before the stop: "
                + h.txns().size());
    }

    @Test
    void readsOnAnotherNodeOfOneEndpointAreRefusedInOneLine() {
        Cli.Result r = run(tmp.resolve("other"), "--anomalies=20", "--anomaly-reads-on=other");
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains("--anomaly-reads-on other needs two or more endpoints (got 1)"), r.err());
    }
}
