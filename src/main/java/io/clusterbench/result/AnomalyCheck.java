package io.clusterbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;
import java.util.Map;

/**
 * What one history workload of one setting of {@code probe anomalies} showed: its operations, the checker's count per
 * anomaly class (with the "0 in N" bound when none was found), the first witnesses of each class found, and the
 * load's own throughput, so the cost of the setting stands beside what it prevents (docs/metrics.md, "Anomaly
 * probe").
 *
 * <p>Immutable.
 *
 * @param workload       {@code append}, {@code bank} or {@code counter}
 * @param checked        false when the history was not checked (a stop left no time); the counts are then empty
 * @param operations     operations in the history, final reads included
 * @param ok             acknowledged operations
 * @param failed         operations that definitely did not commit
 * @param unknown        operations whose commit answer was lost (possibly committed)
 * @param reads          acknowledged reads (list-append: read micro-operations; bank, counter: reads)
 * @param keys           list-append keys touched; 0 for the others
 * @param finalReadNodes the nodes whose final read is in the history, each with {@code (dirty)} when it was read
 *                       outside the primary component ({@code wsrep_dirty_reads})
 * @param load           the load's throughput and latency, final reads left out
 * @param counts         one per class the workload's checker names, in its order, zeros included
 * @param witnesses      up to five per class found, the shortest first
 * @param bank           the bank's totals; null for the other workloads
 * @param counterFinals  the counter's final value per node; null for the other workloads
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AnomalyCheck(String workload, boolean checked, long operations, long ok, long failed, long unknown,
                           long reads, long keys, List<String> finalReadNodes, Load load, List<Count> counts,
                           List<AnomalyWitness> witnesses, Bank bank, List<CounterFinal> counterFinals) {
    /** Copies the lists. */
    public AnomalyCheck {
        finalReadNodes = finalReadNodes == null ? List.of() : List.copyOf(finalReadNodes);
        counts = counts == null ? List.of() : List.copyOf(counts);
        witnesses = witnesses == null ? List.of() : List.copyOf(witnesses);
    }

    /** @return the count of class {@code anomaly}, or null when the check has no such class */
    public Count count(String anomaly) {
        return counts.stream().filter(c -> c.anomaly().equals(anomaly)).findFirst().orElse(null);
    }

    /**
     * How often one class was found, out of how many chances. Immutable.
     *
     * @param anomaly             the class as Jepsen names it ({@code G-single}, {@code lost-update}, {@code stale-read},
     *                            {@code wrong-total}, …)
     * @param count               how many were found (a cycle class: components holding such a cycle, a lower bound)
     * @param checked             N: how many {@code unit} were checked
     * @param unit                what {@code count} and {@code checked} count ({@code transactions}, {@code reads}, …)
     * @param forbidden           true when the setting forbids the class (found: the exit-3 case)
     * @param upperBound95Percent when none was found, the exact one-sided 95% upper bound on the rate per
     *                            {@code unit}, in percent ({@code 100 × (1 − 0.05^(1/N))}); null when some were found
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Count(String anomaly, long count, long checked, String unit, boolean forbidden,
                        Double upperBound95Percent) {
    }

    /**
     * The history load's own cost in the setting (final reads left out). Immutable.
     *
     * @param sessions       client sessions of this workload
     * @param operations     operations run
     * @param okPerSecond    acknowledged operations per second of the load's wall time
     * @param latency        invocation to completion of acknowledged operations, µs (HdrHistogram, 3 digits)
     * @param errorsByCode   failed and unknown operations by {@code code/SQLSTATE}
     */
    public record Load(int sessions, long operations, double okPerSecond, LatencySummary latency,
                       Map<String, Long> errorsByCode) {
    }

    /**
     * The bank's totals. Immutable.
     *
     * @param accounts      accounts
     * @param expectedTotal what every read must total
     * @param minTotal      the smallest total read
     * @param maxTotal      the largest total read
     * @param transfers     acknowledged transfers that moved money
     */
    public record Bank(int accounts, long expectedTotal, long minTotal, long maxTotal, long transfers) {
    }

    /**
     * One node's final counter value. Immutable.
     *
     * @param node  the node
     * @param value the counter as read after the load, with every write applied
     */
    public record CounterFinal(String node, long value) {
    }
}
