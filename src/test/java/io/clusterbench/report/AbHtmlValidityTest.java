package io.clusterbench.report;

import io.clusterbench.ab.AbDocument;
import io.clusterbench.ab.SyntheticAb;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The A/B page shows each pair's validity verdict (docs/metrics.md, "Validity"): its flags in the text summary at the
 * top, by thread count, and each verdict with its evidence under the verdict table.
 */
class AbHtmlValidityTest {
    @Test
    void thePairsFlagsAreInTheSummaryAndTheirEvidenceBelowTheVerdicts() {
        AbDocument d = SyntheticAb.document(new double[] {1, 100, 130}, new double[] {8, 400, 401});
        String html = AbHtml.render(d, "2024-01-01T00:00:00Z");
        String summary = html.substring(html.indexOf("id=\"summary\""), html.indexOf("</div>",
                html.indexOf("id=\"summary\"")));
        assertTrue(summary.contains("<b>Validity</b>: 1 thread: too-few-repeats; 8 threads: too-few-repeats; 1 unintended difference"), summary);
        assertTrue(html.contains("<h3>Validity</h3>"), html);
        assertTrue(html.contains("<p class=\"validity\">Validity at 1 thread: 1 flag</p>"), html);
        assertTrue(html.contains("<li>too-few-repeats: 1 pair at 1 thread: a verdict needs 2"), html);
    }
}
