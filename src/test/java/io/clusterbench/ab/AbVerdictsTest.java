package io.clusterbench.ab;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Pairs matched by thread count and repeat; wins, losses and ties in one summary line; each pair's validity verdict
 * (docs/metrics.md, "Validity"): too few pairs, a difference inside the noise, a flagged side named.
 */
class AbVerdictsTest {
    @Test
    void summaryNamesWhereBWinsLosesAndTies() {
        List<AbRun> runs = new ArrayList<>();
        double[][] tps = {{1, 100, 110}, {1, 102, 111}, {1, 98, 108}, {4, 400, 380}, {4, 410, 388}, {4, 405, 384},
                {16, 900, 905}, {16, 910, 890}, {16, 905, 915}};
        int index = 0;
        for (int i = 0; i < tps.length; i++) {
            int threads = (int) tps[i][0];
            int repeat = i % 3 + 1;
            runs.add(run(index++, threads, repeat, Side.A, tps[i][1]));
            runs.add(run(index++, threads, repeat, Side.B, tps[i][2]));
        }
        runs.add(new AbRun(new AbStep(index, 4, 16, Side.A), 0, null, null, "interrupted")); // a pair without B
        List<ThreadVerdict> v = AbVerdicts.of(runs);
        assertEquals(List.of("win", "loss", "tie"), v.stream().map(ThreadVerdict::outcome).toList());
        assertEquals(3, v.get(2).tps().pairs());
        assertNull(v.get(0).serverCpuPerEvent());
        assertEquals("tps: B wins at 1 thread (+9.7%); B loses at 4 threads (-5.2%); no difference resolved at 16 threads",
                AbVerdicts.summaryLine(v));
    }

    @Test
    void onePairIsTooFewToJudgeAndTheVerdictSaysSo() {
        List<ThreadVerdict> v = AbVerdicts.of(List.of(run(0, 8, 1, Side.A, 100), run(1, 8, 1, Side.B, 130)));
        io.clusterbench.result.ValidityFlag few = v.get(0).validity().flag("too-few-repeats");
        assertNotNull(few, v.get(0).validity().toString());
        assertEquals(1.0, few.figures().get("repeats"));
        assertEquals(2.0, few.figures().get("minRepeats"));
        assertEquals("1 pair at 8 threads: a verdict needs 2 (no spread to judge a difference by)", few.evidence());
        assertEquals("tps: too few pairs to judge (fewer than 2 finished)", AbVerdicts.summaryLine(v));
    }

    @Test
    void aDifferenceInsideTheNoiseOfThePairsIsFlaggedWithBothFigures() {
        List<AbRun> runs = new ArrayList<>();
        double[][] tps = {{100, 101}, {104, 99}, {97, 100}};
        for (int i = 0; i < tps.length; i++) {
            runs.add(run(2 * i, 4, i + 1, Side.A, tps[i][0]));
            runs.add(run(2 * i + 1, 4, i + 1, Side.B, tps[i][1]));
        }
        ThreadVerdict v = AbVerdicts.of(runs).get(0);
        io.clusterbench.result.ValidityFlag noise = v.validity().flag("within-noise");
        assertNotNull(noise, v.validity().toString());
        assertEquals(Math.abs(v.tps().percent()), Math.abs(noise.figures().get("changePercent")), 0.006);
        assertEquals(v.tps().mddPercent(), noise.figures().get("noisePercent"), 0.006);
        assertTrue(Math.abs(v.tps().percent()) < v.tps().mddPercent(), v.tps().toString());
        assertFalse(v.validity().has("too-few-repeats"), "3 pairs are enough: " + v.validity());
    }

    @Test
    void aSideWhoseRunIsFlaggedIsNamedInThePairsVerdictAndTheSummaryLine() {
        List<AbRun> runs = new ArrayList<>();
        double[][] tps = {{100, 120}, {101, 121}, {99, 119}};
        for (int i = 0; i < tps.length; i++) {
            runs.add(run(2 * i, 64, i + 1, Side.A, tps[i][0]));
            AbRun b = run(2 * i + 1, 64, i + 1, Side.B, tps[i][1]);
            if (i == 1) {
                io.clusterbench.result.Validity saturated = new io.clusterbench.result.Validity(List.of(
                        new io.clusterbench.result.ValidityFlag("host-cpu-saturated", "host CPU 97.0% busy",
                                java.util.Map.of("hostCpuPercent", 97.0))), 97.0, 30.0, true);
                b = new AbRun(b.step(), b.startedSeconds(), b.run().withFacts(b.run().observerFacts()
                        .with(io.clusterbench.result.FactKeys.VALIDITY, saturated)), null, null);
            }
            runs.add(b);
        }
        List<ThreadVerdict> v = AbVerdicts.of(runs);
        io.clusterbench.result.ValidityFlag f = v.get(0).validity().flag("host-cpu-saturated");
        assertNotNull(f, v.get(0).validity().toString());
        assertEquals("B run 2: host CPU 97.0% busy", f.evidence());
        assertEquals(97.0, f.figures().get("hostCpuPercent"));
        assertTrue(AbVerdicts.summaryLine(v).endsWith("; flagged: 64 threads (B host-cpu-saturated)"),
                AbVerdicts.summaryLine(v));
    }

    private static AbRun run(int index, int threads, int repeat, Side side, double tps) {
        return SyntheticAb.run(index, threads, repeat, side, tps, null);
    }
}
