package io.clusterbench.report;

import io.clusterbench.anomaly.Isolation;
import io.clusterbench.result.AnomalyDocument;
import io.clusterbench.result.AnomalySetting;
import io.clusterbench.result.AnomalyWitness;
import io.clusterbench.testing.AnomalyFixtures;
import io.clusterbench.testing.Chromium;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The anomaly probe's page renders in headless Chromium, offline: both charts paint, no script error, one SVG
 * timeline per class found with one bar per witness transaction and one arrow per edge; the page loads nothing from
 * the network. The screenshot goes to {@code target/anomaly-report-screenshot.png}.
 */
class AnomalyHtmlChromiumIT {
    @TempDir
    Path dir;

    @Test
    void theAnomalyPageDrawsItsChartsAndAWitnessTimelinePerClassFound() throws Exception {
        Chromium chromium = Chromium.require();
        AnomalySetting lost = AnomalyFixtures.setting(1, AnomalyFixtures.lostUpdate(), Isolation.REPEATABLE_READ, "0");
        AnomalySetting stale = AnomalyFixtures.setting(2, AnomalyFixtures.staleRead(), Isolation.REPEATABLE_READ, "7");
        AnomalyDocument doc = AnomalyFixtures.document(List.of(lost, stale));
        Path page = dir.resolve("report.html");
        AnomalyHtml.write(page, doc, "results/x/anomalies.json", "2026-12-02T10:00:00Z");
        String html = Files.readString(page);
        assertFalse(Pattern.compile("(src|href)=\"(https?:)?//").matcher(html).find(), "nothing loaded from the network");

        Chromium.Rendered r = chromium.render(page);
        assertEquals(List.of(), r.errors(), "script errors on the page");
        assertEquals(2, r.expectedCharts(), "ok/s and classes found per setting");
        assertEquals(r.expectedCharts(), r.drawnCharts(), "charts that painted pixels");

        long classesFound = doc.settings().stream().flatMap(s -> s.checks().stream())
                .mapToLong(c -> c.witnesses().stream().map(AnomalyWitness::anomaly).distinct().count()).sum();
        List<String> svgs = elements(r.dom(), "<svg class=\"witness-timeline\"", "</svg>");
        assertEquals(classesFound, svgs.size(), "one timeline per class found");
        AnomalyWitness first = lost.checks().get(0).witnesses().get(0);
        assertEquals(first.transactions().size(), count(svgs.get(0), "<rect class=\"txn\""), "a bar per transaction");
        assertEquals(first.edges().size(), count(svgs.get(0), "<path class=\"edge\""), "an arrow per edge");
        assertTrue(r.dom().contains("FORBIDDEN, found"), "the forbidden finding is on the page");
        assertTrue(r.dom().contains("0 in 5 (≤ 45%)"), "zero counts carry their bound");

        chromium.screenshot(page, Path.of("target", "anomaly-report-screenshot.png"), 1280, 4200);
        assertTrue(Files.size(Path.of("target", "anomaly-report-screenshot.png")) > 10_000, "a screenshot was taken");
    }

    private static List<String> elements(String dom, String open, String close) {
        Matcher m = Pattern.compile(Pattern.quote(open) + ".*?" + Pattern.quote(close), Pattern.DOTALL).matcher(dom);
        List<String> out = new java.util.ArrayList<>();
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }

    private static long count(String text, String what) {
        return text.split(Pattern.quote(what), -1).length - 1L;
    }
}
