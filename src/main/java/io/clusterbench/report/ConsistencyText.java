package io.clusterbench.report;

import io.clusterbench.result.ConsistencyCost;
import io.clusterbench.result.Spread;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static io.clusterbench.report.Figure.*;

/**
 * The cost-of-consistency table of a sweep over {@code --consistency} levels: per level and thread count, tps and
 * event p95/p99 as median [min–max] ×repeats, the p95 of reads and of writes, and each median's ratio to the first
 * level's (docs/metrics.md, "Cost of consistency"). Formats only what {@link ConsistencyCost} holds.
 *
 * <p>Thread-safe (stateless). Numbers use {@link Locale#ROOT}; latency in milliseconds.
 */
public final class ConsistencyText {
    private ConsistencyText() {
    }

    /** @return the title and table lines, without line terminators */
    public static List<String> lines(ConsistencyCost cost) {
        List<List<String>> cells = new ArrayList<>();
        cells.add(List.of(CONSISTENCY_LEVEL.key(), THREADS_COLUMN.key(), TPS.key() + " " + SPREAD.key(),
                RATIO.key() + " " + TPS.key(), LATENCY_P95.key() + " " + SPREAD.key(), RATIO.key() + " " + LATENCY_P95.key(),
                LATENCY_P99.key() + " " + SPREAD.key(), READ_P95.key(), RATIO.key() + " " + READ_P95.key(),
                WRITE_P95.key(), RATIO.key() + " " + WRITE_P95.key()));
        for (ConsistencyCost.Row r : cost.rows()) {
            cells.add(List.of(r.level(), Integer.toString(r.threads()), spread(r.tps(), 1), ratio(r.tpsRatio()),
                    spread(r.p95Micros(), 1000), ratio(r.p95Ratio()), spread(r.p99Micros(), 1000),
                    spread(r.readP95Micros(), 1000), ratio(r.readP95Ratio()), spread(r.writeP95Micros(), 1000),
                    ratio(r.writeP95Ratio())));
        }
        List<String> out = new ArrayList<>();
        out.add("Cost of consistency (ratios to " + cost.rows().get(0).level() + " at the same threads; latency ms):");
        for (String l : Columns.render(cells, "  ").split("\n")) {
            out.add("  " + l);
        }
        return out;
    }

    static String spread(Spread s, double divisor) {
        return s == null || s.count() == 0 ? "-" : String.format(Locale.ROOT, "%.2f [%.2f–%.2f] ×%d",
                s.median() / divisor, s.min() / divisor, s.max() / divisor, s.count());
    }

    static String ratio(Double r) {
        return r == null ? "-" : String.format(Locale.ROOT, "%.3f", r);
    }
}
