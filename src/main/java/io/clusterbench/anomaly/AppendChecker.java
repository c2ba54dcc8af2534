package io.clusterbench.anomaly;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The list-append checker: which anomaly classes a history of list-append transactions shows, each with a minimal
 * witness (docs/consistency.md, "How the checker works").
 *
 * <ol>
 *   <li>Per key, the version order is the longest acknowledged read; every read must be a prefix of it (else
 *       {@link AnomalyClass#INCOMPATIBLE_ORDER}).</li>
 *   <li>Per read: garbage, duplicate appends, G1a (a failed transaction's value), G1b (part of another transaction's
 *       appends), real-time stale reads (an append acknowledged before the reader was invoked is missing), lost
 *       appends (an acknowledged append missing from a final read).</li>
 *   <li>Per transaction: internal consistency and lost updates ({@link TxnChecks} states the rule).</li>
 *   <li>The dependency graph ({@link DependencyGraph}: ww, wr, rw and real-time edges), its strongly connected
 *       components per class, and a shortest cycle of the class in each (G0, G1c, G-single, G2-item and their
 *       realtime variants).</li>
 * </ol>
 *
 * <p>Outcomes: an {@link Outcome#UNKNOWN} transaction is possibly committed: its appends may justify reads (no G1a,
 * and they take their place in the version order), but no check requires them (no stale read or lost append for
 * missing them), and its own reads are not used. A {@link Outcome#FAILED} transaction's appends must never be seen.
 *
 * <p>Cost: about linear in the history's size (operations, plus the read lists' lengths, plus n × concurrency
 * real-time edges); the cycle search is bounded per component ({@link Cycles#CANDIDATES} start edges), so its counts
 * are lower bounds.
 *
 * <p>Thread-safe (stateless; each call builds its own index).
 */
public final class AppendChecker {
    /** Witnesses kept per class. */
    public static final int MAX_WITNESSES = 5;

    private AppendChecker() {
    }

    /**
     * @param txns the history's list-append transactions, in any order
     * @return what was found
     * @throws IllegalArgumentException when the history cannot be checked: two transactions share an id, or a value
     *                                  is appended to a key twice (values must be unique per key)
     */
    public static CheckResult check(List<Txn> txns) {
        AppendIndex ix = new AppendIndex(txns);
        Evidence ev = new Evidence(ix);
        Findings f = new Findings();
        ReadChecks reads = new ReadChecks(ix, ev, f);
        reads.run();
        new TxnChecks(ix, ev, f).run();
        Cycles cycles = new Cycles(DependencyGraph.build(ix), txns);
        for (CycleSpec spec : CycleSpec.values()) {
            List<Cycles.Cycle> found = new ArrayList<>(cycles.find(spec));
            found.sort(Comparator.comparingInt(c -> c.nodes().length));
            for (Cycles.Cycle c : found) {
                f.add(spec.anomaly, () -> witness(spec.anomaly, c, ev));
            }
        }
        long ok = txns.stream().filter(t -> t.outcome() == Outcome.OK).count();
        long failed = txns.stream().filter(t -> t.outcome() == Outcome.FAILED).count();
        List<ClassCount> counts = new ArrayList<>();
        for (AnomalyClass c : AnomalyClass.values()) {
            long checked = switch (c.unit()) {
                case TRANSACTIONS -> ok;
                case READS -> c == AnomalyClass.STALE_READ ? reads.staleChecked : reads.reads;
                case APPENDS -> reads.appendsChecked;
            };
            counts.add(ClassCount.of(c, f.count(c), checked));
        }
        return new CheckResult(txns.size(), ok, failed, txns.size() - ok - failed, reads.reads, ix.keys.size(),
                counts, f.witnesses());
    }

    /** @return the cycle as a witness, starting at its earliest-invoked transaction (then the lowest id) */
    private static Witness witness(AnomalyClass anomaly, Cycles.Cycle c, Evidence ev) {
        List<Txn> txns = new ArrayList<>();
        List<Link> links = new ArrayList<>();
        StringBuilder summary = new StringBuilder();
        int[] nodes = c.nodes();
        int first = 0;
        for (int i = 1; i < nodes.length; i++) {
            Txn a = ev.txn(nodes[i]);
            Txn b = ev.txn(nodes[first]);
            if (a.invokeMicros() < b.invokeMicros() || a.invokeMicros() == b.invokeMicros() && a.id() < b.id()) {
                first = i;
            }
        }
        for (int j = 0; j < nodes.length; j++) {
            int i = (first + j) % nodes.length;
            int next = nodes[(i + 1) % nodes.length];
            txns.add(ev.txn(nodes[i]));
            links.add(ev.link(nodes[i], next, c.types()[i]));
            summary.append(ev.name(nodes[i])).append(" -").append(c.types()[i].label()).append("-> ");
        }
        summary.append(ev.name(nodes[first]));
        return new Witness(anomaly, txns, links, summary.toString());
    }
}
