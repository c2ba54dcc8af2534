package io.clusterbench.report;

import io.clusterbench.result.Comparison;
import io.clusterbench.result.NamedResult;
import io.clusterbench.result.ResultDocument;
import io.clusterbench.result.SyntheticResults;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The HTML report is one self-contained page and shows what the results hold (rendering: HtmlReportChromiumIT). */
class HtmlReportTest {
    private static List<NamedResult> results() {
        ResultDocument a = SyntheticResults.builder().observed().runs(1, 100, 101, 102).runs(2, 190, 200, 210)
                .build();
        ResultDocument b = SyntheticResults.builder().variable("sync_binlog", "0").runs(1, 150, 151, 152)
                .runs(2, 195, 205, 215).build();
        return NamedResult.of(List.of("a/result.json", "b/result.json"), List.of(a, b));
    }

    @Test
    void thePageIsSelfContained() {
        String page = HtmlReport.render(results(), "2024-01-01T00:00:00Z");
        assertFalse(page.contains("<script src"), "no external script");
        assertFalse(page.contains("<link"), "no external style sheet");
        assertFalse(page.contains("sourceMappingURL"), "no source map fetch");
        assertTrue(page.contains("Chart.js v4"), "Chart.js is inlined");
        assertEquals(4, page.split("<script", -1).length - 1, "data, error hook, Chart.js, report script");
        assertFalse(page.substring(page.indexOf("id=\"report-data\">")).split("</script>", 2)[0].contains("<"),
                "the JSON data cannot close its script element");
    }

    @Test
    void showsComparisonVariablesClassesAndObservers() {
        String page = HtmlReport.render(results(), "2024-01-01T00:00:00Z");
        assertTrue(page.contains("B faster by 49.5%"), "tps verdict at 1 thread");
        assertTrue(page.contains("<code>sync_binlog</code>"));
        assertTrue(page.contains("<i>absent</i>"), "A has no sync_binlog");
        assertTrue(page.contains("point_select"), "statement classes");
        assertTrue(page.contains("<td>server process CPU (srv-cpu)</td><td>% of all processors</td>"),
                "observer figures of A, in words with their unit");
        assertFalse(page.contains("serverCpuPercent</"), "never under their keys");
        assertFalse(page.contains("server process id"), "identity figures are left out");
        assertTrue(page.contains("No observer figures in this result."), "B has none");
        assertTrue(page.contains("peak: 2 threads"));
        assertTrue(page.contains("<h3>Per operation</h3>") && page.contains("<tr><td>read</td>"),
                "every workload gets the per-operation table");
        assertFalse(page.contains("<h3>Stalls"), "no marked statements, no stall section");
    }

    /** @return {@code doc} with every run's verdict: the rules' own, plus too few repeats as a sweep adds it */
    static ResultDocument withValidity(ResultDocument doc) {
        List<io.clusterbench.result.RunRecord> runs = doc.runs().stream().map(r -> {
            io.clusterbench.result.Validity v = io.clusterbench.result.ValidityRules.of(r).plus(List.of(
                    io.clusterbench.result.ValidityRules.tooFewRepeats(1, 3, "runs at " + r.threads() + " threads")));
            return r.withFacts(r.observerFacts().with(io.clusterbench.result.FactKeys.VALIDITY, v));
        }).toList();
        return new ResultDocument(doc.schema(), doc.tool(), doc.startedAt(), doc.command(), doc.target(), doc.server(),
                runs, doc.preflight(), doc.tables());
    }

    @Test
    void eachRunsValidityIsShownWithItsFlagsAndEvidence() {
        ResultDocument doc = withValidity(SyntheticResults.builder().observed().runs(1, 100).runs(2, 190).build());
        String page = HtmlReport.render(NamedResult.of(List.of("a/result.json"), List.of(doc)), "now");
        assertTrue(page.contains("<h3>Validity</h3>"), page);
        assertTrue(page.contains("<p class=\"validity\">Validity of 2 threads #1: 1 flag (host CPU 42.0%"), page);
        assertTrue(page.contains("<li>too-few-repeats: 1 run at 2 threads: a verdict needs 3 (no spread to judge a "
                + "difference by)</li>"), page);
        String summary = page.substring(page.indexOf("id=\"summary\""), page.indexOf("</div>", page.indexOf(
                "id=\"summary\"")));
        assertTrue(summary.contains("validity</b>: too-few-repeats (every run)"), "the text summary names the flags: "
                + summary);
    }

    @Test
    void theSummaryNamesEachFlagWithTheRunsThatCarryIt() {
        ResultDocument doc = withValidity(SyntheticResults.builder().observed().runs(1, 100).runs(2, 190).build());
        io.clusterbench.result.RunRecord first = doc.runs().get(0);
        io.clusterbench.result.Validity saturated = first.observerFacts().get(io.clusterbench.result.FactKeys.VALIDITY)
                .plus(List.of(new io.clusterbench.result.ValidityFlag("host-cpu-saturated", "host CPU 97.0%",
                        java.util.Map.of())));
        List<io.clusterbench.result.RunRecord> runs = new java.util.ArrayList<>(doc.runs());
        runs.set(0, first.withFacts(first.observerFacts().with(io.clusterbench.result.FactKeys.VALIDITY, saturated)));
        assertEquals(List.of("too-few-repeats (every run)", "host-cpu-saturated (1 thread #1)"),
                ReportSummary.validityFlags(runs));
    }

    /** A sweep over consistency levels (the stored sample: 1 and 2 threads at wsrep_sync_wait 0 and 1, one run each). */
    @Test
    void aConsistencySweepsRunsAreLabelledWithTheirLevelAndLevelsAreNotRepeats() throws Exception {
        ResultDocument doc = io.clusterbench.result.ResultJson.read(java.nio.file.Path.of(
                "src/test/resources/results/facts/sweep.json"));
        String page = HtmlReport.render(NamedResult.of(List.of("sweep/result.json"), List.of(doc)), "now");
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("<option value=\"([^\"]*)\">").matcher(page);
        List<String> options = new java.util.ArrayList<>();
        while (m.find()) {
            options.add(m.group(1));
        }
        assertEquals(List.of("consistency 0, 1 thread #1", "consistency 0, 2 threads #1", "consistency 1, 1 thread #1",
                "consistency 1, 2 threads #1", ""), options, "one option per run, each named by its level");
        String summary = page.substring(page.indexOf("id=\"summary\""), page.indexOf("</div>",
                page.indexOf("id=\"summary\"")));
        assertFalse(summary.contains("repeats"), "levels are not repeats: " + summary);
        assertTrue(summary.contains("2 consistency levels (0, 1)"), summary);
        assertTrue(summary.matches("(?s).*consistency 0: [0-9.]+ tps \\(peak, at \\d threads?\\), p95 [0-9.]+ ms; "
                + "consistency 1: [0-9.]+ tps .*"), summary);
        assertTrue(page.contains("<h4>consistency 0</h4>") && page.contains("<h4>consistency 1</h4>"),
                "a per-thread-count table per level");
        assertTrue(page.contains("\"label\":\"A consistency 1 tps median\""), "a throughput line per level");
    }

    @Test
    void aRunWithAnomaliesBesideItHasTheirSectionWithEachWitnessTimeline() {
        ResultDocument d = SyntheticResults.builder().runs(4, 100).build();
        io.clusterbench.result.RunRecord r = d.runs().get(0);
        io.clusterbench.result.RunAnomalies a = new io.clusterbench.result.RunAnomalies(20, 3, 2.0,
                io.clusterbench.testing.AnomalyFixtures.setting(1, io.clusterbench.testing.AnomalyFixtures.lostUpdate(),
                        io.clusterbench.anomaly.Isolation.REPEATABLE_READ, "0"));
        ResultDocument with = new ResultDocument(d.schema(), d.tool(), d.startedAt(), d.command(), d.target(),
                d.server(), List.of(r.withFacts(r.observerFacts().with(io.clusterbench.result.FactKeys.ANOMALIES, a))));
        String page = HtmlReport.render(NamedResult.of(List.of("a/result.json"), List.of(with)),
                "2024-01-01T00:00:00Z");
        assertTrue(page.contains("4 threads, run 1: anomalies beside the load"), "the section");
        assertTrue(page.contains("history rate 20.0 operations/s asked"), "what it ran at");
        assertTrue(page.contains("FORBIDDEN, found"), "the class table");
        assertTrue(page.contains("<svg") && page.contains("timeline of lost-update witness"), "the witness's timeline");
        assertFalse(HtmlReport.render(results(), "2024-01-01T00:00:00Z").contains("anomalies beside the load"),
                "nothing without --anomalies");
    }

    @Test
    void readsTheSchemaV1Fixture() throws Exception {
        java.nio.file.Path fixture = java.nio.file.Path.of("src/test/resources/results/result-v1.json");
        ResultDocument doc = io.clusterbench.result.ResultJson.read(fixture);
        List<NamedResult> two = NamedResult.of(List.of("v1", "v1 again"), List.of(doc, doc));
        String page = HtmlReport.render(two, "t");
        assertTrue(page.contains("<td>server process CPU (srv-cpu)</td>"), "observer figures of the fixture");
        assertTrue(page.contains("too few runs to judge (1 run each: no spread, repeat with --repeat)"));
        String text = String.join("\n", ComparisonText.lines(Comparison.of(two)));
        assertTrue(text.contains("differing variables: none"), text);
    }

    @Test
    void numbersIgnoreTheDefaultLocale() {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            String page = HtmlReport.render(results(), "t");
            List<String> text = ComparisonText.lines(Comparison.of(results()));
            assertTrue(page.contains("101.00 [100.00–102.00] ×3"), "decimal point, not comma");
            assertTrue(String.join("\n", text).contains("101.00 [100.00–102.00] ×3"));
        } finally {
            Locale.setDefault(before);
        }
    }

    @Test
    void faultsAreMarkedOnThePerIntervalChartsAndListedInATimeline() throws Exception {
        ResultDocument doc = SyntheticResults.builder().faults().runs(4, 250).build();
        java.nio.file.Path file = java.nio.file.Files.createTempFile("cb-faults-", ".json");
        io.clusterbench.result.ResultJson.write(file, doc);
        for (ResultDocument d : List.of(doc, io.clusterbench.result.ResultJson.read(file))) { // in memory, and as read
            String page = HtmlReport.render(NamedResult.of(List.of("f/result.json"), List.of(d)), "t");
            String data = page.substring(page.indexOf("id=\"report-data\">"));
            for (String chart : List.of("-tps-time", "-p95-time", "-errors-time")) {
                String spec = data.substring(data.indexOf(chart + "\""));
                spec = spec.substring(0, spec.indexOf("\"markers\"") + 400);
                assertTrue(spec.contains("{\"x\":1.0,\"label\":\"kill n3\",\"kind\":\"fault\"}"), spec);
                assertTrue(spec.contains("{\"x\":3.5,\"label\":\"kill n3: back to 90%\",\"kind\":\"recovery\"}"),
                        "recovery point = fault + back to 90%: " + spec);
                assertTrue(spec.contains("\"label\":\"quorum back\"") && spec.contains("\"x\":2.0,\"label\":\"quorum lost\""), spec);
            }
            assertTrue(page.contains("<h3>Faults</h3>") && page.contains("<td>restart n3</td>")
                    && page.contains("<td>IST from n1</td>"), "the timeline with the rejoin's transfer");
            assertTrue(page.contains("<td>kill n3</td><td class=\"num\">1.02</td>"), "the recovery table");
            assertTrue(page.contains("<td>2013/HY000: 4</td>"), "errors in the window, code: count");
            assertTrue(page.contains("table checksums of 1 table on 2 of 2 nodes: PASSED"), "the checksum verdict");
        }
        java.nio.file.Files.delete(file);
    }

    @Test
    void perNodeChartsBreakTheLineAtGapsAndCarryTheFaultMarkers() throws Exception {
        ResultDocument doc = SyntheticResults.builder().faults().nodeGaps().runs(4, 250).build();
        String page = HtmlReport.render(NamedResult.of(List.of("g/result.json"), List.of(doc)), "t");
        String data = page.substring(page.indexOf("id=\"report-data\">") + "id=\"report-data\">".length());
        data = data.substring(0, data.indexOf("</script>"));
        com.fasterxml.jackson.databind.JsonNode charts = new com.fasterxml.jackson.databind.ObjectMapper().readTree(data)
                .get("charts");
        int perNode = 0;
        for (com.fasterxml.jackson.databind.JsonNode chart : charts) {
            String id = chart.get("id").asText();
            if (!id.endsWith("-qps-node") && !id.endsWith("-fc") && !id.endsWith("-rq") && !id.endsWith("-lag")
                    && !id.endsWith("-conflicts")) {
                continue;
            }
            perNode++;
            assertTrue(chart.get("markers").toString().contains("\"label\":\"kill n3\""), id + ": " + chart.get("markers"));
            for (com.fasterxml.jackson.databind.JsonNode series : chart.get("series")) {
                com.fasterxml.jackson.databind.JsonNode points = series.get("points");
                assertEquals(5, points.size(), id + " " + series.get("label") + ": one point per interval " + points);
                boolean n3 = series.get("label").asText().equals("n3");
                assertTrue(points.get(2).get("y").isNull() == n3, id + ": n3 did not answer in interval 2 " + points);
                boolean gapFigure = !id.endsWith("-rq") && !id.endsWith("-lag"); // counters, not gauges
                assertTrue(points.get(3).get("y").isNull() == (n3 && gapFigure), id + ": the gap in interval 3 " + points);
            }
        }
        assertEquals(5, perNode, "the qps chart and the four Galera charts per node");
    }
}
