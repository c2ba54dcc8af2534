package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.OwnServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Work in flight at the measured end counts once, as cut off (docs/metrics.md, "Events, time and rates"), checked
 * against the server's own counters on a server of its own (no other test's statements in its Com_* counters): the
 * events and statements the tool reports plus the cut-off ones account for the server's Com_select and Com_commit
 * deltas, a point select's queries equal its transactions, a read-write transaction has its writes in every interval,
 * TPC-C's commits per type add up to its transactions; a frozen server stalls the run, which says so and counts no
 * error from the end sequence.
 */
class CutOffWorkIT {
    /** Statements the tool's own observers may add to Com_select over a run (version and variable reads). */
    private static final long OBSERVER_SELECTS = 200;
    private static OwnServer own;

    @TempDir
    Path tmp;

    @BeforeAll
    static void server() throws Exception {
        own = OwnServer.startWith(List.of("--max-connections=700"), "cutoff");
        assertEquals(0, Cli.run(Cli.args(own.cliTarget(), "prepare", "oltp_read_write", "--tables=4",
                "--table-size=1000")).exitCode());
    }

    @AfterAll
    static void stop() {
        if (own != null) {
            own.close();
        }
    }

    @Test
    void aPointSelectCutOffAtTheEndIsNeitherATransactionNorAQuery() throws Exception {
        Path out = tmp.resolve("ps");
        long before = own.status("Com_select");
        Cli.Result r = run(out, "oltp_point_select", "--threads=512", "--time=6");
        long serverSelects = own.status("Com_select") - before;
        assertEquals(0, r.exitCode(), r.out() + r.err());
        JsonNode s = ResultFiles.summary(out);
        long events = s.get("events").asLong();
        long cutOff = s.get("cutOffEvents").asLong();
        long cutOffStatements = s.get("cutOffStatements").asLong();
        System.out.printf("point_select 512 threads: events %d queries %d cut off %d (%d statements) Com_select %d%n",
                events, s.get("queries").asLong(), cutOff, cutOffStatements, serverSelects);
        assertEquals(events, s.get("queries").asLong(), "one query per event: " + s);
        assertEquals(events, s.get("reads").asLong());
        for (JsonNode i : ResultFiles.run(out).get("intervals")) {
            assertEquals(i.get("tps").asDouble(), i.get("qps").asDouble(), 1e-6 * Math.max(1, i.get("tps").asDouble()),
                    "qps equals tps in every interval, the last one too: " + i);
        }
        assertTrue(cutOffStatements <= cutOff, s.toString());
        assertTrue(events + cutOffStatements <= serverSelects, "the server ran every counted and cut-off select: "
                + serverSelects + " vs " + s);
        assertTrue(serverSelects <= events + cutOff + OBSERVER_SELECTS, "nothing the server ran is missing: "
                + serverSelects + " vs " + s);
    }

    /**
     * The shape (many tables, 256 threads, text protocol) with one write per transaction, a non-index UPDATE by
     * primary key: a transaction then takes a single row lock (its reads take none), so it cannot be part of a deadlock
     * and no event is retried; every statement the tool counts belongs to one counted transaction, exactly.
     */
    @Test
    void aReadWriteTransactionCutOffAtTheEndAddsNoStatementAndItsCommitOnlyToTheServer() throws Exception {
        Path out = tmp.resolve("rw");
        long before = own.status("Com_commit");
        try (Connection c = own.connect(); Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE IF NOT EXISTS cutoff_rw");
        }
        List<String> target = List.of("--host=127.0.0.1", "--port=" + own.port(), "--user=root", "--db=cutoff_rw");
        assertEquals(0, Cli.run(Cli.args(target, "prepare", "oltp_read_write", "--tables=64", "--table-size=1000"))
                .exitCode());
        List<String> args = new ArrayList<>(List.of("run", "oltp_read_write", "--report-interval=1", "--out=" + out,
                "--tables=64", "--table-size=1000", "--threads=256", "--time=6", "--db-ps-mode=disable",
                "--index-updates=0", "--delete-inserts=0", "--non-index-updates=1"));
        args.addAll(target);
        Cli.Result r = Cli.run(args.toArray(String[]::new));
        long serverCommits = own.status("Com_commit") - before;
        assertEquals(0, r.exitCode(), r.out() + r.err());
        JsonNode s = ResultFiles.summary(out);
        assertEquals(0, s.get("eventsRetried").asLong(), "one row lock per transaction: no deadlock to retry: " + s);
        assertEquals(0, s.get("errors").asLong(), s.toString());
        long events = s.get("events").asLong();
        long cutOff = s.get("cutOffEvents").asLong();
        System.out.printf("read_write 256 threads: events %d writes %d cut off %d (%d statements) Com_commit %d%n",
                events, s.get("writes").asLong(), cutOff, s.get("cutOffStatements").asLong(), serverCommits);
        assertTrue(events > 0 && cutOff > 0, "the run has events and cuts some off at its end: " + s);
        assertEquals(14 * events, s.get("reads").asLong(), s.toString());
        assertEquals(events, s.get("writes").asLong(), s.toString());
        assertEquals(2 * events, s.get("other").asLong(), s.toString());
        for (JsonNode i : ResultFiles.run(out).get("intervals")) {
            if (i.get("events").asLong() > 0) {
                assertEquals(1.0, i.get("writesPerSecond").asDouble() / i.get("tps").asDouble(), 1e-9,
                        "1 write per transaction in every interval, the last one too: " + i);
                assertEquals(14.0, i.get("readsPerSecond").asDouble() / i.get("tps").asDouble(), 1e-9, i.toString());
            }
        }
        assertTrue(events <= serverCommits && serverCommits <= events + cutOff,
                "Com_commit " + serverCommits + " = the counted transactions + cut-off ones that reached COMMIT: " + s);
    }

    @Test
    void tpccCommitsPerTypeAddUpToItsTransactionsAndTpmCIsOverTheMeasuredTime() throws Exception {
        assertEquals(0, Cli.run(Cli.args(own.cliTarget(), "prepare", "tpcc", "--scale=1", "--threads=2")).exitCode());
        Path out = tmp.resolve("tpcc");
        Cli.Result r = run(out, "tpcc", "--scale=1", "--threads=64", "--time=6");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        JsonNode run = ResultFiles.run(out);
        JsonNode s = run.get("summary");
        JsonNode tpcc = run.get("observerFacts").get("tpcc");
        long perType = 0;
        for (Iterator<Map.Entry<String, JsonNode>> it = tpcc.get("committedByType").fields(); it.hasNext(); ) {
            perType += it.next().getValue().asLong();
        }
        long rollbacks = tpcc.get("expectedRollbacks").asLong();
        double measured = s.get("measuredSeconds").asDouble();
        System.out.printf("tpcc 64 threads: transactions %d commits per type %d + rollbacks %d, cut off %d, tpmC %.2f "
                + "over %.3f s%n", s.get("events").asLong(), perType, rollbacks, s.get("cutOffEvents").asLong(),
                tpcc.get("tpmC").asDouble(), measured);
        assertEquals(s.get("events").asLong(), perType + rollbacks, "commits per type + rollbacks = transactions: "
                + tpcc);
        assertEquals(measured, tpcc.get("observedSeconds").asDouble(), 1e-9, tpcc.toString());
        assertEquals(tpcc.get("newOrdersCommitted").asDouble() / (measured / 60), tpcc.get("tpmC").asDouble(), 1e-6,
                "tpmC over the measured minutes: " + tpcc);
    }

    @Test
    void aFrozenServerStallsTheRunWhichSaysSoAndTheEndSequenceAddsNoError() throws Exception {
        Path out = tmp.resolve("frozen");
        String pid = Long.toString(own.pid());
        CompletableFuture<Cli.Result> running = CompletableFuture.supplyAsync(() -> run(out, "oltp_point_select",
                "--threads=4", "--time=8", "--read-timeout=2"));
        ServerLostIT.waitForLines(out.resolve("intervals.csv"), 2);
        new ProcessBuilder("kill", "-STOP", pid).start().waitFor();
        Cli.Result r;
        try {
            r = running.get(120, TimeUnit.SECONDS);
        } finally {
            new ProcessBuilder("kill", "-CONT", pid).start().waitFor();
        }
        JsonNode run = ResultFiles.run(out);
        JsonNode s = run.get("summary");
        long idle = 0;
        long errors = 0;
        List<JsonNode> intervals = new ArrayList<>();
        run.get("intervals").forEach(intervals::add);
        for (JsonNode i : intervals) {
            idle += i.get("events").asLong() == 0 ? 1 : 0;
            long e = 0;
            for (JsonNode n : i.get("errorsByCode")) {
                e += n.asLong();
            }
            errors += e;
            if (i.get("startSeconds").asDouble() >= 8 - 1e-6) {
                assertEquals(0, e, "nothing after the deadline is an error (the end sequence's closes): " + i);
            }
        }
        System.out.printf("frozen: %d of %d intervals without an event, errors %d, cut off %d, exit %d%n", idle,
                intervals.size(), s.get("errors").asLong(), s.get("cutOffEvents").asLong(), r.exitCode());
        assertEquals(s.get("errors").asLong(), errors, "each error once, in the interval it happened in");
        assertEquals(4, s.get("cutOffEvents").asLong(), "every worker was inside an event at the end: " + s);
        assertTrue(2 * idle > intervals.size(), "the freeze covers most intervals: " + idle);
        assertEquals(3, r.exitCode(), "a stalled run is a failed check: " + r.out() + r.err());
        assertTrue(r.err().contains("check failed: the run stalled: no event completed in " + idle + " of "
                + intervals.size() + " intervals"), r.err());
        assertTrue(r.out().contains("warning: no event completed in " + idle + " of " + intervals.size()
                + " intervals"), r.out());
        JsonNode stalled = flag(run, "stalled");
        assertNotNull(stalled, run.get("observerFacts").get("validity").toString());
        assertEquals(idle, stalled.get("figures").get("idleIntervals").asLong());
    }

    /**
     * On this 2-core machine client and server share the processors; at 64 threads of oltp_read_write they are busy
     * most of the time. The verdict must say so exactly when the host figures of the run show it, with those figures
     * as its evidence.
     */
    @Test
    void aRunOnASaturatedHostSaysSoWithTheHostFiguresAsEvidence() throws Exception {
        Path out = tmp.resolve("sat");
        Cli.Result r = run(out, "oltp_read_write", "--threads=64", "--time=6");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        JsonNode run = ResultFiles.run(out);
        double weighted = 0;
        double seconds = 0;
        for (JsonNode i : run.get("intervals")) {
            JsonNode cpu = i.path("observed").path("host").path("hostCpuPercent");
            if (cpu.isNumber()) {
                double len = i.get("endSeconds").asDouble() - i.get("startSeconds").asDouble();
                weighted += cpu.asDouble() * len;
                seconds += len;
            }
        }
        assertTrue(seconds > 0, "the host observer read the host's CPU");
        double hostCpu = Math.round(weighted / seconds * 100) / 100.0;
        JsonNode validity = run.get("observerFacts").get("validity");
        System.out.printf("read_write 64 threads: host CPU %.2f%%, validity %s%n", hostCpu, validity);
        assertEquals(hostCpu, validity.get("hostCpuPercent").asDouble(), 0.011, validity.toString());
        JsonNode s = run.get("summary");
        int processors = run.get("observerFacts").get("host").get("processors").asInt();
        double client = Math.round(100 * s.get("clientCpuSeconds").asDouble()
                / (s.get("measuredSeconds").asDouble() * processors) * 100) / 100.0;
        assertEquals(client, validity.get("clientCpuPercentOfHost").asDouble(), 0.011, validity.toString());
        JsonNode saturated = flag(run, "host-cpu-saturated");
        assertEquals(hostCpu >= 90, saturated != null, validity.toString());
        if (saturated != null) {
            assertEquals(hostCpu, saturated.get("figures").get("hostCpuPercent").asDouble(), 0.011);
            assertEquals(processors, saturated.get("figures").get("processors").asInt());
            assertTrue(r.out().contains("    host-cpu-saturated: host CPU "), r.out());
        }
        assertTrue(r.out().contains("\nValidity: "), r.out());
        assertFalse(r.out().substring(0, r.out().indexOf("clusterbench statistics:")).contains("Validity"),
                "after sysbench's lines");
        String page = SweepIT.report(out);
        assertTrue(page.contains("<h3>Validity</h3>"), "the report's validity section");
        String summary = page.substring(page.indexOf("id=\"summary\""), page.indexOf("</div>",
                page.indexOf("id=\"summary\"")));
        for (JsonNode f : validity.get("flags")) {
            String line = f.get("flag").asText() + ": " + f.get("evidence").asText();
            assertTrue(r.out().contains("    " + line), "printed: " + line);
            assertTrue(summary.contains(f.get("flag").asText() + " (64 threads #1)"), "in the summary: " + summary);
            assertTrue(page.contains("<li>" + line.replace("&", "&amp;").replace("<", "&lt;")
                    .replace(">", "&gt;").replace("\"", "&quot;").replace("'", "&#39;") + "</li>"), "shown: " + line);
        }
    }

    private static JsonNode flag(JsonNode run, String name) {
        for (JsonNode f : run.get("observerFacts").get("validity").get("flags")) {
            if (f.get("flag").asText().equals(name)) {
                return f;
            }
        }
        return null;
    }

    private static Cli.Result run(Path out, String workload, String... extra) {
        List<String> args = new ArrayList<>(List.of("run", workload, "--report-interval=1", "--out=" + out));
        if (!workload.equals("tpcc")) {
            args.addAll(List.of("--tables=4", "--table-size=1000"));
        }
        args.addAll(List.of(extra));
        args.addAll(own.cliTarget());
        return Cli.run(args.toArray(String[]::new));
    }
}
