package io.clusterbench.report;

import io.clusterbench.result.EndpointRecord;
import io.clusterbench.result.RunRecord;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The summary line for Galera causal-read timeouts (docs/metrics.md, {@code causal-read timeouts}): the errors
 * counted under a {@code … causal-read wsrep_sync_wait=N} key, with their level(s) and the nodes they came from,
 * so they are never read as InnoDB lock waits ({@code 1205/HY000}).
 *
 * <p>Thread-safe (stateless).
 */
final class CausalReadLine {
    /** Marks a causal-read key in {@code errorsByCode} (as written by {@code DbFailure.countKey()}). */
    static final String MARK = " causal-read wsrep_sync_wait=";

    private CausalReadLine() {
    }

    /** @return "    causal-read timeouts: N (wsrep_sync_wait=1; n2: N)\n", or "" when there were none */
    static String render(RunRecord run) {
        Map<String, Long> levels = new TreeMap<>();
        long total = 0;
        for (Map.Entry<String, Long> e : run.summary().errorsByCode().entrySet()) {
            int at = e.getKey().indexOf(MARK);
            if (at >= 0) {
                levels.merge("wsrep_sync_wait=" + e.getKey().substring(at + MARK.length()), e.getValue(), Long::sum);
                total += e.getValue();
            }
        }
        if (total == 0) {
            return "";
        }
        StringBuilder where = new StringBuilder(String.join(", ", levels.keySet()));
        if (run.endpoints() != null) {
            for (EndpointRecord ep : run.endpoints()) {
                long n = ep.errorsByCode().entrySet().stream().filter(e -> e.getKey().contains(MARK))
                        .mapToLong(Map.Entry::getValue).sum();
                if (n > 0) {
                    where.append("; ").append(ep.node().isEmpty() ? ep.endpoint() : ep.node()).append(": ").append(n);
                }
            }
        }
        return String.format(Locale.ROOT, "    %-32s%d (%s)%n", Figure.CAUSAL_READ_TIMEOUTS.key() + ":", total, where);
    }
}
