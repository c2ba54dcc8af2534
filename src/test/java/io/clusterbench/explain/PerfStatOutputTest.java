package io.clusterbench.explain;

import io.clusterbench.result.HardwareCounters;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** perf stat -x, output: a virtual machine's "not supported" (as printed here) and real counts. */
class PerfStatOutputTest {
    private static final String VM = """
            # started on Wed Dec  2 12:56:01 2026

            <not supported>,,cycles,0,100.00,,
            <not supported>,,instructions,0,100.00,,
            <not supported>,,L1-icache-load-misses,0,100.00,,
            <not supported>,,iTLB-load-misses,0,100.00,,
            <not supported>,,branch-misses,0,100.00,,
            """;

    @Test
    void aHostWithoutCountersGivesNoCountsNeverZeros() {
        assertNull(PerfStatOutput.parse(VM));
        assertTrue(PerfStatOutput.notSupported(VM));
    }

    @Test
    void countsAndTheFiguresDerivedFromThem() {
        String text = """
                # started on Wed Dec  2 12:56:01 2026

                4000000,,cycles,1000000,100.00,,
                2000000,,instructions,1000000,100.00,0.50,insn per cycle
                20000,,L1-icache-load-misses,1000000,100.00,,
                <not counted>,,iTLB-load-misses,0,0.00,,
                4000,,branch-misses,1000000,100.00,,
                """;
        HardwareCounters.Counts c = PerfStatOutput.parse(text);
        assertEquals(new HardwareCounters.Counts(4_000_000L, 2_000_000L, 20_000L, null, 4_000L), c);
        HardwareCounters.Node n = new HardwareCounters.Node("n1", "127.0.0.1:3306", true, null, 1.0, c, 0, null);
        HardwareCounters.Derived d = new HardwareCounters(java.util.List.of(n)).perEvent(1000).nodes().get(0).derived();
        assertEquals(4000.0, d.cyclesPerEvent());
        assertEquals(0.5, d.ipc());
        assertEquals(10.0, d.l1iMissesPerKiloInstr());
        assertNull(d.itlbMissesPerKiloInstr(), "a counter perf could not read stays unknown");
        assertEquals(2.0, d.branchMissesPerKiloInstr());
    }
}
