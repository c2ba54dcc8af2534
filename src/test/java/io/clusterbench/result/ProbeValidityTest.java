package io.clusterbench.result;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The validity rules of a probe level and an anomaly setting (docs/metrics.md, "Validity"), on records in memory. */
class ProbeValidityTest {
    private static final LatencySummary NONE = LatencySummary.of(new Histogram(3));
    private static final HostWindow QUIET = new HostWindow(2, 30.0, 4.0, 20.0, true);

    private static ProbeLevelRecord level(long samples, long errors, HostWindow host, List<ProbeNodeSpell> states) {
        List<ProbePair> pairs = List.of(new ProbePair("n1", "n2", samples / 2, 0, 0, errors, 0, 0, 0),
                new ProbePair("n2", "n1", samples - samples / 2, 0, 0, 0, 0, 0, 0));
        return new ProbeLevelRecord("0", "wsrep_sync_wait=0", samples, 0, samples, 0, List.of(0.0, 1.0), 0, errors, 0,
                0, 0, Map.of(), NONE, NONE, NONE, 3.0, null, pairs, host, states, null);
    }

    @Test
    void aLevelOnASaturatedHostIsFlaggedWithTheHostFiguresOfTheLevel() {
        Validity v = ProbeValidity.level(level(400, 0, new HostWindow(2, 97.5, 31.0, 60.0, true), List.of()), 400);
        ValidityFlag f = v.flag("host-cpu-saturated");
        assertNotNull(f, v.toString());
        assertEquals(97.5, f.figures().get("hostCpuPercent"), 1e-9);
        assertEquals(60.0, f.figures().get("serverCpuPercent"), 1e-9);
        assertTrue(f.evidence().startsWith("host CPU 97.5% busy over the level"), f.evidence());
        assertTrue(v.has("client-cpu-share"), "31% of the host beside the servers: " + v);
        assertEquals(97.5, v.hostCpuPercent(), 1e-9);
        assertTrue(v.serverOnThisHost());
    }

    @Test
    void aQuietLevelWithItsSamplesRaisesNoFlag() {
        Validity v = ProbeValidity.level(level(400, 0, QUIET, List.of()), 400);
        assertTrue(v.clean(), v.toString());
        assertEquals(4.0, v.clientCpuPercentOfHost(), 1e-9);
    }

    @Test
    void aNodeOutOfSyncedDuringALevelIsAnUnplannedFaultWithItsTime() {
        ProbeNodeSpell desynced = new ProbeNodeSpell("n2", "Donor/Desynced", 12.345, 3.1, 15.4);
        Validity v = ProbeValidity.level(level(400, 0, QUIET, List.of(desynced)), 400);
        ValidityFlag f = v.flag("unplanned-fault");
        assertNotNull(f, v.toString());
        assertEquals(12.35, f.figures().get("notSyncedSeconds"), 1e-9);
        assertTrue(f.evidence().startsWith("n2 was Donor/Desynced for 12.3 s during the level"), f.evidence());
    }

    @Test
    void aLevelWithFewerFirstReadsThanItNeedsOrThanWereAskedHasTooFewSamples() {
        assertTrue(ProbeValidity.level(level(60, 0, QUIET, null), 60).has("too-few-samples"), "60 < 100");
        Validity lost = ProbeValidity.level(level(300, 100, QUIET, null), 400);
        ValidityFlag f = lost.flag("too-few-samples");
        assertNotNull(f, "300 of 400 asked: 75% < 90%: " + lost);
        assertEquals(300.0, f.figures().get("samples"), 1e-9);
        assertEquals(400.0, f.figures().get("asked"), 1e-9);
        assertFalse(ProbeValidity.level(level(380, 20, QUIET, null), 400).has("too-few-samples"), "95% taken");
    }

    private static AnomalySetting setting(FaultReport faults, List<ProbeNodeSpell> states, long ok) {
        AnomalyCheck check = new AnomalyCheck("append", true, ok, ok, 0, 0, ok, 8, List.of(), null, List.of(),
                List.of(), null, null);
        return new AnomalySetting(1, "wsrep_sync_wait=0 RR all-writers", "01-sync0-RR-all-writers", "0", "", "RR", "",
                "all-writers", "same", false, "completed", 10, 0, List.of(), List.of(check), faults, null, List.of(),
                QUIET, states, null);
    }

    @Test
    void aSettingFlagsNodeStatesNoScheduledFaultNamesAndAQuorumLossBeforeTheFirstFault() {
        FaultEvent kill = new FaultEvent(5, 5, "kill", "n3", "kill n3", true, "killed", 0.1, null);
        FaultReport faults = new FaultReport("5s kill n3", List.of(kill), List.of(),
                List.of(new QuorumLoss(2, 1, true, "n1=non-Primary n2=non-Primary n3=non-Primary")));
        List<ProbeNodeSpell> states = List.of(new ProbeNodeSpell("n3", "unavailable", 4.0, 5.1, 9.0),
                new ProbeNodeSpell("n1", "Joining", 1.5, 6.0, 7.5));
        Validity v = ProbeValidity.setting(setting(faults, states, 500));
        List<String> unplanned = v.flags().stream().filter(f -> f.flag().equals("unplanned-fault"))
                .map(ValidityFlag::evidence).toList();
        assertEquals(2, unplanned.size(), v.toString());
        assertTrue(unplanned.get(0).startsWith("quorum lost at 2.0 s"), unplanned.toString());
        assertTrue(unplanned.get(1).startsWith("n1 was Joining for 1.5 s during the load"), "n3's outage was "
                + "scheduled: " + unplanned);
        assertFalse(v.has("too-few-samples"), v.toString());
    }

    @Test
    void aSettingWithFewAcknowledgedOperationsHasTooFewSamples() {
        Validity v = ProbeValidity.setting(setting(null, null, 37));
        ValidityFlag f = v.flag("too-few-samples");
        assertNotNull(f, v.toString());
        assertEquals(37.0, f.figures().get("operations"), 1e-9);
        assertTrue(f.evidence().startsWith("append: 37 acknowledged operations"), f.evidence());
    }
}
