package io.clusterbench.result;

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The per-operation table field reports build by hand: a run's statement classes grouped into reads,
 * inserts, updates, deletes and DDL (transaction control and anything else as "other"), each with count,
 * rate and latency percentiles from the merged class histograms (never averaged percentiles).
 * Classification is by class name (docs/metrics.md, "Per operation"): {@code ddl_load} is an insert, any
 * other {@code ddl_*} a DDL; a name containing {@code insert}, {@code update} (but not {@code for_update},
 * a locking read) or {@code delete} is that write; {@code begin}, {@code commit} and {@code rollback} are
 * other; the rest are reads.
 *
 * <p>Thread-safe (stateless).
 */
public final class OpBreakdown {
    /** Operation kinds, in table order. */
    public enum Op { READ, INSERT, UPDATE, DELETE, DDL, OTHER }

    /**
     * One operation kind over the run. Immutable.
     *
     * @param op             the kind
     * @param statements     statements of the kind's classes
     * @param perSecond      statements per measured second
     * @param latency        latency of those statements (µs), from the merged histograms
     */
    public record OpRecord(Op op, long statements, double perSecond, LatencySummary latency) {
    }

    private OpBreakdown() {
    }

    /** @return the kind of statement class {@code name} (rules in the class comment) */
    public static Op of(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        if (n.equals("ddl_load")) {
            return Op.INSERT;
        }
        if (n.startsWith("ddl_")) {
            return Op.DDL;
        }
        if (n.equals("begin") || n.startsWith("begin_") || n.endsWith("commit") || n.endsWith("rollback")) {
            return Op.OTHER;
        }
        if (n.contains("delete")) {
            return Op.DELETE;
        }
        if (n.contains("insert")) {
            return Op.INSERT;
        }
        if (n.contains("update") && !n.contains("for_update")) {
            return Op.UPDATE;
        }
        return Op.READ;
    }

    /**
     * @param run a finished run
     * @return one record per kind that ran at least one statement, in {@link Op} order
     * @throws IllegalArgumentException when a stored histogram cannot be decoded
     */
    public static List<OpRecord> of(RunRecord run) {
        Map<Op, Histogram> merged = new EnumMap<>(Op.class);
        Map<Op, Long> counts = new EnumMap<>(Op.class);
        for (ClassRecord c : run.statementClasses()) {
            if (c.statements() == 0) {
                continue;
            }
            Op op = of(c.name());
            counts.merge(op, c.statements(), Long::sum);
            if (c.histogram() != null) {
                Histogram h = RunAccumulator.decode(c.histogram());
                merged.computeIfAbsent(op, k -> new Histogram(h.getNumberOfSignificantValueDigits())).add(h);
            }
        }
        double seconds = run.summary() == null ? 0 : run.summary().measuredSeconds();
        List<OpRecord> out = new ArrayList<>();
        for (Op op : Op.values()) {
            Long n = counts.get(op);
            if (n != null) {
                Histogram h = merged.get(op);
                out.add(new OpRecord(op, n, seconds > 0 ? n / seconds : 0,
                        h == null ? null : LatencySummary.of(h)));
            }
        }
        return out;
    }
}
