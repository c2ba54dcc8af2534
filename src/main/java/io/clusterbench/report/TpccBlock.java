package io.clusterbench.report;

import io.clusterbench.result.ClassRecord;
import io.clusterbench.result.LatencySummary;
import io.clusterbench.result.RunRecord;
import io.clusterbench.result.TpccFacts;

import java.util.Locale;

import static io.clusterbench.report.Figure.*;
import static io.clusterbench.Format.f;

/**
 * The TPC-C block of the final report: tpmC, NOPM, expected rollbacks and the per-transaction-type table,
 * formatted from the result (the {@code tpcc} observer's {@link TpccFacts} and the transaction-type classes).
 *
 * <p>Thread-safe (stateless). Numbers use {@link Locale#ROOT}; latency in milliseconds.
 */
final class TpccBlock {
    private static final String[] TYPES = {"new_order", "payment", "order_status", "delivery", "stock_level", "purge",
        "new_order_rollback"};

    private TpccBlock() {
    }

    /** @return the block with a leading blank line, or "" when the run has no TPC-C figures */
    static String render(RunRecord run) {
        TpccFacts f = run.fact(io.clusterbench.result.FactKeys.TPCC);
        if (f == null) {
            return "";
        }
        StringBuilder b = new StringBuilder("\nTPC-C:\n");
        b.append(f("    %-32s%.2f%n", TPMC.key() + ":", f.tpmC()));
        b.append(f("    %-32s%s%n", NOPM.key() + ":", f.nopm() == null ? "n/a (the database could not be read)"
                : f("%.2f", f.nopm())));
        b.append(f("    %-32s%d -> %d%n", D_NEXT_O_ID_SUM.key() + ":", f.dNextOIdSumStart(), f.dNextOIdSumEnd()));
        b.append(f("    %-32s%d%n", NEW_ORDERS_COMMITTED.key() + ":", f.newOrdersCommitted()));
        b.append(f("    %-32s%d (%.2f%% of new_order attempts)%n", EXPECTED_ROLLBACKS.key() + ":",
                f.expectedRollbacks(), f.expectedRollbackPercent()));
        b.append(f("    %-18s %10s %8s %8s %8s %8s %8s%n", "transaction", TRANSACTION_TYPE_COUNT.key(),
                LATENCY_MEAN.key(), LATENCY_P50.key(), LATENCY_P95.key(), LATENCY_P99.key(), LATENCY_MAX.key()));
        for (String type : TYPES) {
            for (ClassRecord c : run.statementClasses()) {
                if (c.name().equals(type)) {
                    LatencySummary l = c.latency();
                    b.append(f("    %-18s %10d %8.2f %8.2f %8.2f %8.2f %8.2f%n", type, c.statements(),
                            l.meanMicros() / 1000.0, l.p50Micros() / 1000.0, l.p95Micros() / 1000.0,
                            l.p99Micros() / 1000.0, l.maxMicros() / 1000.0));
                }
            }
        }
        return b.toString();
    }
}
