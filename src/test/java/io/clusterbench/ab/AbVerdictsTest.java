package io.clusterbench.ab;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Pairs matched by thread count and repeat; wins, losses and ties in one summary line. */
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

    private static AbRun run(int index, int threads, int repeat, Side side, double tps) {
        return SyntheticAb.run(index, threads, repeat, side, tps, null);
    }
}
