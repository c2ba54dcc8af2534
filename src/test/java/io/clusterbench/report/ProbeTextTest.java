package io.clusterbench.report;

import io.clusterbench.result.LatencySummary;
import io.clusterbench.result.ProbeDocument;
import io.clusterbench.result.ProbeLevelRecord;
import io.clusterbench.result.ProbeNodeSpell;
import io.clusterbench.result.ProbePair;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The probe's text and page from probe.json records: level table, per-pair breakdown, nodes, probe time. */
class ProbeTextTest {
    private static final LatencySummary NONE = new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0, 0);
    private static final List<ProbePair> PAIRS = List.of(new ProbePair("n1", "n2", 30, 19, 3, 0, 0, 0, 0),
            new ProbePair("n2", "n1", 26, 8, 0, 0, 4, 0, 12_200), new ProbePair("n1", "n3", 30, 1, 0, 0, 0, 0, 0));

    static ProbeDocument doc(List<ProbePair> pairs, List<ProbeNodeSpell> spells, Map<String, Map<String, Long>> blocked,
                             long blockedMillis) {
        long samples = pairs.stream().mapToLong(ProbePair::samples).sum();
        long stale = pairs.stream().mapToLong(ProbePair::stale).sum();
        LatencySummary vis = new LatencySummary(stale, 100, 900, 800, 1500, 2100, 2100, 2200, 900.0 * stale);
        ProbeLevelRecord level = new ProbeLevelRecord("0", "wsrep_sync_wait=0 verified on 3/3", samples, stale,
                samples - stale, 100.0 * stale / samples, List.of(20.1, 41.7), 3, 0, 4, 0, 12_200, Map.of(), vis,
                new LatencySummary(samples, 50, 300, 250, 700, 900, 900, 1000, 300.0 * samples), NONE, 4.0, null, pairs);
        ProbeLevelRecord one = new ProbeLevelRecord("1", "wsrep_sync_wait=1 verified on 3/3", samples, 0, samples, 0,
                List.of(0.0, 4.3), 0, 0, 0, 0, 0, Map.of(), NONE, NONE, NONE, 3.0, null,
                pairs.stream().map(p -> new ProbePair(p.writer(), p.reader(), p.samples(), 0, 0, 0, 0, 0, 0)).toList());
        return new ProbeDocument(ProbeDocument.SCHEMA, "2026-11-30T22:00:00Z", List.of("probe", "stale-reads"),
                Map.of(), Map.of(), 30, 2000, 2000, 45.1, blockedMillis, spells, "System.nanoTime", null, blocked,
                List.of(level, one));
    }

    @Test
    void printsThePerPairBreakdownTheBlockedNodeItsStateAndTheTimeSpentBlocked() {
        String text = ProbeText.render(doc(PAIRS, List.of(new ProbeNodeSpell("n2", "Donor/Desynced", 40.0, 3.1, 42.8)),
                Map.of("n2", Map.of("blockedCommits", 4L, "blockedReads", 0L)), 12_200));
        assertTrue(text.matches("(?s)level +samples +stale +stale rate \\[95% CI].*\\n0 +86 +28 +32\\.56% \\[20\\.10%, "
                + "41\\.70%] +0\\.80/2\\.10/2\\.20 +3 +0\\.25/0\\.90/1\\.00 +4 +0\\n.*"), text);
        assertTrue(text.contains("Pairs at level 0:") && text.contains("Pairs at level 1:"), text);
        assertTrue(text.matches("(?s).*n2 -> n1 +26 +8 +0 +4 +0 +12\\.2 +0  30\\.77% \\[16\\.50%, 49\\.99%]\\n.*"),
                "the per-pair line with its stale rate and 95% interval: " + text);
        assertTrue(text.contains("Blocked node: n2 (4 marker commits on it, 0 reads"), text);
        assertFalse(text.contains("Blocked node: n1"), text);
        assertTrue(text.contains("Node state: n2 was Donor/Desynced for 40.0 s (seen from 3.1 s to 42.8 s"), text);
        assertTrue(text.contains("Probe time: 45.1 s, of which 12.2 s in blocked steps"), text);
        assertFalse(text.contains("GTID wait"), "no GTID waits in this document: " + text);
    }

    @Test
    void saysSoWhenEveryNodeStayedSyncedAndNothingWhenNotSampled() {
        assertTrue(ProbeText.nodes(doc(PAIRS, List.of(), Map.of(), 0)).contains("every node answered Synced"));
        String off = ProbeText.nodes(doc(PAIRS, null, Map.of(), 0));
        assertFalse(off.contains("Node state"), off);
        assertFalse(off.contains("Blocked node"), off);
    }

    @Test
    void thePageHoldsTheLevelsEveryPairAndOneChartPerView() {
        String page = ProbeHtml.render(doc(PAIRS, List.of(), Map.of(), 0), "x/probe.json", "now");
        assertTrue(page.contains("data-expected=\"3\""), "stale rate, latency and per-pair charts");
        assertTrue(page.contains("<h3>Pairs at level 0</h3>") && page.contains("<h3>Pairs at level 1</h3>"));
        assertTrue(page.contains("<td>n2 -&gt; n1</td><td class=\"num\">26</td><td class=\"num\">8</td>"
                + "<td class=\"num\">30.77% [16.50%, 49.99%]</td>"), "per-pair stale rate with its interval");
        assertTrue(page.contains("\"categories\":[\"n1 -> n2\",\"n2 -> n1\",\"n1 -> n3\"]"),
                "the pair chart's axis names every ordered pair");
        assertEquals(1, page.split("id=\"probe-pairs\"", -1).length - 1);
    }
}
