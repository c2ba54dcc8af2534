package io.clusterbench.anomaly;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The bank and counter invariants and the generator, on hand-built histories. */
class InvariantChecksTest {
    private static final HistoryHeader HEADER = new HistoryHeader(HistoryHeader.SCHEMA, 0, null, null, false,
            List.of("n1"));

    private static History history(HistoryRecord... records) {
        HistoryLog log = new HistoryLog(HEADER);
        for (HistoryRecord r : records) {
            log.add(r);
        }
        return log.history();
    }

    private static BankRead bankRead(long id, Outcome o, long... balances) {
        return new BankRead(id, 0, "n1", id * 10, id * 10 + 5, o, balances, null);
    }

    private static CounterOp inc(long id, Outcome o, long invoke, long complete) {
        return new CounterOp(CounterOp.Kind.INCREMENT, id, 0, "n1", invoke, complete, o, 0, false, null);
    }

    private static CounterOp read(long id, long value, long invoke, long complete, boolean fin) {
        return new CounterOp(CounterOp.Kind.READ, id, 1, "n2", invoke, complete, Outcome.OK, value, fin, null);
    }

    @Test
    void bankReadsThatDoNotTotalTheStartingMoneyBreakTheInvariant() {
        BankCheck ok = BankCheck.of(history(bankRead(1, Outcome.OK, 10, 10), bankRead(2, Outcome.OK, 7, 13),
                bankRead(3, Outcome.FAILED)), 2, 20);
        assertTrue(ok.passed());
        assertEquals(2, ok.readsChecked());
        assertEquals(ClassCount.zeroUpperBound95(2), ok.upperBound95());

        BankCheck bad = BankCheck.of(history(bankRead(1, Outcome.OK, 10, 10), bankRead(2, Outcome.OK, 10, 13),
                bankRead(3, Outcome.OK, -1, 21), bankRead(4, Outcome.OK, 20)), 2, 20);
        assertFalse(bad.passed());
        assertEquals(1, bad.wrongTotal());
        assertEquals(1, bad.negative());
        assertEquals(1, bad.wrongAccounts());
        assertEquals(20, bad.minTotal());
        assertEquals(23, bad.maxTotal());
        assertEquals(List.of(2L, 3L, 4L), bad.witnesses().stream().map(BankRead::id).toList());
        assertEquals(null, bad.upperBound95());
    }

    @Test
    void counterFinalValuesMustLieBetweenAcknowledgedAndPossibleIncrements() {
        History h = history(inc(1, Outcome.OK, 0, 10), inc(2, Outcome.UNKNOWN, 0, 10), inc(3, Outcome.FAILED, 0, 10),
                inc(4, Outcome.OK, 20, 30), read(5, 1, 15, 16, false), read(6, 2, 100, 110, true),
                read(7, 3, 100, 110, true));
        CounterCheck c = CounterCheck.of(h);
        assertTrue(c.passed(), c.toString());
        assertEquals(2, c.acknowledged());
        assertEquals(1, c.unknown());
        assertEquals(1, c.failed());
        assertEquals(2, c.finals().size());

        CounterCheck lost = CounterCheck.of(history(inc(1, Outcome.OK, 0, 10), inc(2, Outcome.OK, 0, 10),
                read(3, 1, 100, 110, true)));
        assertEquals(1, lost.lostIncrements());
        assertFalse(lost.passed());

        CounterCheck extra = CounterCheck.of(history(inc(1, Outcome.OK, 0, 10), inc(2, Outcome.FAILED, 0, 10),
                read(3, 2, 100, 110, true)));
        assertEquals(1, extra.extraIncrements());
        assertFalse(extra.passed());
    }

    @Test
    void counterReadsBelowEarlierAcknowledgementsAreStaleAndAboveEveryInvocationImpossible() {
        CounterCheck c = CounterCheck.of(history(inc(1, Outcome.OK, 0, 10), read(2, 0, 20, 25, false),
                read(3, 5, 20, 25, false), read(4, 0, 5, 12, false), read(5, 1, 110, 120, true)));
        assertEquals(3, c.readsChecked());
        assertEquals(1, c.staleReads(), "read 2 began after the increment was acknowledged and shows 0");
        assertEquals(1, c.impossibleReads(), "read 3 shows 5 increments, 1 was ever invoked");
        assertEquals(List.of(2L, 3L), c.witnesses().stream().map(CounterOp::id).toList());
        assertFalse(c.passed());
        assertEquals(null, c.staleUpperBound95());
    }

    @Test
    void theGeneratorAppendsUniqueValuesAndRetiresFullKeys() {
        AppendGenerator g = new AppendGenerator(new AppendMix(3, 5, 1, 4, 0.3), 100, 1);
        Set<Long> values = new HashSet<>();
        java.util.Map<Long, Integer> perKey = new java.util.HashMap<>();
        long lastId = 0;
        for (int i = 0; i < 500; i++) {
            TxnPlan p = g.next();
            assertTrue(p.id() > lastId);
            lastId = p.id();
            assertTrue(p.ops().size() >= 1 && p.ops().size() <= 4);
            for (MicroOp op : p.ops()) {
                assertTrue(op.key() >= 100);
                if (op.isAppend()) {
                    assertTrue(values.add(op.value()), "unique value " + op.value());
                    perKey.merge(op.key(), 1, Integer::sum);
                } else {
                    assertEquals(null, op.read());
                }
            }
        }
        perKey.values().forEach(n -> assertTrue(n <= 5, "at most 5 appends per key: " + n));
        assertTrue(g.keys().containsAll(perKey.keySet()));
        assertTrue(g.next(1.0).ops().stream().noneMatch(MicroOp::isAppend));
        assertTrue(g.next(0.0).ops().stream().allMatch(MicroOp::isAppend));
    }

    @Test
    void aStoredListIsParsedAndAnEmptyRowIsAnEmptyList() {
        assertEquals(List.of(1L, 22L, 333L), java.util.Arrays.stream(AppendExecutor.parse(1, "1,22,333")).boxed().toList());
        assertEquals(0, AppendExecutor.parse(1, "").length);
    }
}
