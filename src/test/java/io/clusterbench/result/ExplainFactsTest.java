package io.clusterbench.result;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Explain facts: per-event normalisation, result.json round trip, the sweep's medians. */
class ExplainFactsTest {
    @Test
    void perEventFiguresDivideTheRawDeltasByTheStepsEvents() {
        Facts f = ExplainSamples.facts(1000, 250.0, 7.5, "my_sha256", 2_000_000);
        ServerResources.Node r = f.get(FactKeys.SERVER_RESOURCES).nodes().get(0);
        assertEquals(1000, r.events());
        assertEquals(250.0, r.perEvent().cpuMicros());
        assertEquals(r.deltas().cpuMicros() / 1000.0, r.perEvent().cpuMicros());
        assertEquals(4000.0, r.perEvent().writeBytes());
        WaitProfile.Node w = f.get(FactKeys.WAIT_PROFILE).nodes().get(0);
        assertEquals(2000.0, w.category(WaitProfile.LOCK).perEventMicros());
        assertEquals(0.25, w.leadingWaits().get(0).perEventCount());
        assertEquals(1.0, w.statements().get(0).perEventCount());
        assertEquals(30.0 / 1000, w.innodbMetrics().get(0).delta() / 1000.0);
        assertNull(w.innodbMetrics().get(0).perEvent(), "a gauge has no per-event figure");
        assertEquals(5.0, f.get(FactKeys.CPU_PROFILE).nodes().get(0).samplesPerEvent());
        HardwareCounters.Node h = f.get(FactKeys.HARDWARE_COUNTERS).nodes().get(0);
        assertNull(h.derived(), "not supported: no figures, not zeros");
    }

    @Test
    void aNodeWithoutFiguresStaysWithout() {
        ServerResources r = new ServerResources(List.of(ServerResources.Node.absent("n2", "10.0.0.2:3306",
                "server not on this host"))).perEvent(100);
        assertNull(r.nodes().get(0).perEvent());
        assertNull(r.nodes().get(0).deltas());
    }

    @Test
    void factsReadBackFromResultJsonAsWritten(@TempDir Path dir) throws Exception {
        RunRecord run = ExplainSamples.with(SyntheticResults.builder().runs(8, 1000).build().runs().get(0),
                ExplainSamples.facts(5000, 812.4, 3.0, "rec_get_offsets_func", 100_000));
        ResultDocument doc = SyntheticResults.builder().build();
        doc = new ResultDocument(doc.schema(), doc.tool(), doc.startedAt(), doc.command(), doc.target(), doc.server(),
                List.of(run), doc.preflight(), doc.tables());
        Path file = dir.resolve("result.json");
        ResultJson.write(file, doc);
        RunRecord back = ResultJson.read(file).runs().get(0);
        for (FactKey<?> key : List.of(FactKeys.SERVER_RESOURCES, FactKeys.WAIT_PROFILE, FactKeys.CPU_PROFILE,
                FactKeys.HARDWARE_COUNTERS)) {
            assertEquals(run.fact(key), back.fact(key), key.name());
        }
        ResultJson.write(dir.resolve("again.json"), ResultJson.read(file));
        assertEquals(java.nio.file.Files.readString(file), java.nio.file.Files.readString(dir.resolve("again.json")),
                "written again it comes out unchanged");
    }

    @Test
    void theSweepTakesMediansOverFullRepeatsPerThreadCount() {
        List<RunRecord> runs = new ArrayList<>();
        ResultDocument d = SyntheticResults.builder().runs(1, 100, 100, 100).runs(8, 400, 400).build();
        double[] cpu = {100, 300, 200, 50, 70};
        for (int i = 0; i < d.runs().size(); i++) {
            runs.add(ExplainSamples.with(d.runs().get(i), ExplainSamples.facts(1000, cpu[i], i < 3 ? 1.0 : 9.0,
                    i < 3 ? "my_sha256" : "ut_delay", 1000L * i)));
        }
        ExplainSummary s = ExplainSummary.of(runs);
        assertEquals(2, s.points().size());
        ExplainSummary.Point one = s.points().get(0);
        assertEquals(1, one.threads());
        assertEquals(3, one.steps());
        assertEquals(3, one.profiledSteps());
        assertEquals(200.0, one.cpuMicrosPerEvent(), 1e-9);
        assertEquals(1.0, one.lockCpuPercent());
        assertEquals("my_sha256", one.topFunctions().get(0).name());
        assertEquals(20.0, one.topFunctions().get(0).value(), 1e-9);
        ExplainSummary.Point eight = s.points().get(1);
        assertEquals(60.0, eight.cpuMicrosPerEvent(), 1e-9);
        assertEquals("ut_delay", eight.topFunctions().get(0).name());
        assertEquals(3.5, eight.lockWaitMicros(), 1e-9, "lock category per event: (3000 + 4000) / 1000 / 2");
        assertTrue(ExplainSummary.of(d.runs()).points().isEmpty(), "no explain facts, no points");
    }

    @Test
    void profiledStepsCountStepsNotNodeSteps() {
        ResultDocument d = SyntheticResults.builder().runs(1, 100).runs(4, 400).build();
        List<RunRecord> runs = new ArrayList<>();
        for (RunRecord r : d.runs()) {
            runs.add(ExplainSamples.with(r, ExplainSamples.onNodes(ExplainSamples.facts(1000, 100, 1.0, "f", 0),
                    "n1", "n2", "n3")));
        }
        ExplainSummary s = ExplainSummary.of(runs);
        assertEquals(6, s.points().size(), "a row per thread count and node");
        assertEquals(2, s.steps(), "2 steps of a 3-node sweep are 2 steps, not 6");
        assertEquals(2, s.profiledSteps());
        assertEquals(0, s.warnedSteps());
        assertEquals(0.7, s.perfCpuPercentMax());
    }

    @Test
    void aProfileWarnsWhenItHoldsTooFewOfTheExpectedSamplesLostSomeOrPerfCompeted() {
        assertNull(CpuProfile.warning(900, 1000L, 0, 0.02), "90% of the expected samples stands");
        assertTrue(CpuProfile.warning(790, 1000L, 0, 0.02).startsWith("the profile holds 79% of the 1000 samples"),
                CpuProfile.warning(790, 1000L, 0, 0.02));
        assertNull(CpuProfile.warning(100, 199L, 0, null), "too few expected samples to judge the shortfall");
        assertNull(CpuProfile.warning(100, null, 0, null), "without the server's CPU there is nothing to judge by");
        assertEquals("12 samples lost (perf could not keep up)", CpuProfile.warning(1000, 1000L, 12, null));
        assertTrue(CpuProfile.warning(1000, 1000L, 0, 84.5).startsWith("perf itself used 84.5% of the server's CPU"));
        assertNull(CpuProfile.warning(1000, 1000L, 0, 5.0), "at the limit it stands");
    }
}
