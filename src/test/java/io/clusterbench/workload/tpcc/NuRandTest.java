package io.clusterbench.workload.tpcc;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * NURand and the warehouse helpers, with one regression test per sysbench-tpcc defect they fix
 * (shared/reference/tpcc.md, "Issues observed in the code").
 */
class NuRandTest {

    /** Defect: sysbench-tpcc redraws C on every call (its guard flag 0 is true in Lua). */
    @Test
    void constantsAreDrawnOncePerRunFromTheRunSeed() {
        NuRand n = new NuRand(new SplittableRandom(7));
        int cLast = n.cLast();
        int cId = n.cId();
        int cItem = n.cItem();
        SplittableRandom rng = new SplittableRandom(1);
        for (int i = 0; i < 10_000; i++) {
            n.customerId(rng);
            n.itemId(rng);
            n.lastName(rng);
        }
        assertEquals(cLast, n.cLast());
        assertEquals(cId, n.cId());
        assertEquals(cItem, n.cItem());
        NuRand sameSeed = new NuRand(new SplittableRandom(7));
        assertEquals(cLast, sameSeed.cLast());
        assertEquals(cId, sameSeed.cId());
        assertEquals(cItem, sameSeed.cItem());
    }

    @Test
    void theWorkloadDrawsItsConstantsFromTheRunSeed() {
        TpccConfig config = new TpccConfig(1, 1, false, TpccConfig.Isolation.RR, false, TxMix.standard(false), true,
                1, "innodb");
        NuRand a = new TpccWorkload(config, 123).nuRand();
        NuRand b = new TpccWorkload(config, 123).nuRand();
        assertEquals(a.cId(), b.cId());
        assertEquals(a.cItem(), b.cItem());
        Set<Integer> distinct = new HashSet<>();
        for (long seed = 1; seed <= 20; seed++) {
            distinct.add(new TpccWorkload(config, seed).nuRand().cItem());
        }
        assertTrue(distinct.size() > 10, "different seeds give different constants: " + distinct);
    }

    /** With constants fixed, the same generator state gives the same value: the sequence is reproducible. */
    @Test
    void valuesStayInRangeAndAreSkewed() {
        NuRand n = new NuRand(new SplittableRandom(3));
        SplittableRandom rng = new SplittableRandom(9);
        int[] counts = new int[TpccConfig.CUSTOMERS + 1];
        for (int i = 0; i < 300_000; i++) {
            int c = n.customerId(rng);
            assertTrue(c >= 1 && c <= TpccConfig.CUSTOMERS, "customer id " + c);
            counts[c]++;
            int item = n.itemId(rng);
            assertTrue(item >= 1 && item <= TpccConfig.ITEMS, "item id " + item);
        }
        int max = 0;
        for (int c : counts) {
            max = Math.max(max, c);
        }
        assertTrue(max > 3 * 100, "NURand is non-uniform: the hottest id gets > 3x the uniform 100 draws, got " + max);
    }

    /** Defect: sysbench-tpcc's other_ware() loops until the draw equals the home warehouse. */
    @Test
    void otherWarehouseIsNeverHomeAndCoversEveryOther() {
        SplittableRandom rng = new SplittableRandom(5);
        for (int home = 1; home <= 4; home++) {
            Set<Integer> seen = new HashSet<>();
            for (int i = 0; i < 1000; i++) {
                int w = NuRand.otherWarehouse(rng, home, 4);
                assertNotEquals(home, w);
                assertTrue(w >= 1 && w <= 4);
                seen.add(w);
            }
            assertEquals(3, seen.size());
        }
        assertEquals(1, NuRand.otherWarehouse(rng, 1, 1));
    }

    @Test
    void lastNamesFollowTheSyllableTable() {
        assertEquals("BARBARBAR", NuRand.lastName(0));
        assertEquals("OUGHTABLEPRI", NuRand.lastName(123));
        assertEquals("EINGEINGEING", NuRand.lastName(999));
    }

    /** The text {@link io.clusterbench.workload.RowStream.Line#fixed2} writes for one field. */
    private static String fixed2(long hundredths) {
        io.clusterbench.workload.RowStream in = new io.clusterbench.workload.RowStream(
                (row, line) -> line.field().fixed2(hundredths), 1);
        byte[] b = new byte[64];
        int n = in.read(b, 0, b.length);
        return new String(b, 0, n - 1, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    @Test
    void centsAreWrittenWithTwoDecimals() {
        assertEquals("0.05", fixed2(5));
        assertEquals("12.34", fixed2(1234));
        assertEquals("300000.00", fixed2(30_000_000));
    }

    @Test
    void everySetHasNineSuffixedTables() {
        TpccConfig config = new TpccConfig(1, 2, false, TpccConfig.Isolation.RR, false, TxMix.standard(false), true,
                1, "innodb");
        var names = new TpccSchema(config).names();
        assertEquals(18, names.size());
        assertTrue(names.containsAll(Set.of("warehouse1", "district1", "customer1", "history1", "orders1",
                "new_orders1", "order_line1", "stock1", "item1", "warehouse2", "item2")));
    }
}
