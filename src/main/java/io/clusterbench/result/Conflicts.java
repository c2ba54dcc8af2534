package io.clusterbench.result;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Write conflicts counted once (docs/metrics.md, "Conflicts"): the client's deadlock errors (vendor code 1213,
 * SQLSTATE 40001) are the one figure; the server's counters only say why. On MariaDB 10.11 with galera 26.4 a
 * local transaction that fails certification is also counted as brute-force aborted (measured: Σ cert + Σ bf
 * exceeds the client's 1213 count while Σ bf − Σ replays stays at or below it), so the causes are split as
 * certification failures, then the brute-force aborts that were not certification failures nor replayed, then
 * the rest (InnoDB deadlocks between local transactions, which wsrep does not count). The causes add up to
 * {@code conflicts} by construction; a server count above what the client saw is capped and reported as
 * {@code serverExcess} (aborts of events cut off at the end, or replays of transactions that then succeeded).
 * Immutable.
 *
 * @param conflicts         client errors with vendor code 1213, all endpoints, the run's {@code --background}
 *                          workload's included
 * @param certification     of those, local certification failures (Σ {@code wsrep_local_cert_failures}, capped)
 * @param bruteForce        of those, brute-force aborts during execution (Σ bf − Σ replays − Σ cert, capped)
 * @param other             the rest: InnoDB deadlocks, or aborts the server did not count
 * @param serverExcess      how many more aborts the server counted than the client saw, ≥ 0
 * @param lockWaitTimeouts  client errors 1205 (lock wait or causal-read timeouts), shown apart, not conflicts
 * @param byNode            conflicts per member (from the per-endpoint errors), in endpoint order
 * @param byStatementClass  conflicts by the statement that got the 1213 ({@code commit} for the COMMIT;
 *                          {@code observerFacts.errorsByStatementClass}); adds up to {@code conflicts}; empty for a
 *                          result written before it was recorded
 * @param byTransactionType conflicts by the failed event's type (TPC-C transaction type,
 *                          {@code observerFacts.errorsByTransactionType}); empty for workloads without types
 * @param background        of {@code conflicts}, the background workload's ({@link BackgroundFacts#errorsByCode});
 *                          0 without one (its conflicts are in neither {@code byNode} nor the place views)
 */
public record Conflicts(long conflicts, long certification, long bruteForce, long other, long serverExcess,
                        long lockWaitTimeouts, Map<String, Long> byNode, Map<String, Long> byStatementClass,
                        Map<String, Long> byTransactionType,
                        @com.fasterxml.jackson.annotation.JsonInclude(
                                com.fasterxml.jackson.annotation.JsonInclude.Include.NON_DEFAULT) long background) {
    /** Vendor code of a deadlock, certification failure or brute-force abort as the client sees it. */
    public static final int DEADLOCK = 1213;
    /** Vendor code of a lock wait or causal wait timeout. */
    public static final int LOCK_WAIT_TIMEOUT = 1205;

    /**
     * @param run a finished run
     * @return its conflicts; causes from {@link GaleraTotals} when the run has them, else all {@code other}; null
     *         when the run has no summary
     */
    public static Conflicts of(RunRecord run) {
        if (run.summary() == null) {
            return null;
        }
        BackgroundFacts bg = run.fact(FactKeys.BACKGROUND);
        long background = bg == null ? 0 : count(bg.errorsByCode(), DEADLOCK);
        long conflicts = count(run.summary().errorsByCode(), DEADLOCK) + background;
        long timeouts = count(run.summary().errorsByCode(), LOCK_WAIT_TIMEOUT)
                + (bg == null ? 0 : count(bg.errorsByCode(), LOCK_WAIT_TIMEOUT));
        Map<String, Long> byNode = new LinkedHashMap<>();
        if (run.endpoints() != null) {
            for (EndpointRecord e : run.endpoints()) {
                byNode.merge(e.node() == null || e.node().isEmpty() ? e.endpoint() : e.node(),
                        count(e.errorsByCode(), DEADLOCK), Long::sum);
            }
        }
        GaleraTotals g = GaleraTotals.of(run);
        long cert = g == null ? 0 : g.sum(GaleraTotals.Node::certFailures);
        long bf = g == null ? 0 : g.sum(GaleraTotals.Node::bfAborts);
        long replays = g == null ? 0 : g.sum(GaleraTotals.Node::replays);
        long certification = Math.min(conflicts, cert);
        long bfOnly = Math.max(0, bf - replays - cert);
        long bruteForce = Math.min(conflicts - certification, bfOnly);
        long excess = Math.max(0, cert + bfOnly - conflicts);
        return new Conflicts(conflicts, certification, bruteForce, conflicts - certification - bruteForce, excess,
                timeouts, byNode, places(run, FactKeys.ERRORS_BY_STATEMENT_CLASS),
                places(run, FactKeys.ERRORS_BY_TRANSACTION_TYPE), background);
    }

    /** @return the 1213 counts of one place view of the run ({@code code → place → count}), largest first */
    static Map<String, Long> places(RunRecord run, FactKey<Map<String, Map<String, Long>>> fact) {
        Map<String, Long> out = new LinkedHashMap<>();
        Map<String, Map<String, Long>> byCode = run.fact(fact);
        if (byCode != null) {
            Map<String, Long> sum = new java.util.TreeMap<>();
            byCode.forEach((code, places) -> {
                if (code.equals(Integer.toString(DEADLOCK)) || code.startsWith(DEADLOCK + "/")) {
                    places.forEach((place, n) -> sum.merge(place, n, Long::sum));
                }
            });
            sum.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                    .forEach(e -> out.put(e.getKey(), e.getValue()));
        }
        return out;
    }

    /** @return the count of errors whose key ({@code code} or {@code code/sqlstate}) has vendor code {@code code} */
    static long count(Map<String, Long> byCode, int code) {
        if (byCode == null) {
            return 0;
        }
        long n = 0;
        String bare = Integer.toString(code);
        for (Map.Entry<String, Long> e : byCode.entrySet()) {
            if (e.getKey().equals(bare) || e.getKey().startsWith(bare + "/")) {
                n += e.getValue();
            }
        }
        return n;
    }
}
