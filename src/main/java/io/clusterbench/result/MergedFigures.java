package io.clusterbench.result;

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The figures of one run merged from its shards: counts summed, rates summed (each shard's count over its own
 * measured time), latency from the union of the shards' HdrHistograms (exact percentiles of all events, never
 * an average of percentiles). docs/metrics.md, "Sharded runs", defines each.
 *
 * <p>Thread-safe (stateless).
 */
final class MergedFigures {
    private MergedFigures() {
    }

    /**
     * @param parts histograms of one recorder shape (same range and precision), at least one
     * @return a new histogram of that shape holding every value of {@code parts}
     */
    static Histogram union(List<Histogram> parts) {
        Histogram h = parts.get(0).copy();
        for (int i = 1; i < parts.size(); i++) {
            h.add(parts.get(i));
        }
        return h;
    }

    /**
     * Interval {@code k} of the merged run: the shards' interval {@code k} (aligned to the common start).
     *
     * @param parts      the shards' records of interval k (shards that have it)
     * @param histograms their event-latency histograms of interval k
     * @param percentile {@code --percentile}
     * @param observed   the server-side figures of the interval (the first shard's: one server, one view)
     */
    static IntervalRecord interval(List<IntervalRecord> parts, Histogram histograms, double percentile,
                                   Map<String, Object> observed) {
        double start = 0;
        double end = 0;
        int threads = 0;
        long events = 0;
        double tps = 0;
        double qps = 0;
        double reads = 0;
        double writes = 0;
        double other = 0;
        double errors = 0;
        double reconnects = 0;
        long hits = 0;
        long misses = 0;
        long queue = 0;
        long late = 0;
        double lag = 0;
        int missed = 0;
        int waiting = 0;
        double longest = 0;
        Integer inProgress = 0;
        Map<String, Long> codes = new TreeMap<>();
        for (IntervalRecord r : parts) {
            start += r.startSeconds() / parts.size();
            end += r.endSeconds() / parts.size();
            threads += r.threads();
            events += r.events();
            tps += r.tps();
            qps += r.qps();
            reads += r.readsPerSecond();
            writes += r.writesPerSecond();
            other += r.otherPerSecond();
            errors += r.errorsPerSecond();
            reconnects += r.reconnectsPerSecond();
            hits += r.hits();
            misses += r.misses();
            queue += r.queueLength();
            late += r.lateEvents();
            lag = Math.max(lag, r.reporterLagSeconds());
            missed = Math.max(missed, r.missedReports());
            waiting += r.waitingWorkers();
            longest = Math.max(longest, r.longestWaitSeconds());
            inProgress = inProgress == null || r.eventsInProgress() == null ? null : inProgress + r.eventsInProgress();
            r.errorsByCode().forEach((c, n) -> codes.merge(c, n, Long::sum));
        }
        return new IntervalRecord(start, end, threads, events, tps, qps, reads, writes, other, errors, reconnects, hits,
                misses, percentile <= 0 ? 0 : LatencySummary.percentileMicros(histograms, percentile), LatencySummary.of(histograms), queue,
                late, codes, observed, lag, missed, waiting, longest, inProgress);
    }

    /**
     * @param summaries the shards' summaries
     * @param threads   the shards' worker threads, in the same order
     * @return the merged run's totals
     */
    static Summary summary(List<Summary> summaries, List<Integer> threads) {
        double measured = 0;
        long events = 0;
        double tps = 0;
        long reads = 0;
        long writes = 0;
        long other = 0;
        double qps = 0;
        long errors = 0;
        long ignored = 0;
        long retried = 0;
        long reconnects = 0;
        long reroutes = 0;
        long late = 0;
        long hits = 0;
        long misses = 0;
        double cpu = 0;
        long cutOff = 0;
        Long cutOffStatements = null;
        Map<String, Long> codes = new TreeMap<>();
        List<Histogram> latency = new ArrayList<>();
        for (Summary s : summaries) {
            measured = Math.max(measured, s.measuredSeconds());
            events += s.events();
            tps += s.tps();
            reads += s.reads();
            writes += s.writes();
            other += s.other();
            qps += s.qps();
            errors += s.errors();
            ignored += s.ignoredErrors();
            retried += s.eventsRetried();
            reconnects += s.reconnects();
            reroutes += s.reroutes();
            late += s.lateEvents();
            hits += s.hits();
            misses += s.misses();
            cpu += s.clientCpuSeconds();
            cutOff += s.cutOffEvents();
            if (s.cutOffStatements() != null) {
                cutOffStatements = (cutOffStatements == null ? 0 : cutOffStatements) + s.cutOffStatements();
            }
            s.errorsByCode().forEach((c, n) -> codes.merge(c, n, Long::sum));
            latency.add(RunAccumulator.decode(s.histogram()));
        }
        Histogram all = union(latency);
        double[] eventsPerThread = pooled(summaries, threads, true);
        double[] busyPerThread = pooled(summaries, threads, false);
        return new Summary(measured, events, tps, reads, writes, other, reads + writes + other, qps, errors, ignored,
                retried, reconnects, reroutes, late, hits, misses, hitRate(hits, misses), LatencySummary.of(all),
                RunAccumulator.encode(all), codes, eventsPerThread[0], eventsPerThread[1], busyPerThread[0],
                busyPerThread[1], cpu, cutOff, timing(summaries), cutOffStatements);
    }

    /** @return mean and population standard deviation over all threads of all shards, from each shard's own */
    private static double[] pooled(List<Summary> summaries, List<Integer> threads, boolean events) {
        double n = 0;
        double sum = 0;
        for (int i = 0; i < summaries.size(); i++) {
            Summary s = summaries.get(i);
            n += threads.get(i);
            sum += threads.get(i) * (events ? s.eventsPerThreadMean() : s.busySecondsPerThreadMean());
        }
        double mean = n == 0 ? 0 : sum / n;
        double squares = 0;
        for (int i = 0; i < summaries.size(); i++) {
            Summary s = summaries.get(i);
            double m = events ? s.eventsPerThreadMean() : s.busySecondsPerThreadMean();
            double sd = events ? s.eventsPerThreadStddev() : s.busySecondsPerThreadStddev();
            squares += threads.get(i) * (sd * sd + (m - mean) * (m - mean));
        }
        return new double[]{mean, n == 0 ? 0 : Math.sqrt(squares / n)};
    }

    private static RunTiming timing(List<Summary> summaries) {
        RunTiming first = summaries.get(0).timing();
        if (first == null) {
            return null;
        }
        double connect = 0;
        double lag = 0;
        double writeLag = 0;
        long start = Long.MAX_VALUE;
        for (Summary s : summaries) {
            if (s.timing() != null) {
                connect = Math.max(connect, s.timing().connectSeconds());
                lag = Math.max(lag, s.timing().maxReporterLagSeconds());
                writeLag = Math.max(writeLag, s.timing().maxWriteLagSeconds());
                start = Math.min(start, s.timing().measuredStartEpochMillis());
            }
        }
        return new RunTiming(first.requestedSeconds(), connect, first.threadModel(), first.javaVersion(), start, lag,
                writeLag);
    }

    /** @return the statement classes of all shards, by name in first-seen order, histograms added */
    static List<ClassRecord> classes(List<List<ClassRecord>> perShard) {
        return ThreadClasses.mergeClasses(perShard);
    }

    private static Double hitRate(long hits, long misses) {
        return hits + misses == 0 ? null : 100.0 * hits / (hits + misses);
    }
}
