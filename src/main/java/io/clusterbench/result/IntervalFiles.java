package io.clusterbench.result;

import io.clusterbench.metrics.IntervalSample;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

import java.io.BufferedWriter;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Per-interval files written as the run goes: {@code intervals.csv} (one line per interval, flushed; on a
 * Galera run also {@code nodes.csv}, one line per node per interval, see {@link NodeCsv}; for a run with scenarios
 * {@code scenarios.csv}, see {@link ScenarioCsv}) and
 * {@code latency.hlog} (HdrHistogram interval log: event latency untagged, each statement class tagged
 * with its name; values in µs), readable by HdrHistogram's {@code HistogramLogProcessor}.
 *
 * <p>Confined to the coordinator thread. Every write error is raised, never swallowed.
 */
public final class IntervalFiles implements AutoCloseable {
    /** Header of {@code intervals.csv}; units in the column names. */
    public static final String CSV_HEADER = "start_seconds,end_seconds,threads,events,tps,qps,reads_per_second,"
            + "writes_per_second,other_per_second,errors_per_second,reconnects_per_second,hits,misses,"
            + "latency_percentile_micros,latency_p50_micros,latency_p95_micros,latency_p99_micros,"
            + "latency_max_micros,queue_length,late_events,events_in_progress,reporter_lag_seconds,missed_reports,waiting_workers,longest_wait_seconds,fault_events,"
            + NodeCsv.INTERVAL_COLUMNS;

    private final BufferedWriter csv;
    private final PrintStream hlogStream;
    private final HistogramLogWriter hlog;
    private final List<String> classNames;
    private final Path hlogPath;
    private final NodeCsv nodes;
    private final ScenarioCsv scenarios;
    private long startEpochMillis;

    /**
     * Creates both files; the hlog's start time follows in {@link #start}.
     *
     * @param dir          the output directory (created when missing)
     * @param classNames   statement class names, used as hlog tags
     * @throws UncheckedIOException when the files cannot be created
     */
    public IntervalFiles(Path dir, List<String> classNames) {
        this.classNames = classNames;
        this.hlogPath = dir.resolve("latency.hlog");
        this.nodes = new NodeCsv(dir);
        this.scenarios = new ScenarioCsv(dir);
        try {
            Files.createDirectories(dir);
            csv = Files.newBufferedWriter(dir.resolve("intervals.csv"), StandardCharsets.UTF_8);
            csv.write(CSV_HEADER);
            csv.newLine();
            csv.flush();
            hlogStream = new PrintStream(new FileOutputStream(hlogPath.toFile()), false, StandardCharsets.UTF_8);
            hlog = new HistogramLogWriter(hlogStream);
            hlog.outputComment("clusterbench event and statement latency, microseconds");
            hlog.outputLogFormatVersion();
            check();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create result files in " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * Measuring starts: writes the hlog's StartTime and legend; interval times count from here.
     *
     * @param measuredStartEpochMillis wall-clock time of the measured start (ms since the Unix epoch)
     */
    public void start(long measuredStartEpochMillis) {
        this.startEpochMillis = measuredStartEpochMillis;
        hlog.outputStartTime(measuredStartEpochMillis);
        hlog.setBaseTime(measuredStartEpochMillis);
        hlog.outputLegend();
        check();
    }

    /** @return the wall-clock time of the measured start given to {@link #start}, or 0 before it */
    public long startEpochMillis() {
        return startEpochMillis;
    }

    /**
     * Appends one interval to both files, with its measured start and end (hlog: absolute time stamps).
     *
     * @throws UncheckedIOException on a write error
     */
    public void append(IntervalRecord r, IntervalSample s) {
        try {
            csv.write(csvLine(r));
            csv.newLine();
            csv.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write intervals.csv: " + e.getMessage(), e);
        }
        nodes.append(r);
        scenarios.append(r);
        long startMs = startEpochMillis + Math.round(r.startSeconds() * 1000);
        long endMs = startEpochMillis + Math.round(r.endSeconds() * 1000);
        writeHistogram(s.eventLatency(), null, startMs, endMs);
        for (int c = 0; c < classNames.size(); c++) {
            if (s.classLatency()[c].getTotalCount() > 0) {
                writeHistogram(s.classLatency()[c], classNames.get(c), startMs, endMs);
            }
        }
        check();
    }

    /**
     * @return one line of {@code intervals.csv} (no line end), columns as {@link #CSV_HEADER} then the per-node
     *         columns ({@code NodeCsv}); numbers in
     *         {@link Locale#ROOT} whatever the default locale
     */
    public static String csvLine(IntervalRecord r) {
        return String.format(Locale.ROOT, "%.3f,%.3f,%d,%d,%.2f,%.2f,%.2f,%.2f,%.2f,%.2f,%.2f,%d,%d,%d,%d,%d,%d,%d,%d,%d,%s,%.3f,%d,%d,%.3f,%s",
                r.startSeconds(), r.endSeconds(), r.threads(), r.events(), r.tps(), r.qps(), r.readsPerSecond(),
                r.writesPerSecond(), r.otherPerSecond(), r.errorsPerSecond(), r.reconnectsPerSecond(), r.hits(),
                r.misses(), r.latencyPercentileMicros(), r.latency().p50Micros(), r.latency().p95Micros(),
                r.latency().p99Micros(), r.latency().maxMicros(), r.queueLength(), r.lateEvents(),
                r.eventsInProgress() == null ? "" : r.eventsInProgress().toString(), r.reporterLagSeconds(), r.missedReports(), r.waitingWorkers(), r.longestWaitSeconds(), faultEvents(r))
                + NodeCsv.intervalColumns(r);
    }

    /**
     * @return the faults that began in the interval ({@code observed.faults.started}), e.g. {@code "12.00 kill n3"},
     *         joined with {@code |} and quoted when any; "" for none
     */
    static String faultEvents(IntervalRecord r) {
        List<String> started = Observations.of(r).faultsStarted();
        if (started.isEmpty()) {
            return "";
        }
        List<String> parts = new java.util.ArrayList<>();
        started.forEach(x -> parts.add(x.replace("\"", "'")));
        return "\"" + String.join("|", parts) + "\"";
    }

    /** Tags and time-stamps the interval's own histogram (fresh per interval, already accumulated). */
    private void writeHistogram(Histogram h, String tag, long startMs, long endMs) {
        h.setTag(tag);
        h.setStartTimeStamp(startMs);
        h.setEndTimeStamp(endMs);
        hlog.outputIntervalHistogram(h);
    }

    private void check() {
        hlogStream.flush();
        if (hlogStream.checkError()) {
            throw new UncheckedIOException(new IOException("cannot write " + hlogPath));
        }
    }

    @Override
    public void close() {
        nodes.close();
        scenarios.close();
        try {
            csv.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        hlogStream.close();
    }
}
