package io.clusterbench.anomaly;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import static io.clusterbench.anomaly.AnomalyClass.DUPLICATE_APPEND;
import static io.clusterbench.anomaly.AnomalyClass.G0;
import static io.clusterbench.anomaly.AnomalyClass.G0_REALTIME;
import static io.clusterbench.anomaly.AnomalyClass.G1A;
import static io.clusterbench.anomaly.AnomalyClass.G1B;
import static io.clusterbench.anomaly.AnomalyClass.G1C;
import static io.clusterbench.anomaly.AnomalyClass.G1C_REALTIME;
import static io.clusterbench.anomaly.AnomalyClass.G2_ITEM;
import static io.clusterbench.anomaly.AnomalyClass.G2_ITEM_REALTIME;
import static io.clusterbench.anomaly.AnomalyClass.GARBAGE_READ;
import static io.clusterbench.anomaly.AnomalyClass.G_SINGLE;
import static io.clusterbench.anomaly.AnomalyClass.G_SINGLE_REALTIME;
import static io.clusterbench.anomaly.AnomalyClass.INCOMPATIBLE_ORDER;
import static io.clusterbench.anomaly.AnomalyClass.INTERNAL;
import static io.clusterbench.anomaly.AnomalyClass.LOST_APPEND;
import static io.clusterbench.anomaly.AnomalyClass.LOST_UPDATE;
import static io.clusterbench.anomaly.AnomalyClass.STALE_READ;
import static io.clusterbench.anomaly.MicroOp.append;
import static io.clusterbench.anomaly.MicroOp.read;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Hand-built histories, one per anomaly class: each gives exactly the expected classes, with the witness naming the
 * transactions and the edges' evidence. Keys: x = 1, y = 2, z = 3.
 */
class AppendCheckerTest {
    static final long X = 1;
    static final long Y = 2;
    static final long Z = 3;

    static Txn ok(long id, long invoke, long complete, MicroOp... ops) {
        return Txn.of(id, (int) id, "n" + (1 + id % 3), invoke, complete, Outcome.OK, ops);
    }

    static Txn failed(long id, long invoke, long complete, MicroOp... ops) {
        return new Txn(id, (int) id, "n1", invoke, complete, Outcome.FAILED, List.of(ops), "1213/40001 Deadlock", false);
    }

    static Txn unknown(long id, long invoke, long complete, MicroOp... ops) {
        return new Txn(id, (int) id, "n1", invoke, complete, Outcome.UNKNOWN, List.of(ops), "2013/08S01 lost", false);
    }

    static Txn finalRead(long id, long invoke, MicroOp... ops) {
        return new Txn(id, 0, "n2", invoke, invoke + 5, Outcome.OK, List.of(ops), null, true);
    }

    static CheckResult check(Txn... txns) {
        return AppendChecker.check(List.of(txns));
    }

    static void assertFound(CheckResult r, AnomalyClass... expected) {
        Set<AnomalyClass> want = expected.length == 0 ? EnumSet.noneOf(AnomalyClass.class) : EnumSet.of(expected[0],
                expected);
        assertEquals(want, r.found(), () -> "witnesses: " + r.witnesses());
        for (AnomalyClass c : want) {
            assertTrue(!r.witnesses(c).isEmpty(), "a witness for " + c);
        }
    }

    static List<Long> ids(Witness w) {
        return w.transactions().stream().map(Txn::id).toList();
    }

    static List<String> types(Witness w) {
        return w.links().stream().map(l -> l.type().label()).toList();
    }

    /** Cycle witnesses: link i leaves transaction i and enters the next one, the last enters the first. */
    static void assertClosedCycle(Witness w) {
        List<Txn> t = w.transactions();
        for (int i = 0; i < t.size(); i++) {
            assertEquals(t.get(i).id(), w.links().get(i).from(), w.toString());
            assertEquals(t.get((i + 1) % t.size()).id(), w.links().get(i).to(), w.toString());
        }
    }

    @Test
    void writeCycleIsG0() {
        CheckResult r = check(
                ok(1, 0, 100, append(X, 1), append(Y, 2)),
                ok(2, 0, 100, append(X, 3), append(Y, 4)),
                ok(3, 200, 300, read(X, 1, 3)),
                ok(4, 200, 300, read(Y, 4, 2)));
        assertFound(r, G0);
        Witness w = r.witnesses(G0).get(0);
        assertEquals(List.of(1L, 2L), ids(w));
        assertEquals(List.of("ww", "ww"), types(w));
        assertClosedCycle(w);
        assertEquals(X, w.links().get(0).key());
        assertEquals(1L, w.links().get(0).fromValue());
        assertEquals(3L, w.links().get(0).toValue());
        assertEquals(Y, w.links().get(1).key());
        assertEquals("T1 -ww-> T2 -ww-> T1", w.summary());
        assertEquals(1, r.count(G0));
    }

    @Test
    void readOfAFailedTransactionsAppendIsG1a() {
        CheckResult r = check(
                failed(1, 0, 10, append(X, 1)),
                ok(2, 20, 30, read(X, 1)));
        assertFound(r, G1A);
        Witness w = r.witnesses(G1A).get(0);
        assertEquals(List.of(1L, 2L), ids(w));
        assertEquals(1L, w.links().get(0).fromValue());
        assertTrue(w.links().get(0).text().contains("which failed (1213/40001 Deadlock)"), w.links().get(0).text());
    }

    @Test
    void readOfPartOfAnotherTransactionsAppendsIsG1b() {
        CheckResult r = check(
                ok(1, 0, 10, append(X, 1), append(X, 2)),
                ok(2, 5, 30, read(X, 1)));
        assertFound(r, G1B);
        Link l = r.witnesses(G1B).get(0).links().get(0);
        assertEquals(1L, l.fromValue());
        assertEquals(2L, l.toValue());
        assertEquals(1L, l.from());
        assertEquals(2L, l.to());
    }

    @Test
    void intermediateReadWithTheFullOrderKnownIsAlsoASingleAntiDependencyCycle() {
        CheckResult r = check(
                ok(1, 0, 10, append(X, 1), append(X, 2)),
                ok(2, 5, 30, read(X, 1)),
                ok(3, 5, 30, read(X, 1, 2)));
        assertFound(r, G1B, G_SINGLE);
        assertEquals(List.of("wr", "rw"), types(r.witnesses(G_SINGLE).get(0)));
    }

    @Test
    void circularInformationFlowIsG1c() {
        CheckResult r = check(
                ok(1, 0, 100, append(X, 1), read(Y, 2)),
                ok(2, 0, 100, append(Y, 2), read(X, 1)));
        assertFound(r, G1C);
        Witness w = r.witnesses(G1C).get(0);
        assertEquals(List.of("wr", "wr"), types(w));
        assertClosedCycle(w);
    }

    @Test
    void readSkewIsGSingle() {
        CheckResult r = check(
                ok(1, 0, 100, append(X, 1), append(Y, 1)),
                ok(2, 0, 100, read(X), read(Y, 1)),
                ok(3, 200, 300, read(X, 1)));
        assertFound(r, G_SINGLE);
        Witness w = r.witnesses(G_SINGLE).get(0);
        assertClosedCycle(w);
        assertEquals(Set.of(1L, 2L), Set.copyOf(ids(w)));
        Link rw = w.links().stream().filter(l -> l.type() == DepType.RW).findFirst().orElseThrow();
        assertEquals(2L, rw.from());
        assertEquals(X, rw.key());
        assertEquals(null, rw.fromValue(), "T2 read an empty list");
        assertEquals(1L, rw.toValue());
        assertTrue(rw.text().contains("T2 read key 1 = [] and missed 1"), rw.text());
    }

    @Test
    void writeSkewIsG2Item() {
        CheckResult r = check(
                ok(1, 0, 100, read(X), read(Y), append(X, 1)),
                ok(2, 0, 100, read(X), read(Y), append(Y, 2)),
                ok(3, 200, 300, read(X, 1), read(Y, 2)));
        assertFound(r, G2_ITEM);
        Witness w = r.witnesses(G2_ITEM).get(0);
        assertEquals(List.of("rw", "rw"), types(w));
        assertClosedCycle(w);
    }

    @Test
    void twoTransactionsAppendingAfterReadingTheSameListIsALostUpdate() {
        CheckResult r = check(
                ok(1, 0, 100, read(X, 5), append(X, 1)),
                ok(2, 0, 100, read(X, 5), append(X, 2)),
                ok(3, 0, 1, append(X, 5)),
                ok(4, 200, 300, read(X, 5, 1, 2)));
        assertFound(r, LOST_UPDATE, G_SINGLE);
        Witness w = r.witnesses(LOST_UPDATE).get(0);
        assertEquals(List.of(1L, 2L), ids(w));
        assertEquals("T1 and T2 both read key 1 = [5] and both appended to it (1, 2)", w.summary());
        assertEquals(5L, w.links().get(0).fromValue());
        assertEquals(List.of("ww", "rw"), types(r.witnesses(G_SINGLE).get(0)));
    }

    @Test
    void readMissingAnAppendAcknowledgedBeforeItBeganIsAStaleRead() {
        CheckResult r = check(
                ok(1, 0, 10, append(X, 1)),
                ok(2, 20, 30, read(X)),
                ok(3, 40, 50, read(X, 1)));
        assertFound(r, STALE_READ, G_SINGLE_REALTIME);
        Witness w = r.witnesses(STALE_READ).get(0);
        assertEquals(List.of(1L, 2L), ids(w));
        assertEquals(List.of("rt", "rw"), types(w));
        assertTrue(w.links().get(1).text().contains("acknowledged 10 µs before T2 was invoked"), w.links().get(1).text());
        Witness cycle = r.witnesses(G_SINGLE_REALTIME).get(0);
        assertEquals(List.of(1L, 2L), ids(cycle));
        assertEquals(List.of("rt", "rw"), types(cycle));
        assertEquals(2, r.counts().stream().filter(c -> c.anomaly() == STALE_READ).findFirst().orElseThrow().checked(),
                "T2's and T3's reads were checked");
    }

    @Test
    void versionOrderAgainstRealTimeIsG0Realtime() {
        CheckResult r = check(
                ok(1, 0, 10, append(X, 1)),
                ok(2, 20, 30, append(X, 2)),
                ok(3, 40, 50, read(X, 2, 1)));
        assertFound(r, G0_REALTIME);
        Witness w = r.witnesses(G0_REALTIME).get(0);
        assertEquals(List.of(1L, 2L), ids(w));
        assertEquals(List.of("rt", "ww"), types(w), "T1 was acknowledged before T2 began, yet 2 comes before 1");
    }

    @Test
    void readingAnAppendOfALaterTransactionIsG1cRealtime() {
        CheckResult r = check(
                ok(1, 0, 10, read(X, 1)),
                ok(2, 20, 30, append(X, 1)));
        assertFound(r, G1C_REALTIME);
        assertEquals(List.of("rt", "wr"), types(r.witnesses(G1C_REALTIME).get(0)));
    }

    @Test
    void twoAntiDependenciesClosedByRealTimeAreG2ItemRealtime() {
        CheckResult r = check(
                ok(3, 0, 5, append(Y, 3)),
                ok(1, 10, 20, read(X)),
                ok(2, 0, 100, append(X, 1), read(Y)),
                ok(4, 200, 210, read(X, 1), read(Y, 3)));
        assertFound(r, G2_ITEM_REALTIME);
        Witness w = r.witnesses(G2_ITEM_REALTIME).get(0);
        assertClosedCycle(w);
        assertEquals(3, w.transactions().size());
        assertEquals(2, types(w).stream().filter("rw"::equals).count());
    }

    @Test
    void readsThatDisagreeOnTheOrderAreIncompatible() {
        CheckResult r = check(
                ok(1, 0, 10, append(X, 1)),
                ok(2, 0, 10, append(X, 2)),
                ok(3, 20, 30, read(X, 1, 2)),
                ok(4, 20, 30, read(X, 2, 1)));
        assertFound(r, INCOMPATIBLE_ORDER);
        Witness w = r.witnesses(INCOMPATIBLE_ORDER).get(0);
        assertEquals(List.of(4L, 3L), ids(w));
        assertTrue(w.summary().endsWith("they differ at index 0 (2 vs 1)"), w.summary());
    }

    @Test
    void aValueReadTwiceIsADuplicateAppend() {
        CheckResult r = check(
                ok(1, 0, 10, append(X, 1)),
                ok(2, 20, 30, read(X, 1, 1)));
        assertFound(r, DUPLICATE_APPEND);
        assertEquals(List.of(1L, 2L), ids(r.witnesses(DUPLICATE_APPEND).get(0)));
    }

    @Test
    void aValueNobodyAppendedIsAGarbageRead() {
        CheckResult r = check(ok(1, 0, 10, read(X, 7)));
        assertFound(r, GARBAGE_READ);
    }

    @Test
    void notSeeingOnesOwnAppendIsInternal() {
        CheckResult r = check(
                ok(1, 0, 10, append(X, 1), read(X)),
                ok(2, 20, 30, read(X, 1)));
        assertFound(r, INTERNAL);
        assertTrue(r.witnesses(INTERNAL).get(0).summary().startsWith("T1 missed its own appends of key 1"));
    }

    @Test
    void anAcknowledgedAppendMissingFromAFinalReadIsLost() {
        CheckResult r = check(
                ok(1, 0, 10, append(X, 1)),
                ok(2, 0, 10, append(X, 2)),
                finalRead(3, 100, read(X, 1)));
        assertFound(r, LOST_APPEND);
        Witness w = r.witnesses(LOST_APPEND).get(0);
        assertEquals(List.of(2L, 3L), ids(w));
        ClassCount c = r.counts().stream().filter(x -> x.anomaly() == LOST_APPEND).findFirst().orElseThrow();
        assertEquals(2, c.checked(), "both acknowledged appends were checked");
        assertEquals(0, r.count(STALE_READ), "a final read is checked for losses, not staleness");
    }

    // ---- histories that look suspicious but are valid

    @Test
    void overlappingTransactionsInASerialOrderOtherThanInvocationOrderAreValid() {
        CheckResult r = check(
                ok(1, 0, 100, read(X, 2), append(Y, 1)),
                ok(2, 10, 50, append(X, 2)),
                ok(3, 60, 200, read(Y, 1), read(X, 2)));
        assertFound(r);
    }

    @Test
    void anUnknownOutcomeExplainsAReadAndAnUnseenOneIsNotRequired() {
        CheckResult r = check(
                unknown(1, 0, 10, append(X, 1)),
                unknown(2, 0, 10, append(X, 2)),
                ok(3, 20, 30, read(X, 1)),
                finalRead(4, 100, read(X, 1)));
        assertFound(r);
        assertEquals(2, r.unknown());
    }

    @Test
    void emptyReadsBeforeAndBesideTheFirstAppendAreValid() {
        CheckResult r = check(
                ok(1, 0, 10, read(X)),
                ok(2, 5, 20, append(X, 1)),
                ok(3, 6, 30, read(X), read(Y)),
                ok(4, 25, 40, read(X, 1), read(Y)));
        assertFound(r);
    }

    @Test
    void aFailedTransactionNobodyReadAndReadsOfOwnAppendsAreValid() {
        CheckResult r = check(
                failed(1, 0, 10, append(X, 1), read(X)),
                ok(2, 20, 30, append(X, 2), read(X, 2), append(X, 3), read(X, 2, 3)),
                ok(3, 40, 50, read(X, 2, 3)));
        assertFound(r);
    }

    @Test
    void aNonRepeatableReadIsASingleAntiDependencyCycleThatReadCommittedAllows() {
        CheckResult r = check(
                ok(0, 0, 5, append(X, 1)),
                ok(1, 10, 100, read(X, 1), append(X, 3), read(X, 1, 2, 3)),
                ok(2, 20, 30, append(X, 2)));
        assertFound(r, G_SINGLE);
        assertEquals(Set.of(), r.violations(Guarantee.READ_COMMITTED.forbids()));
        assertEquals(Set.of(G_SINGLE), r.violations(Guarantee.REPEATABLE_READ.forbids()));
    }

    @Test
    void aValueAppendedTwiceCannotBeChecked() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> check(
                ok(1, 0, 10, append(X, 1)),
                ok(2, 0, 10, append(X, 1))));
        assertTrue(e.getMessage().contains("value 1 is appended to key 1 twice (T1, T2)"), e.getMessage());
    }

    @Test
    void zeroCountsCarryAnExactUpperBound() {
        List<Txn> txns = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            txns.add(ok(i, 10L * i, 10L * i + 5, append(X, i)));
        }
        CheckResult r = AppendChecker.check(txns);
        ClassCount g0 = r.counts().stream().filter(c -> c.anomaly() == G0).findFirst().orElseThrow();
        assertEquals(1000, g0.checked());
        assertEquals(0.002991, g0.upperBound95(), 1e-6, "1 - 0.05^(1/1000), near the rule of three's 0.003");
        assertEquals(1.0, ClassCount.zeroUpperBound95(0));
        assertEquals(0.95, ClassCount.zeroUpperBound95(1), 1e-12);
        assertEquals(AnomalyClass.values().length, r.counts().size());
    }
}
