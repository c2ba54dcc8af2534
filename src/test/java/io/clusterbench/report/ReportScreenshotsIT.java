package io.clusterbench.report;

import io.clusterbench.ab.AbDocument;
import io.clusterbench.ab.SyntheticAb;
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
