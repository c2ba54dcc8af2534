package io.clusterbench.report;

import io.clusterbench.ab.AbDocument;
import io.clusterbench.ab.SyntheticAb;
import io.clusterbench.result.CapacityRecord;
import io.clusterbench.result.NamedResult;
import io.clusterbench.result.ProbeNodeSpell;
import io.clusterbench.result.ResultDocument;
import io.clusterbench.result.SyntheticResults;
import io.clusterbench.testing.Chromium;
import io.clusterbench.testing.VisibleNames;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each kind of report (one run, a sweep, a sweep over consistency levels, an A/B, a probe, an anomaly probe, a run with
 * faults, and the stored Galera, TPC-C and DDL results) renders in headless Chromium with every chart painted, no
 * script error and no internal name anywhere a reader sees ({@link VisibleNames}: text, table headers, tooltips, chart
 * titles, axes, legends), and leaves a screenshot in {@code target/report-screenshots/KIND.png} (printed to the test
 * output) for a person to look at.
 */
class ReportScreenshotsIT {
    private static final Path SHOTS = Path.of("target", "report-screenshots");
    private static final Path FACTS = Path.of("src", "test", "resources", "results", "facts");
    /** Spellings a reader must not see in a chart: abbreviated run names, a count of one in the plural. */
    private static final Pattern WRONG = Pattern.compile("\\d+ thr #|\\b1 threads\\b");

    private static Path shoot(String kind, String html, int height) throws Exception {
        Files.createDirectories(SHOTS);
        Path page = SHOTS.resolve(kind + ".html");
        Files.writeString(page, html);
        Chromium chromium = Chromium.require();
        Chromium.Rendered r = chromium.render(page);
        assertEquals(List.of(), r.errors(), kind + ": script errors on the page");
        assertEquals(r.expectedCharts(), r.drawnCharts(), kind + ": charts that painted pixels");
        Path png = SHOTS.resolve(kind + ".png");
        chromium.screenshot(page, png, 1280, height);
        assertTrue(Files.size(png) > 10_000, kind + ": screenshot written");
        System.out.println("[[ATTACHMENT|" + png.toAbsolutePath() + "]]");
        return page;
    }

    /** @return the chart titles and axis titles of the page's chart data */
    private static String chartWords(String html) {
        StringBuilder b = new StringBuilder();
        Matcher m = Pattern.compile("\"(title|yTitle|label)\":\"([^\"]*)\"").matcher(html);
        while (m.find()) {
            b.append(m.group(2)).append('\n');
        }
        return b.toString();
    }

    private static void noInternalNames(String kind, String html) {
        assertEquals(List.of(), VisibleNames.in(html), kind + ": internal names a reader sees");
        Matcher m = WRONG.matcher(chartWords(html));
        assertFalse(m.find(), kind + ": wrong spelling in a chart: " + (m.hitEnd() ? "" : m.group()));
    }

    /** @return the page of the stored result {@code name}.json, as {@code clusterbench report} writes it */
    private static String stored(String name) throws Exception {
        ResultDocument doc = io.clusterbench.result.ResultJson.read(FACTS.resolve(name + ".json"));
        return HtmlReport.render(NamedResult.of(List.of("results/" + name + "/result.json"), List.of(doc)),
                "2026-12-02T17:00:00Z");
    }

    @Test
    void aGaleraRunWithAFault() throws Exception {
        String html = stored("fault2");
        shoot("galera", html, 7000);
        noInternalNames("galera", html);
        assertTrue(html.contains("<h4>Server counters per node") && html.contains("Fault timeline"), "cluster parts");
    }

    @Test
    void aTpccRun() throws Exception {
        String html = stored("tpcc");
        shoot("tpcc", html, 6000);
        noInternalNames("tpcc", html);
        assertTrue(html.contains("new orders committed per minute (tpmC)"), "TPC-C figures in words");
        assertTrue(html.contains("<h3>TPC-C</h3>") && html.matches("(?s).*id=\"summary\".*, tpmC [0-9.]+.*"),
                "the TPC-C block, and tpmC in the summary");
    }

    @Test
    void aDdlRunBesideABackgroundLoad() throws Exception {
        String html = stored("ddl");
        shoot("ddl", html, 6000);
        noInternalNames("ddl", html);
        assertTrue(html.contains("tps dip while marked statements ran"), "the dip in words");
    }

    @Test
    void aSweepOverConsistencyLevels() throws Exception {
        String html = stored("sweep");
        shoot("consistency-sweep", html, 7000);
        noInternalNames("consistency-sweep", html);
        assertTrue(html.contains("<option value=\"consistency 1, 2 threads #1\">"), "runs named by their level");
    }

    @Test
    void anAnomalyProbe() throws Exception {
        io.clusterbench.result.AnomalySetting lost = io.clusterbench.testing.AnomalyFixtures.setting(1,
                io.clusterbench.testing.AnomalyFixtures.lostUpdate(), io.clusterbench.anomaly.Isolation.REPEATABLE_READ,
                "0");
        String html = AnomalyHtml.render(io.clusterbench.testing.AnomalyFixtures.document(List.of(
                lost.withValidity(io.clusterbench.result.ProbeValidity.setting(lost)))), "anomalies/anomalies.json",
                "2026-12-02T17:00:00Z");
        shoot("anomalies", html, 3000);
        noInternalNames("anomalies", html);
    }

    @Test
    void aSingleRun() throws Exception {
        ResultDocument one = HtmlReportTest.withValidity(SyntheticResults.builder().observed().runs(4, 250).build());
        String html = HtmlReport.render(NamedResult.of(List.of("run/result.json"), List.of(one)), "2026-12-02T17:00:00Z");
        shoot("run", html, 3200);
        noInternalNames("run", html);
        assertFalse(html.contains("tps-vs-threads"), "no throughput-vs-threads chart with one dot");
        assertTrue(html.contains("id=\"summary\""), "the text summary");
        assertTrue(html.indexOf("id=\"summary\"") < html.indexOf("<canvas"), "the summary comes before any chart");
        assertFalse(html.contains("DDL"), "an OLTP run's charts say nothing of DDL");
    }

    @Test
    void aSweepWithRepeats() throws Exception {
        ResultDocument sweep = SyntheticResults.builder().observed().runs(1, 100, 102, 104).runs(2, 190, 200, 210)
                .runs(4, 300, 310, 305).runs(8, 312, 309, 315).build();
        String html = HtmlReport.render(NamedResult.of(List.of("sweep/result.json"), List.of(sweep)),
                "2026-12-02T17:00:00Z");
        shoot("sweep", html, 5200);
        noInternalNames("sweep", html);
        assertTrue(html.contains("class=\"run-select\""), "a run selector for the per-interval charts");
        assertTrue(html.contains("<option value=\"1 thread #1\">"), "1 thread, not 1 threads");
    }

    @Test
    void anAbComparison() throws Exception {
        AbDocument d = SyntheticAb.document(new double[] {1, 100, 110, 102, 111, 98, 108, 101, 112},
                new double[] {4, 400, 380, 410, 388, 405, 384, 398, 381},
                new double[] {16, 900, 905, 910, 890, 905, 915, 901, 899});
        String html = AbHtml.render(d, "2026-12-02T17:00:00Z");
        shoot("ab", html, 3000);
        noInternalNames("ab", html);
        assertTrue(html.contains("<h2>Builds</h2>") && html.contains("<code>version_compile_machine</code>"),
                "compile facts as a table");
        assertFalse(html.contains("{version_compile"), "no raw map");
        assertTrue(html.indexOf("id=\"summary\"") < html.indexOf("<canvas") && html.contains("<b>Verdict</b>: tps: B wins"),
                "the text summary with the verdict comes first");
    }

    @Test
    void aProbe() throws Exception {
        io.clusterbench.result.ProbeDocument plain = ProbeTextTest.doc(List.of(
                        new io.clusterbench.result.ProbePair("n1", "n2", 30, 19, 3, 0, 0, 0, 0),
                        new io.clusterbench.result.ProbePair("n2", "n1", 26, 8, 0, 0, 4, 0, 12_200)),
                List.of(new ProbeNodeSpell("n2", "Donor/Desynced", 40.0, 3.1, 42.8)),
                Map.of("n2", Map.of("blockedCommits", 4L, "blockedReads", 0L)), 12_200);
        List<io.clusterbench.result.ProbeLevelRecord> levels = plain.levels().stream().map(l -> {
            io.clusterbench.result.ProbeLevelRecord hosted = ProbeTextTest.withHost(l,
                    new io.clusterbench.result.HostWindow(2, 96.5, 8.2, 71.0, true));
            return hosted.withValidity(io.clusterbench.result.ProbeValidity.level(hosted, 60));
        }).toList();
        io.clusterbench.result.ProbeDocument doc = new io.clusterbench.result.ProbeDocument(plain.schema(),
                plain.startedAt(), plain.command(), plain.target(), plain.topology(), plain.samplesPerPair(),
                plain.visibilityTimeoutMillis(), plain.stepTimeoutMillis(), plain.durationSeconds(),
                plain.blockedMillis(), plain.nodeStates(), plain.clock(), plain.gtidWait(), plain.blockedByNode(), levels);
        String html = ProbeHtml.render(doc, "probe/probe.json", "2026-12-02T17:00:00Z");
        shoot("probe", html, 2600);
        noInternalNames("probe", html);
        assertTrue(html.indexOf("id=\"summary\"") < html.indexOf("<canvas") && html.contains("level 0 "),
                "the text summary with each level's stale rate comes first");
    }

    @Test
    void aCapacitySearch() throws Exception {
        Path dir = SHOTS.resolve("capacity");
        Files.createDirectories(dir);
        // rate, then per run: tps, p90 (ms); the closed loop first (rate 0)
        double[][] steps = {{0, 47.1, 330, 46.4, 341}, {23.5, 23.5, 25, 23.5, 27}, {47, 46.8, 900, 46.6, 1100},
            {35.25, 35.2, 28, 35.3, 31}, {41.13, 41.1, 33, 41.1, 52, 41.0, 36}, {44.06, 44.1, 45, 44.0, 48},
            {45.53, 45.5, 70, 45.5, 66}, {46.26, 46.2, 260, 46.1, 310}};
        SyntheticResults doc = SyntheticResults.builder().observed();
        List<CapacityRecord.Step> records = new java.util.ArrayList<>();
        for (double[] st : steps) {
            List<CapacityRecord.Run> runs = new java.util.ArrayList<>();
            double[] tps = new double[(st.length - 1) / 2];
            for (int i = 1; i < st.length; i += 2) {
                long p90 = Math.round(st[i + 1] * 1000);
                boolean met = p90 <= 200_000 && (st[0] == 0 || st[i] >= 0.95 * st[0]);
                runs.add(new CapacityRecord.Run(i / 2 + 1, 10, 10, Math.round(st[i] * 10), st[i], p90, p90 * 9 / 10,
                        p90 * 12 / 10, true, met, true, 0));
                tps[i / 2] = st[i];
            }
            doc.rate(st[0]).runs(16, tps);
            boolean met = runs.stream().filter(CapacityRecord.Run::met).count() * 2 > runs.size();
            List<Double> p = runs.stream().map(r -> (double) r.latencyMicros()).sorted().toList();
            records.add(new CapacityRecord.Step(st[0], tps[0], Math.round(p.get(p.size() / 2)), Math.round(p.get(0)),
                    Math.round(p.get(p.size() - 1)), true, met, 0, runs));
        }
        CapacityRecord c = new CapacityRecord(90, 200_000, 16, new CapacityRecord.Rule(20, 200, 3, 120, 10, 0.02),
                47.1, false, 45.53, 46.26, records);
        io.clusterbench.result.ResultJson.write(dir.resolve("result.json"), doc.build());
        io.clusterbench.result.ResultJson.write(dir.resolve(CapacityRecord.FILE),
                io.clusterbench.result.ResultJson.bytesOf(c));
        String source = dir.resolve("result.json").toString();
        String html = HtmlReport.render(NamedResult.of(List.of(source), List.of(doc.build())), "2026-12-02T17:00:00Z");
        shoot("capacity", html, 4200);
        noInternalNames("capacity", html);
        assertTrue(html.contains("Capacity at p90 within 200.00 ms, 16 threads: capacity 45.53 events/s; bracket "
                + "[45.53, 46.26] events/s"), "the verdict with its bracket");
        assertTrue(html.contains("\"label\":\"target: p90 within 200.00 ms\""), "the target as a line");
        assertTrue(html.contains("\"x\":\"offered rate (events/s)\""), "offered rate on the x axis");
        assertTrue(html.contains("<option value=\"16 threads, 23.50 events/s #1\">"),
                "each run named by its rate in the run selector");
        assertFalse(html.contains("<h3>Per thread count</h3>"), "no table that mixes rates as repeats");
        assertTrue(html.indexOf("Capacity at a latency target") < html.indexOf("<h3>Per interval</h3>"),
                "the search first");
        List<io.clusterbench.result.RunRecord> runs = doc.build().runs().stream().map(run -> run.withFacts(
                run.observerFacts().with(io.clusterbench.result.FactKeys.VALIDITY,
                        io.clusterbench.result.ValidityRules.of(run)))).toList();
        assertTrue(HtmlReport.validity(runs).contains("Validity of 16 threads, closed loop #2:"),
                "each run's validity named by its rate: " + HtmlReport.validity(runs));
    }

    @Test
    void aRunWithFaults() throws Exception {
        ResultDocument one = SyntheticResults.builder().observed().faults().nodeGaps().runs(4, 250).build();
        String html = HtmlReport.render(NamedResult.of(List.of("faults/result.json"), List.of(one)),
                "2026-12-02T17:00:00Z");
        shoot("faults", html, 4200);
        noInternalNames("faults", html);
        assertTrue(html.contains("Fault timeline") && html.contains("began at (s)"),
                "the timeline's columns in words");
    }
}
