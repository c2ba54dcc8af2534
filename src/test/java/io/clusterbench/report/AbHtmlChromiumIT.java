package io.clusterbench.report;

import io.clusterbench.ab.AbDocument;
import io.clusterbench.ab.SyntheticAb;
import io.clusterbench.testing.Chromium;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The A/B page renders in headless Chromium: every chart paints, no script error, warnings first (issue 19). */
class AbHtmlChromiumIT {
    @TempDir
    Path dir;

    @Test
    void theAbPageDrawsRatiosSidesAndEveryRun() throws Exception {
        Chromium chromium = Chromium.require();
        AbDocument d = SyntheticAb.document(new double[] {1, 100, 110, 102, 111, 98, 108, 101, 112},
                new double[] {4, 400, 380, 410, 388, 405, 384, 398, 381}, new double[] {16, 900, 905, 910, 890, 905, 915, 901, 899});
        Path page = dir.resolve("report.html");
        AbHtml.write(page, d, "2024-01-01T00:00:00Z");
        Chromium.Rendered r = chromium.render(page);
        assertEquals(List.of(), r.errors(), "script errors on the page");
        assertEquals(5, r.expectedCharts(), "tps and p95 ratio, tps and p95 per side, runs over time");
        assertEquals(5, r.drawnCharts());
        String html = Files.readString(page);
        assertTrue(html.indexOf("Warning:") < html.indexOf("<table>"), "warnings come first");
        assertTrue(html.contains("the sides differ in &lt;1&gt; variable"), "escaped");
        assertTrue(r.dom().contains("B wins at 1 thread"), r.dom());
        if (Boolean.getBoolean("clusterbench.screenshot")) {
            chromium.screenshot(page, Path.of("target", "ab-report-screenshot.png"), 1280, 3000);
        }
    }

    @Test
    void aPageOfThreeSidesDrawsEverySidesRatioWithItsBand() throws Exception {
        Chromium chromium = Chromium.require();
        java.util.List<io.clusterbench.ab.Side> sides = java.util.List.of(io.clusterbench.ab.Side.of("o3"),
                io.clusterbench.ab.Side.of("pgo1"), io.clusterbench.ab.Side.of("pgo2"));
        double[] one = {1, 100, 110, 95, 101, 112, 94, 99, 109, 96, 100, 111, 95, 101, 110, 94, 98, 108, 96};
        double[] four = {4, 400, 380, 420, 410, 388, 425, 405, 384, 418, 398, 381, 422, 402, 386, 419, 401, 383, 421};
        AbDocument d = SyntheticAb.document(sides, one, four);
        Path page = dir.resolve("report-sides.html");
        AbHtml.write(page, d, "2024-01-01T00:00:00Z");
        Chromium.Rendered r = chromium.render(page);
        assertEquals(List.of(), r.errors(), "script errors on the page");
        assertEquals(5, r.expectedCharts(), "tps and p95 ratios to the baseline, tps and p95 per side, runs over time");
        assertEquals(5, r.drawnCharts());
        assertTrue(r.dom().contains("ranking by tps"), r.dom());
        if (Boolean.getBoolean("clusterbench.screenshot")) {
            chromium.screenshot(page, Path.of("target", "ab-sides-report-screenshot.png"), 1280, 3000);
        }
    }
}
