package io.clusterbench.report;

import io.clusterbench.ab.AbDocument;
import io.clusterbench.ab.SyntheticAb;
import io.clusterbench.ab.ThreadVerdict;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The A/B page names the method its intervals came from. From 4 pairs (both orders) the verdict uses the AB/BA
 * crossover analysis (docs/metrics.md, "A/B comparisons"), yet the page says every interval is a "paired
 * log-ratio t-interval".
 */
class AbHtmlMethodTest {
    @Test
    void aCrossoverVerdictIsNotDescribedAsAPairedTInterval() {
        AbDocument d = SyntheticAb.document(new double[] {1, 100, 104, 101, 103, 99, 105, 100, 102},
                new double[] {8, 400, 401, 410, 405, 405, 403, 402, 404});
        for (ThreadVerdict v : d.verdicts()) {
            assertEquals("crossover", v.tps().method(), "4 pairs, both orders: crossover");
        }
        String html = AbHtml.render(d, "2024-01-01T00:00:00Z");
        assertFalse(html.contains("(paired log-ratio t-interval)"),
                "the page describes crossover intervals as paired log-ratio t-intervals");
        assertTrue(html.contains("(AB/BA crossover analysis, order effect removed)"), "names the method used");
        AbDocument mixed = SyntheticAb.document(new double[] {1, 100, 104, 101, 103, 99, 105});
        assertTrue(AbHtml.render(mixed, "2024-01-01T00:00:00Z").contains("(paired log-ratio t-interval)"),
                "3 pairs: paired");
    }
}
