package io.clusterbench.result;

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The cost of consistency in one table (docs/metrics.md, "Cost of consistency"): the runs of a sweep grouped by
 * {@code --consistency} level ({@code runs[].plan.consistency}; {@code none} when unset) and thread count, with
 * tps, event p95/p99 and the p95 of read statements and of write statements (INSERT, UPDATE, DELETE; merged from
 * the statement-class histograms) as min / median / max over repeats, and the ratio of each median to the first
 * level's at the same thread count. Immutable.
 *
 * @param rows one per level and thread count, levels in the order first run, threads ascending
 */
public record ConsistencyCost(List<Row> rows) {

    /**
     * @param level       the consistency level as recorded, or {@code none}
     * @param threads     worker threads
     * @param tps         events per second over repeats
     * @param p95Micros   event p95 over repeats, µs
     * @param p99Micros   event p99 over repeats, µs
     * @param readP95Micros  p95 of read statements over repeats, µs; null when none ran
     * @param writeP95Micros p95 of write statements over repeats, µs; null when none ran
     * @param tpsRatio    median tps ÷ the first level's median tps at these threads (1 for the first level)
     * @param p95Ratio    median p95 ÷ the first level's
     * @param readP95Ratio  median read p95 ÷ the first level's, or null
     * @param writeP95Ratio median write p95 ÷ the first level's, or null
     */
    public record Row(String level, int threads, Spread tps, Spread p95Micros, Spread p99Micros, Spread readP95Micros,
                      Spread writeP95Micros, Double tpsRatio, Double p95Ratio, Double readP95Ratio,
                      Double writeP95Ratio) {
    }

    /** @return the level a run was measured at: {@code runs[].plan.consistency}, or {@code none} */
    public static String levelOf(RunRecord r) {
        return r.plan() == null || r.plan().consistency() == null ? "none" : r.plan().consistency();
    }

    /**
     * @param runs the runs of one result; those without a summary or events are left out
     * @return the table, or null when the runs hold fewer than two levels
     */
    public static ConsistencyCost of(List<RunRecord> runs) {
        Map<String, Map<Integer, List<RunRecord>>> byLevel = new LinkedHashMap<>();
        for (RunRecord r : runs) {
            if (r.summary() != null && r.summary().events() > 0) {
                byLevel.computeIfAbsent(levelOf(r), l -> new TreeMap<>())
                        .computeIfAbsent(r.threads(), t -> new ArrayList<>()).add(r);
            }
        }
        if (byLevel.size() < 2) {
            return null;
        }
        Map<Integer, Row> base = new TreeMap<>();
        List<Row> rows = new ArrayList<>();
        byLevel.forEach((level, byThreads) -> byThreads.forEach((threads, list) -> {
            List<Double> tps = new ArrayList<>(), p95 = new ArrayList<>(), p99 = new ArrayList<>();
            List<Double> reads = new ArrayList<>(), writes = new ArrayList<>();
            for (RunRecord r : list) {
                tps.add(r.summary().tps());
                p95.add((double) r.summary().latency().p95Micros());
                p99.add((double) r.summary().latency().p99Micros());
                addP95(r, true, reads);
                addP95(r, false, writes);
            }
            Row b = base.get(threads);
            Spread t = Spread.of(tps), l95 = Spread.of(p95), rd = reads.isEmpty() ? null : Spread.of(reads);
            Spread wr = writes.isEmpty() ? null : Spread.of(writes);
            Row row = new Row(level, threads, t, l95, Spread.of(p99), rd, wr, b == null ? 1.0 : ratio(t, b.tps()),
                    b == null ? 1.0 : ratio(l95, b.p95Micros()), b == null ? (rd == null ? null : 1.0)
                    : ratio(rd, b.readP95Micros()), b == null ? (wr == null ? null : 1.0) : ratio(wr, b.writeP95Micros()));
            base.putIfAbsent(threads, row);
            rows.add(row);
        }));
        return new ConsistencyCost(List.copyOf(rows));
    }

    private static Double ratio(Spread s, Spread base) {
        return s == null || base == null || base.median() <= 0 ? null : s.median() / base.median();
    }

    /** Adds the p95 of the run's read (or write) statements, merged over their classes, when any ran. */
    private static void addP95(RunRecord r, boolean reads, List<Double> out) {
        Histogram merged = null;
        for (ClassRecord c : r.statementClasses()) {
            OpBreakdown.Op op = OpBreakdown.of(c.name());
            boolean match = reads ? op == OpBreakdown.Op.READ
                    : op == OpBreakdown.Op.INSERT || op == OpBreakdown.Op.UPDATE || op == OpBreakdown.Op.DELETE;
            if (match && c.histogram() != null && c.statements() > 0) {
                Histogram h = RunAccumulator.decode(c.histogram());
                if (merged == null) {
                    merged = h;
                } else {
                    merged.add(h);
                }
            }
        }
        if (merged != null && merged.getTotalCount() > 0) {
            out.add((double) merged.getValueAtPercentile(95));
        }
    }
}
