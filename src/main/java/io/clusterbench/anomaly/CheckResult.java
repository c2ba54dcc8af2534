package io.clusterbench.anomaly;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * What the list-append checker found in one history.
 *
 * <p>Immutable.
 *
 * @param transactions     list-append transactions in the history (final reads included)
 * @param ok               acknowledged transactions: N of the transaction classes
 * @param failed           transactions that definitely did not commit
 * @param unknown          transactions that possibly committed
 * @param reads            reads of acknowledged transactions: N of the read classes (stale reads: without the final
 *                         reads)
 * @param keys             keys touched
 * @param counts           one entry per {@link AnomalyClass}, in its order, zeros included
 * @param witnesses        up to {@value AppendChecker#MAX_WITNESSES} witnesses per class found, the shortest
 *                         first
 */
public record CheckResult(long transactions, long ok, long failed, long unknown, long reads, long keys,
                          List<ClassCount> counts, List<Witness> witnesses) {
    /** Copies the lists. */
    public CheckResult {
        counts = List.copyOf(counts);
        witnesses = List.copyOf(witnesses);
    }

    /** @return how many of {@code anomaly} were found */
    public long count(AnomalyClass anomaly) {
        return counts.stream().filter(c -> c.anomaly() == anomaly).mapToLong(ClassCount::count).sum();
    }

    /** @return the witnesses of {@code anomaly}, shortest first */
    public List<Witness> witnesses(AnomalyClass anomaly) {
        return witnesses.stream().filter(w -> w.anomaly() == anomaly).toList();
    }

    /** @return the classes found at least once */
    public Set<AnomalyClass> found() {
        EnumSet<AnomalyClass> s = EnumSet.noneOf(AnomalyClass.class);
        counts.stream().filter(c -> c.count() > 0).forEach(c -> s.add(c.anomaly()));
        return s;
    }

    /**
     * @param forbidden what the run's settings forbid ({@link Guarantee#forbidden})
     * @return the forbidden classes that were found; empty when the history keeps the promise
     */
    public Set<AnomalyClass> violations(Set<AnomalyClass> forbidden) {
        Set<AnomalyClass> s = found();
        s.retainAll(forbidden);
        return s;
    }
}
