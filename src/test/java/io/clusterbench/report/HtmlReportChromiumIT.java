package io.clusterbench.report;

import io.clusterbench.result.NamedResult;
import io.clusterbench.result.ResultDocument;
import io.clusterbench.result.SyntheticResults;
import io.clusterbench.testing.Chromium;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The HTML report renders in headless Chromium: every chart paints, no script error (issue 3). */
class HtmlReportChromiumIT {
    @TempDir
    Path dir;

    private static List<NamedResult> twoSweeps() {
        ResultDocument a = SyntheticResults.builder().observed().runs(1, 100, 102, 104).runs(2, 190, 200, 210)
                .runs(4, 300, 310, 305).runs(8, 312, 309, 315).build();
        ResultDocument b = SyntheticResults.builder().observed().variable("innodb_flush_log_at_trx_commit", "2")
                .runs(1, 130, 131, 133).runs(2, 195, 205, 230).runs(4, 380, 390, 400).runs(8, 420, 425, 410).build();
        return NamedResult.of(List.of("base/result.json", "tuned <b>&/result.json"), List.of(a, b));
    }

    @Test
    void aComparisonReportDrawsEveryChartWithoutErrors() throws Exception {
        Chromium chromium = Chromium.require();
        Path page = dir.resolve("report.html");
        HtmlReport.write(page, twoSweeps(), "2024-01-01T00:00:00Z");

        Chromium.Rendered r = chromium.render(page);
        assertEquals(List.of(), r.errors(), "script errors on the page");
        // ratio, throughput, and per result: latency, tps/p95/errors/CPU per interval, one chart per observer figure (6)
        assertEquals(2 + 2 * 11, r.expectedCharts());
        assertEquals(r.expectedCharts(), r.drawnCharts(), "charts that painted pixels");
        assertTrue(r.dom().contains("B faster by"), "verdicts are on the page");
        assertTrue(r.dom().contains("tuned &lt;b&gt;&amp;/result.json"), "sources are escaped");

        if (Boolean.getBoolean("clusterbench.screenshot")) {
            chromium.screenshot(page, Path.of("target", "report-screenshot.png"), 1280, 6000);
        }
    }

    @Test
    void aSingleRunWithoutObserversDrawsToo() throws Exception {
        Chromium chromium = Chromium.require();
        Path page = dir.resolve("single.html");
        ResultDocument one = SyntheticResults.builder().runs(4, 250).build();
        HtmlReport.write(page, NamedResult.of(List.of("one/result.json"), List.of(one)), "2024-01-01T00:00:00Z");
        Chromium.Rendered r = chromium.render(page);
        assertEquals(List.of(), r.errors());
        assertEquals(3, r.expectedCharts(), "tps/p95/errors per interval; one thread count: no chart over threads");
        assertEquals(3, r.drawnCharts());
        assertTrue(Files.readString(page).contains("No observer figures in this result."));
    }

    @Test
    void faultMarkersDrawWithoutErrors() throws Exception {
        Chromium chromium = Chromium.require();
        Path page = dir.resolve("faults.html");
        ResultDocument one = SyntheticResults.builder().faults().runs(4, 250).build();
        HtmlReport.write(page, NamedResult.of(List.of("faults/result.json"), List.of(one)), "2024-01-01T00:00:00Z");
        Chromium.Rendered r = chromium.render(page);
        assertEquals(List.of(), r.errors());
        assertEquals(3, r.drawnCharts());
        assertTrue(r.dom().contains("Fault timeline"), "the timeline table");
        if (Boolean.getBoolean("clusterbench.screenshot")) {
            chromium.screenshot(page, Path.of("target", "faults-screenshot.png"), 1280, 2400);
        }
    }

    @Test
    void perNodeChartsWithGapsDrawEveryChartWithoutErrors() throws Exception {
        Chromium chromium = Chromium.require();
        Path page = dir.resolve("gaps.html");
        ResultDocument one = SyntheticResults.builder().faults().nodeGaps().runs(4, 250).build();
        HtmlReport.write(page, NamedResult.of(List.of("gaps/result.json"), List.of(one)), "2024-01-01T00:00:00Z");
        Chromium.Rendered r = chromium.render(page);
        assertEquals(List.of(), r.errors());
        assertEquals(r.expectedCharts(), r.drawnCharts(), "null points break lines, they draw nothing wrong");
        assertTrue(r.expectedCharts() >= 8, "the per-node charts are there: " + r.expectedCharts());
    }
}
