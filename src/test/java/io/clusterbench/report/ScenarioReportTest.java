package io.clusterbench.report;

import io.clusterbench.result.NamedResult;
import io.clusterbench.result.ResultDocument;
import io.clusterbench.result.RunRecord;
import io.clusterbench.result.SyntheticResults;
import io.clusterbench.testing.VisibleNames;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run's scenarios ({@code run --scenario}) in every output made from its result: a row per scenario after the
 * console summary, with its notes; in the HTML report a table and per-interval tps and p95 charts with a series per
 * scenario beside the run's own workload, in words only.
 */
class ScenarioReportTest {
    private static RunRecord run() {
        return SyntheticResults.builder().scenarios().runs(4, 1000).build().runs().get(0);
    }

    @Test
    void theConsoleSummaryEndsWithARowPerScenarioAndItsNotes() {
        String block = ScenarioBlock.render(run());
        String[] lines = block.split("\n");
        assertEquals("", lines[0]);
        assertTrue(lines[1].startsWith("Scenarios (beside the run, each counted over its own 200 ms intervals"),
                lines[1]);
        assertTrue(lines[2].matches("\\s+scenario\\s+workload\\s+threads\\s+rate/s\\s+events\\s+tps\\s+avg\\s+p95\\s+"
                + "p99\\s+max\\s+errors\\s+reconnects"), lines[2]);
        assertTrue(lines[3].matches("\\s+reads\\s+oltp_point_select\\s+4\\s+closed\\s+2010\\s+410\\.20\\s+0\\.80\\s+"
                + "1\\.50\\s+2\\.50\\s+9\\.00\\s+0\\s+0"), lines[3]);
        assertTrue(lines[4].matches("\\s+writes\\s+oltp_update_index\\s+2\\s+50\\s+245\\s+50\\.00\\s+2\\.00\\s+"
                + "4\\.00\\s+6\\.00\\s+20\\.00\\s+5\\s+24"), lines[4]);
        assertEquals("    reads: cut off 1 events at its stop", lines[5]);
        assertEquals("    writes: errors by code 1213/40001 x5", lines[6]);
        assertEquals("    writes: late events 3", lines[7]);
        assertEquals(8, lines.length, block);
        assertTrue(ConsoleReport.summary(run()).contains(block), "the block is part of the final report");
    }

    @Test
    void aRunWithoutScenariosHasNoBlock() {
        RunRecord plain = SyntheticResults.builder().runs(4, 1000).build().runs().get(0);
        assertEquals("", ScenarioBlock.render(plain));
        assertEquals("", ScenarioHtml.section(named(SyntheticResults.builder().runs(4, 1000).build()),
                new java.util.ArrayList<>()));
    }

    @Test
    void theHtmlReportHasATableAndAChartPerFigureWithASeriesPerScenarioInWords() {
        ResultDocument doc = SyntheticResults.builder().observed().scenarios().runs(4, 1000).build();
        String page = HtmlReport.render(List.of(named(doc)), "2024-01-01T00:00:00Z");
        assertTrue(page.contains("<h3>Scenarios</h3>"), page);
        assertTrue(page.contains("<th>asked rate (events/s)</th>") && page.contains("<td class=\"num\">closed loop</td>")
                && page.contains("<td>oltp_update_index</td>"), "the table");
        assertTrue(page.contains("tps per interval, per scenario") && page.contains("p95 per interval, per scenario"),
                "the charts");
        assertTrue(page.contains("\"scenario writes\"") && page.contains("\"the run's workload (oltp_read_write)\""),
                "a series per scenario and the run's own");
        io.clusterbench.result.IntervalRecord first = doc.runs().get(0).intervals().get(0);
        assertEquals(400.0, ScenarioHtml.value(first, "reads", "tps"), "a scenario's tps per interval");
        assertEquals(4.0, ScenarioHtml.value(first, "writes", "p95Millis"));
        assertEquals(null, ScenarioHtml.value(first, "nobody", "tps"));
        assertTrue(VisibleNames.in(page).isEmpty(), "no internal name on the page: " + VisibleNames.in(page));
    }

    private static NamedResult named(ResultDocument doc) {
        return NamedResult.of(List.of("s/result.json"), List.of(doc)).get(0);
    }
}
