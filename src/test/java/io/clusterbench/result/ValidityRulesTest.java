package io.clusterbench.result;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The validity rules of docs/metrics.md, "Validity", on records built in memory. */
class ValidityRulesTest {
    private static final LatencySummary NONE = LatencySummary.of(new Histogram(3));

    private static IntervalRecord interval(int i, long events, Map<String, Object> observed) {
        return new IntervalRecord(i, i + 1, 4, events, events, 0, 0, 0, 0, 0, 0, 0, 0, 0, NONE, 0, 0, Map.of(),
                observed, 0, 0, 0, 0);
    }

    private static RunRecord run(List<IntervalRecord> intervals, Summary summary, Facts facts) {
        return new RunRecord("w", 4, 1, null, "completed", null, Map.of(), intervals, summary, List.of(), facts);
    }

    private static Summary summary(double measured, long events, double clientCpu, long cutOff, long p50Micros) {
        LatencySummary lat = new LatencySummary(events, 1, p50Micros, p50Micros, p50Micros, p50Micros, p50Micros,
                p50Micros, (double) p50Micros * events);
        return new Summary(measured, events, events / measured, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, null, lat, "",
                Map.of(), 0, 0, 0, 0, clientCpu, cutOff, null, 0L);
    }

    @Test
    void aHostBusyAboveTheThresholdIsSaturatedWithTheLengthWeightedMeanAsEvidence() {
        List<IntervalRecord> in = new ArrayList<>();
        in.add(interval(0, 100, Map.of("host", Map.of("hostCpuPercent", 99.0, "serverCpuPercent", 60.0))));
        in.add(interval(1, 100, Map.of("host", Map.of("hostCpuPercent", 95.0, "serverCpuPercent", 50.0))));
        Facts host = Facts.NONE.with(FactKeys.HOST, new HostFacts(2, 42, true));
        Validity v = ValidityRules.of(run(in, summary(2, 200, 1.6, 0, 1000), host));
        ValidityFlag f = v.flag("host-cpu-saturated");
        assertNotNull(f, v.toString());
        assertEquals(97.0, f.figures().get("hostCpuPercent"), 1e-9);
        assertEquals(55.0, f.figures().get("serverCpuPercent"), 1e-9);
        assertEquals(40.0, f.figures().get("clientCpuPercentOfHost"), 1e-9, "1.6 CPU s over 2 s on 2 processors");
        assertTrue(f.evidence().contains("shared by the client and the server"), f.evidence());
        assertTrue(v.has("client-cpu-share"), "40% of the host for the client beside its server: " + v);
    }

    @Test
    void aQuietHostRaisesNoFlag() {
        List<IntervalRecord> in = List.of(interval(0, 100, Map.of("host", Map.of("hostCpuPercent", 40.0))));
        Facts host = Facts.NONE.with(FactKeys.HOST, new HostFacts(2, 42, true));
        Validity v = ValidityRules.of(run(in, summary(1, 100, 0.2, 0, 1000), host));
        assertTrue(v.clean(), v.toString());
        assertEquals(40.0, v.hostCpuPercent(), 1e-9);
        assertEquals(10.0, v.clientCpuPercentOfHost(), 1e-9);
    }

    @Test
    void noEventInMostIntervalsIsAStallButLongEventsAreNot() {
        List<IntervalRecord> in = new ArrayList<>();
        for (int i = 0; i < 15; i++) {
            in.add(interval(i, i < 4 ? 100 : 0, Map.of()));
        }
        ValidityFlag f = ValidityRules.stalled(in, summary(15, 400, 0, 0, 2000));
        assertNotNull(f);
        assertEquals("no event completed in 11 of 15 intervals", f.evidence());
        assertNull(ValidityRules.stalled(in, summary(15, 400, 0, 0, 5_000_000)), "events of 5 s each: a big trx");
        assertNull(ValidityRules.stalled(in.subList(0, 8), summary(8, 400, 0, 0, 2000)), "4 of 8 is not most");
    }

    @Test
    void cutOffAboveOnePercentIsFlagged() {
        Validity v = ValidityRules.of(run(List.of(interval(0, 98, Map.of())), summary(1, 98, 0, 2, 1000), Facts.NONE));
        assertEquals(2.0, v.flag("cut-off-share").figures().get("cutOffPercent"), 1e-9);
        Validity ok = ValidityRules.of(run(List.of(interval(0, 999, Map.of())), summary(1, 999, 0, 1, 1000),
                Facts.NONE));
        assertFalse(ok.has("cut-off-share"), ok.toString());
    }

    @Test
    void aQuorumLossBeforeAnyScheduledFaultAndAStateChangeOnAnUnfaultedNodeAreUnplanned() {
        FaultEvent kill = new FaultEvent(10, 10, "kill", "n3", "kill n3", true, "killed", 0.1, null);
        FaultReport faults = new FaultReport("10s kill n3", List.of(kill), List.of(),
                List.of(new QuorumLoss(4, 2, true, "n1=non-Primary n2=non-Primary n3=non-Primary"),
                        new QuorumLoss(12, 1, true, "n1=non-Primary n2=non-Primary n3=?")));
        Facts facts = Facts.NONE.with(FactKeys.FAULTS, faults);
        Validity v = ValidityRules.of(run(List.of(interval(0, 100, Map.of())), summary(1, 100, 0, 0, 1000), facts));
        assertEquals(1, v.flags().stream().filter(f -> f.flag().equals("unplanned-fault")).count(), v.toString());
        assertEquals(4.0, v.flag("unplanned-fault").figures().get("quorumLossStartSeconds"), 1e-9);
    }

    @Test
    void fewRepeatsAndADifferenceInsideTheNoiseAreFlagged() {
        assertNotNull(ValidityRules.tooFewRepeats(1, 3, "runs at 16 threads"));
        assertNull(ValidityRules.tooFewRepeats(3, 3, "runs at 16 threads"));
        ValidityFlag noise = ValidityRules.withinNoise(-0.8, 3.5);
        assertEquals(-0.8, noise.figures().get("changePercent"), 1e-9);
        assertNull(ValidityRules.withinNoise(5, 3.5));
    }
}
