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
                new LatencySummary(samples, 50, 300, 250, 700, 900, 900, 1000, 300.0 * samples), NONE, 4.0, null, pairs, null, null, null);
        ProbeLevelRecord one = new ProbeLevelRecord("1", "wsrep_sync_wait=1 verified on 3/3", samples, 0, samples, 0,
                List.of(0.0, 4.3), 0, 0, 0, 0, 0, Map.of(), NONE, NONE, NONE, 3.0, null,
                pairs.stream().map(p -> new ProbePair(p.writer(), p.reader(), p.samples(), 0, 0, 0, 0, 0, 0)).toList(),
                null, null, null);
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
    void theDocumentSurvivesItsJsonRoundTripWithThePerPairRates() throws Exception {
        ProbeDocument doc = doc(PAIRS, List.of(), Map.of(), 0);
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        @SuppressWarnings("unchecked")
        Map<String, Object> asMap = json.readValue(json.writeValueAsString(doc), Map.class);
        assertTrue(String.valueOf(asMap).contains("staleRateCi95Percent=[16.5"), "per-pair interval in probe.json");
        ProbeDocument back = ProbeDocument.of(asMap);
        assertEquals(doc.levels().get(0).pairs(), back.levels().get(0).pairs());
        assertEquals(ProbeText.render(doc), ProbeText.render(back));
    }

    @Test
    void saysSoWhenEveryNodeStayedSyncedAndNothingWhenNotSampled() {
        assertTrue(ProbeText.nodes(doc(PAIRS, List.of(), Map.of(), 0)).contains("every node answered Synced"));
        String off = ProbeText.nodes(doc(PAIRS, null, Map.of(), 0));
        assertFalse(off.contains("Node state"), off);
        assertFalse(off.contains("Blocked node"), off);
    }

    static ProbeLevelRecord withHost(ProbeLevelRecord r, io.clusterbench.result.HostWindow host) {
        return new ProbeLevelRecord(r.level(), r.consistency(), r.samples(), r.staleReads(), r.freshReads(),
                r.staleRatePercent(), r.staleRateCi95Percent(), r.visibilityTimeouts(), r.errors(), r.blockedCommits(),
                r.blockedReads(), r.blockedMillis(), r.errorsByCode(), r.visibility(), r.readLatency(), r.writeLatency(),
                r.durationSeconds(), r.backgroundTps(), r.pairs(), host, List.of(), null);
    }

    @Test
    void eachLevelsValidityIsPrintedAndShownWithItsFlagsAndEvidence() {
        ProbeDocument plain = doc(PAIRS, List.of(), Map.of(), 0);
        io.clusterbench.result.Validity flagged = io.clusterbench.result.ProbeValidity.level(withHost(
                plain.levels().get(0), new io.clusterbench.result.HostWindow(2, 98.0, 12.0, 70.0, true)), 90);
        io.clusterbench.result.Validity clean = io.clusterbench.result.ProbeValidity.level(withHost(
                plain.levels().get(1), new io.clusterbench.result.HostWindow(2, 35.0, 5.0, 20.0, true)), 86);
        ProbeDocument doc = new ProbeDocument(plain.schema(), plain.startedAt(), plain.command(), plain.target(),
                plain.topology(), plain.samplesPerPair(), plain.visibilityTimeoutMillis(), plain.stepTimeoutMillis(),
                plain.durationSeconds(), plain.blockedMillis(), plain.nodeStates(), plain.clock(), plain.gtidWait(),
                plain.blockedByNode(), List.of(plain.levels().get(0).withValidity(flagged),
                plain.levels().get(1).withValidity(clean)));
        String text = ProbeText.render(doc);
        assertTrue(text.contains("Validity at level 0: 2 flags (host CPU 98.0%, client 12.0% of the host, server on the "
                + "same host)\n    host-cpu-saturated: host CPU 98.0% busy over the level"), text);
        assertTrue(text.contains("    too-few-samples: 86 first reads of 90 asked"), text);
        assertTrue(text.contains("Validity at level 1: 1 flag (host CPU 35.0%"), "86 first reads < 100: " + text);
        String page = ProbeHtml.render(doc, "x/probe.json", "now");
        assertTrue(page.contains("<b>Validity</b>: flagged level 0 host-cpu-saturated, too-few-samples"), page);
        assertTrue(page.contains("<p class=\"validity\">Validity at level 0: 2 flags"), page);
        assertTrue(page.contains("<li>host-cpu-saturated: host CPU 98.0% busy over the level"), page);
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
