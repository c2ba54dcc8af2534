package io.clusterbench.probe;

import io.clusterbench.anomaly.AnomalyClass;
import io.clusterbench.anomaly.BankCheck;
import io.clusterbench.anomaly.BankRead;
import io.clusterbench.anomaly.CheckResult;
import io.clusterbench.anomaly.ClassCount;
import io.clusterbench.anomaly.CounterCheck;
import io.clusterbench.anomaly.CounterOp;
import io.clusterbench.anomaly.InvariantClass;
import io.clusterbench.anomaly.Link;
import io.clusterbench.anomaly.MicroOp;
import io.clusterbench.anomaly.Promise;
import io.clusterbench.anomaly.Txn;
import io.clusterbench.anomaly.Witness;
import io.clusterbench.result.AnomalyCheck;
import io.clusterbench.result.AnomalyWitness;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The checkers' results as the records of {@code anomalies.json}: each class with its count, N, unit, whether the
 * setting forbids it ({@link Promise}) and the "0 in N" bound in percent, and the witnesses with their operations
 * and edges in words.
 *
 * <p>Thread-safe (stateless).
 */
public final class AnomalyRecords {
    /** Values of a read list shown in a witness; earlier ones are summarised as a count. */
    static final int SHOWN = 8;

    private AnomalyRecords() {
    }

    /**
     * @param r          the list-append checker's result
     * @param promise    what the setting promises
     * @param finalNodes the nodes whose final read is in the history
     * @param load       the load's throughput
     * @return the check's record
     */
    public static AnomalyCheck append(CheckResult r, Promise promise, List<String> finalNodes, AnomalyCheck.Load load) {
        Set<AnomalyClass> forbidden = promise.appendForbidden();
        List<AnomalyCheck.Count> counts = new ArrayList<>();
        for (ClassCount c : r.counts()) {
            counts.add(count(c.anomaly().label(), c.count(), c.checked(), c.unit().label(),
                    forbidden.contains(c.anomaly())));
        }
        List<AnomalyWitness> witnesses = new ArrayList<>();
        for (Witness w : r.witnesses()) {
            List<AnomalyWitness.Txn> txns = w.transactions().stream().map(AnomalyRecords::txn).toList();
            List<AnomalyWitness.Edge> edges = w.links().stream().map(AnomalyRecords::edge).toList();
            witnesses.add(new AnomalyWitness(w.anomaly().label(), w.summary(), txns, edges));
        }
        return new AnomalyCheck("append", true, r.transactions(), r.ok(), r.failed(), r.unknown(), r.reads(), r.keys(),
                finalNodes, load, counts, witnesses, null, null);
    }

    /**
     * @param b          the bank check
     * @param operations the bank's operations in the history, with their outcomes
     * @return the check's record: wrong totals, negative balances and wrong account counts per acknowledged read
     */
    public static AnomalyCheck bank(BankCheck b, Outcomes operations, Promise promise, List<String> finalNodes,
                                    AnomalyCheck.Load load) {
        List<AnomalyCheck.Count> counts = List.of(
                count(InvariantClass.WRONG_TOTAL, b.wrongTotal(), b.readsChecked(), promise),
                count(InvariantClass.NEGATIVE_BALANCE, b.negative(), b.readsChecked(), promise),
                count(InvariantClass.WRONG_ACCOUNTS, b.wrongAccounts(), b.readsChecked(), promise));
        List<AnomalyWitness> witnesses = new ArrayList<>();
        for (BankRead r : b.witnesses()) {
            String anomaly = r.total() != b.expectedTotal() ? InvariantClass.WRONG_TOTAL.label()
                    : r.balances().length != b.accounts() ? InvariantClass.WRONG_ACCOUNTS.label()
                    : InvariantClass.NEGATIVE_BALANCE.label();
            String read = "read balances = " + java.util.Arrays.toString(r.balances()) + ", total " + r.total()
                    + " (expected " + b.expectedTotal() + ")";
            witnesses.add(new AnomalyWitness(anomaly, "B" + r.id() + " on " + r.node() + ": total " + r.total()
                    + ", expected " + b.expectedTotal(), List.of(new AnomalyWitness.Txn(r.id(), r.session(), r.node(),
                    r.invokeMicros(), r.completeMicros(), r.outcome().label(), List.of(read), r.error())), List.of()));
        }
        return new AnomalyCheck("bank", true, operations.total(), operations.ok(), operations.failed(),
                operations.unknown(), b.readsChecked(), 0, finalNodes, load, counts, witnesses,
                new AnomalyCheck.Bank(b.accounts(), b.expectedTotal(), b.minTotal(), b.maxTotal(), b.transfers()), null);
    }

    /**
     * @param c          the counter check
     * @param operations the counter's operations in the history, with their outcomes
     * @return the check's record: stale and impossible reads, lost and extra increments
     */
    public static AnomalyCheck counter(CounterCheck c, Outcomes operations, Promise promise, List<String> finalNodes,
                                       AnomalyCheck.Load load) {
        long finalsChecked = c.finals().isEmpty() ? 0 : c.acknowledged();
        List<AnomalyCheck.Count> counts = List.of(
                count(InvariantClass.STALE_COUNTER_READ, c.staleReads(), c.readsChecked(), promise),
                count(InvariantClass.IMPOSSIBLE_COUNTER_READ, c.impossibleReads(), c.readsChecked(), promise),
                count(InvariantClass.LOST_INCREMENT, c.lostIncrements(), finalsChecked, promise),
                count(InvariantClass.EXTRA_INCREMENT, c.extraIncrements(), c.finals().isEmpty() ? 0 : c.failed(), promise));
        List<AnomalyWitness> witnesses = new ArrayList<>();
        for (int i = 0; i < c.witnesses().size(); i++) {
            CounterOp r = c.witnesses().get(i);
            String anomaly = c.witnessClasses().get(i).label();
            String text = (r.finalRead() ? "final read n = " : "read n = ") + r.value() + " (" + c.acknowledged()
                    + " acknowledged, " + c.unknown() + " unknown increments in the whole history)";
            witnesses.add(new AnomalyWitness(anomaly, "C" + r.id() + " on " + r.node() + ": n = " + r.value(),
                    List.of(new AnomalyWitness.Txn(r.id(), r.session(), r.node(), r.invokeMicros(), r.completeMicros(),
                            r.outcome().label(), List.of(text), r.error())), List.of()));
        }
        List<AnomalyCheck.CounterFinal> finals = c.finals().stream()
                .map(f -> new AnomalyCheck.CounterFinal(f.node(), f.value())).toList();
        return new AnomalyCheck("counter", true, operations.total(), operations.ok(), operations.failed(),
                operations.unknown(), c.readsChecked(), 0, finalNodes, load, counts, witnesses, null, finals);
    }

    /** @return a check that was not run (a stop left no time), with the operations recorded */
    public static AnomalyCheck unchecked(String workload, Outcomes operations, AnomalyCheck.Load load) {
        return new AnomalyCheck(workload, false, operations.total(), operations.ok(), operations.failed(),
                operations.unknown(), 0, 0, List.of(), load, List.of(), List.of(), null, null);
    }

    /** How a workload's operations ended. Immutable. */
    public record Outcomes(long total, long ok, long failed, long unknown) {
    }

    private static AnomalyCheck.Count count(InvariantClass c, long count, long checked, Promise promise) {
        return count(c.label(), count, checked, c.unit(), promise.forbids(c));
    }

    private static AnomalyCheck.Count count(String anomaly, long count, long checked, String unit, boolean forbidden) {
        return new AnomalyCheck.Count(anomaly, count, checked, unit, forbidden,
                count == 0 ? 100 * ClassCount.zeroUpperBound95(checked) : null);
    }

    private static AnomalyWitness.Txn txn(Txn t) {
        List<String> ops = t.ops().stream().map(AnomalyRecords::op).toList();
        return new AnomalyWitness.Txn(t.id(), t.session(), t.node(), t.invokeMicros(), t.completeMicros(),
                t.outcome().label(), ops, t.error());
    }

    /** @return {@code append(3, 17)}, {@code read(3) = [...12 more, 15, 16]} or {@code read(3) not run} */
    static String op(MicroOp m) {
        if (m.isAppend()) {
            return "append(" + m.key() + ", " + m.value() + ")";
        }
        if (m.read() == null) {
            return "read(" + m.key() + ") not run";
        }
        long[] l = m.read();
        StringBuilder b = new StringBuilder("read(").append(m.key()).append(") = [");
        int from = Math.max(0, l.length - SHOWN);
        if (from > 0) {
            b.append("...").append(from).append(" more");
        }
        for (int i = from; i < l.length; i++) {
            b.append(i > 0 ? ", " : "").append(l[i]);
        }
        return b.append(']').toString();
    }

    private static AnomalyWitness.Edge edge(Link l) {
        return new AnomalyWitness.Edge(l.from(), l.to(), l.type().label(), l.key(), l.fromValue(), l.toValue(), l.text());
    }
}
