package io.clusterbench.it;

import io.clusterbench.testing.Chromium;
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
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code compare} and {@code report} end to end on real sweeps against the embedded MariaDB: two sweeps
 * (threads 1 and 2, 3 repeats each) that differ in {@code innodb_flush_log_at_trx_commit}; the comparison
 * lists the variable and gives a verdict per row; the report renders in Chromium without errors.
 */
class CompareReportIT {
    private static String db;
    private static Path base;
    private static Path tuned;

    @TempDir
    static Path tmp;

    @BeforeAll
    static void runTwoSweeps() throws Exception {
        db = TestServer.freshDatabase("cmp");
        Cli.Result p = Cli.run(Cli.args(TestServer.cliTarget(db), "prepare", "oltp_read_write", "--table-size=1000"));
        assertEquals(0, p.exitCode(), p.err());
        String before = flushSetting();
        try {
            base = sweep("base");
            setFlush("2");
            tuned = sweep("tuned");
        } finally {
            setFlush(before);
        }
    }

    /** {@code sweep} at threads 1, 2 × 3 repeats, 2 s each. */
    private static Path sweep(String name) {
        Path out = tmp.resolve(name);
        Cli.Result r = Cli.run(Cli.args(TestServer.cliTarget(db), "sweep", "oltp_read_write", "--table-size=1000",
                "--threads=1,2", "--repeat=3", "--time=2", "--report-interval=1", "--profile=on", "--out=" + out));
        assertEquals(0, r.exitCode(), r.err() + r.out());
        return out;
    }

    @Test
    void compareListsTheChangedSettingAndAVerdictPerRow() {
        Cli.Result r = Cli.run("compare", base.toString(), tuned.resolve("result.json").toString());
        assertEquals(0, r.exitCode(), r.err());
        String out = r.out();
        assertTrue(out.contains("A  " + base.resolve("result.json") + "  (oltp_read_write, 6 runs)"), out);
        assertTrue(out.matches("(?s).*innodb_flush_log_at_trx_commit\\s+1\\s+2.*"), out);
        for (String figure : List.of("tps (events/s)", "p95 latency (ms)", "p99 latency (ms)")) {
            assertTrue(out.contains(figure), figure + "\n" + out);
        }
        long verdicts = out.lines().filter(l -> l.matches("^[12]\\s.*(within noise|B faster by|B slower by|B lower by|"
                + "B higher by).*")).count();
        assertEquals(6, verdicts, "one verdict per figure and thread count:\n" + out);
        assertTrue(!out.contains("port ") && !out.contains("pid_file"), "always-different variables are left out");
    }

    @Test
    void reportIsOneSelfContainedFileThatRendersInChromium() throws Exception {
        Path html = tmp.resolve("out/compare.html");
        Cli.Result r = Cli.run("report", base.toString(), tuned.toString(), "-o", html.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("Report written to " + html), r.out());
        String page = Files.readString(html);
        assertTrue(!page.contains("<script src") && !page.contains("<link"), "nothing loaded from elsewhere");
        assertTrue(page.contains("innodb_flush_log_at_trx_commit"));

        Cli.Result single = Cli.run("report", base.toString());
        assertEquals(0, single.exitCode(), single.err());
        assertTrue(Files.isRegularFile(base.resolve("report.html")), "default: beside the result");

        Chromium.Rendered rendered = Chromium.require().render(html);
        assertEquals(List.of(), rendered.errors());
        assertTrue(rendered.expectedCharts() >= 9, "ratio, throughput, latency and interval charts");
        assertEquals(rendered.expectedCharts(), rendered.drawnCharts());
    }

    @Test
    void compareShowsWhatChangedInTheServersWorkWithEachSidesSpread() throws Exception {
        Cli.Result r = Cli.run("compare", base.toString(), tuned.toString());
        assertEquals(0, r.exitCode(), r.err());
        List<String> lines = r.out().lines().toList();
        int block = lines.indexOf(lines.stream().filter(l -> l.startsWith("explain: what changed (per transaction; "))
                .findFirst().orElseThrow(() -> new AssertionError("no explain block:\n" + r.out())));
        for (int threads : List.of(1, 2)) {
            String heading = "  " + threads + (threads == 1 ? " thread" : " threads") + " (steps: A 3, B 3)";
            int at = lines.subList(block, lines.size()).indexOf(heading);
            assertTrue(at > 0, heading + "\n" + r.out());
            String cpu = lines.get(block + at + 2);
            // each side's server CPU per event: median [min–max] over its 3 steps, as their result.json holds them
            assertTrue(cpu.startsWith("    server CPU/event (us)"), cpu);
            assertTrue(cpu.contains(spread(base, threads)) && cpu.contains(spread(tuned, threads)), cpu + "\n"
                    + spread(base, threads) + " / " + spread(tuned, threads));
            assertTrue(cpu.matches(".*[+-]\\d+\\.\\d% \\((apart|within noise)\\)$"), cpu);
        }
        Path html = tmp.resolve("out/explain.html");
        assertEquals(0, Cli.run("report", base.toString(), tuned.toString(), "-o", html.toString()).exitCode());
        String page = Files.readString(html);
        assertTrue(page.contains("<h3>explain: what changed</h3>") && page.contains("server CPU/event (us)"), page);
        io.clusterbench.result.CpuProfile p = io.clusterbench.result.ResultJson.read(base.resolve("result.json")).runs()
                .get(0).fact(io.clusterbench.result.FactKeys.CPU_PROFILE);
        if (p != null && p.profiled()) { // perf here: a differential flame graph per thread count
            assertTrue(page.contains("Differential flame graphs per thread count"), "differential flame graphs");
            for (String t : List.of("1 thread", "2 threads")) {
                assertEquals(1, page.split("aria-label=\"" + t + " \\(steps: A 3, B 3\\): B&#39;s profile", -1).length - 1,
                        "one differential flame graph at " + t);
            }
        }
    }

    /** @return the server CPU per event of {@code result}'s steps at {@code threads} as compare prints it */
    private static String spread(Path result, int threads) throws Exception {
        List<Double> cpu = io.clusterbench.result.ResultJson.read(result.resolve("result.json")).runs().stream()
                .filter(run -> run.threads() == threads)
                .map(run -> run.fact(io.clusterbench.result.FactKeys.SERVER_RESOURCES).nodes().get(0).perEvent()
                        .cpuMicros()).toList();
        io.clusterbench.result.Spread s = io.clusterbench.result.Spread.of(cpu);
        return String.format(java.util.Locale.ROOT, "%.1f [%.1f–%.1f] ×3", s.median(), s.min(), s.max());
    }

    @Test
    void badInputIsOneLineAndExitTwo() {
        Cli.Result one = Cli.run("compare", base.toString());
        assertEquals(2, one.exitCode());
        assertEquals(1, one.errLines().size(), one.err());
        assertTrue(one.err().startsWith("error: compare needs two or more results"), one.err());

        Cli.Result missing = Cli.run("report", tmp.resolve("nope").toString(), "-o", tmp.resolve("x.html").toString());
        assertEquals(2, missing.exitCode());
        assertEquals(1, missing.errLines().size(), missing.err());
        assertTrue(missing.err().contains("nope does not exist"), missing.err());
    }

    @Test
    void aProbeFolderThatIsNotAProbeResultOrIsComparedIsOneLineAndExitTwo() throws Exception {
        Path probe = tmp.resolve("probe-bad");
        java.nio.file.Files.createDirectories(probe);
        java.nio.file.Files.writeString(probe.resolve("probe.json"), "{\"schema\": \"something/1\", \"levels\": []}");
        Cli.Result bad = Cli.run("report", probe.toString());
        assertEquals(2, bad.exitCode(), bad.out() + bad.err());
        assertEquals(1, bad.errLines().size(), bad.err());
        assertTrue(bad.err().contains("is not a clusterbench probe result"), bad.err());

        Cli.Result mixed = Cli.run("compare", base.toString(), probe.toString());
        assertEquals(2, mixed.exitCode(), mixed.err());
        assertEquals(1, mixed.errLines().size(), mixed.err());
        assertTrue(mixed.err().contains("holds a stale-read probe result (probe.json), which only report reads"),
                mixed.err());
    }

    private static String flushSetting() throws Exception {
        try (Connection c = TestServer.connect(""); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT @@GLOBAL.innodb_flush_log_at_trx_commit")) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static void setFlush(String value) throws Exception {
        try (Connection c = TestServer.connect(""); Statement s = c.createStatement()) {
            s.execute("SET GLOBAL innodb_flush_log_at_trx_commit = " + Integer.parseInt(value));
        }
    }
}
