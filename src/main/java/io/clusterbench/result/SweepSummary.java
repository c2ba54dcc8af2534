package io.clusterbench.result;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A sweep's figures per thread count over repeats, its peak and its knee. Computed from the runs of a
 * result; immutable.
 *
 * @param points per thread count, ascending
 * @param peakThreads thread count with the highest median tps, or 0 when there is no completed run
 * @param kneeThreads the knee (see {@link #knee}), or null when throughput still grew by 5% or more at every
 *                    step of the sweep
 */
public record SweepSummary(List<Point> points, int peakThreads, Integer kneeThreads) {
    /** Growth below which one more doubling of threads is not worth it: 5%. */
    public static final double KNEE_GROWTH = 0.05;

    /**
     * One thread count.
     *
     * @param threads       worker threads
     * @param tps           tps over repeats
     * @param p95Micros     event p95 latency over repeats
     * @param p99Micros     event p99 latency over repeats
     * @param repeats       runs counted at this thread count: the completed ones, or where none completed the
     *                      interrupted ones
     * @param interrupted   true when the figures are of interrupted runs only (no run at this count completed)
     */
    public record Point(int threads, Spread tps, Spread p95Micros, Spread p99Micros, int repeats, boolean interrupted) {
        /** A point of completed runs. */
        public Point(int threads, Spread tps, Spread p95Micros, Spread p99Micros, int repeats) {
            this(threads, tps, p95Micros, p99Micros, repeats, false);
        }
    }

    /** @return true when {@code run} ran its whole time (status {@code completed}, or none recorded): a full repeat */
    public static boolean isRepeat(RunRecord run) {
        return run.status() == null || "completed".equals(run.status());
    }

    /**
     * @return per thread count the summaries of its completed runs; a thread count without one (a single run
     *         stopped by Ctrl-C, a sweep's last step) counts its interrupted runs instead, marked. An interrupted
     *         run beside completed ones at its count is left out: its shortened window is no repeat (a tester's
     *         0.79 s step was counted as the second of two 3 s repeats, and moved the peak).
     */
    public static SweepSummary of(List<RunRecord> runs) {
        Map<Integer, List<Summary>> completed = new TreeMap<>();
        Map<Integer, List<Summary>> partial = new TreeMap<>();
        for (RunRecord r : runs) {
            if (r.summary() != null && r.summary().events() > 0) {
                (isRepeat(r) ? completed : partial)
                        .computeIfAbsent(r.threads(), k -> new ArrayList<>()).add(r.summary());
            }
        }
        Map<Integer, List<Summary>> byThreads = new TreeMap<>(partial);
        byThreads.putAll(completed);
        List<Point> points = new ArrayList<>();
        byThreads.forEach((threads, list) -> points.add(new Point(threads,
                Spread.of(list.stream().map(Summary::tps).toList()),
                Spread.of(list.stream().map(s -> (double) s.latency().p95Micros()).toList()),
                Spread.of(list.stream().map(s -> (double) s.latency().p99Micros()).toList()), list.size(),
                !completed.containsKey(threads))));
        int peak = 0;
        double best = -1;
        for (Point p : points) {
            if (p.tps().median() > best) {
                best = p.tps().median();
                peak = p.threads();
            }
        }
        return new SweepSummary(points, peak, knee(points));
    }

    /**
     * The knee: the smallest thread count after which the next measured thread count (normally double)
     * adds less than {@link #KNEE_GROWTH} to median tps.
     *
     * @param points ascending by threads
     * @return the knee's thread count, or null when every step still grew by 5% or more
     */
    public static Integer knee(List<Point> points) {
        for (int i = 0; i + 1 < points.size(); i++) {
            double here = points.get(i).tps().median();
            double next = points.get(i + 1).tps().median();
            if (next < here * (1 + KNEE_GROWTH)) {
                return points.get(i).threads();
            }
        }
        return null;
    }
}
