package io.clusterbench.engine;

import io.clusterbench.metrics.IntervalSample;

/**
 * Receives the run's progress. Never called concurrently, and in order: {@link #connecting},
 * {@link #sessionsOpened}, {@link #waitingForStart} and {@link #measuringStarted} from the thread that called
 * {@link Engine#run}, then {@link #interval} from the engine's one writer thread ({@link IntervalWriter}), each
 * interval once, in the order taken, with {@link #measuringEnded} just before the final one; everything an earlier call did is visible to the later ones, and every
 * call happened before {@link Engine#run} returns. The intervals are taken at their boundaries whatever
 * {@link #interval} costs: a slow listener delays the writing (the run's write lag), never the sampling, and
 * never the workers.
 */
public interface RunListener {
    /**
     * Sessions are still being opened (called about once a second while that takes).
     *
     * @param opened  sessions open so far
     * @param total   sessions to open
     * @param seconds seconds since opening began
     */
    default void connecting(int opened, int total, double seconds) {
    }

    /**
     * Every session is open and the worker threads started ("Threads started!").
     *
     * @param threads        worker threads
     * @param connectSeconds seconds the connection ramp took (not measured time)
     * @param threadModel    {@code platform} or {@code virtual}
     */
    default void sessionsOpened(int threads, double connectSeconds, String threadModel) {
    }

    /**
     * Every session is open and the workers wait for the wall-clock start ({@code --start-at}).
     *
     * @param startAtEpochMillis the start, ms since the Unix epoch
     * @param waitSeconds        seconds left until then; negative when the start has already passed (the
     *                           workers start at once)
     */
    default void waitingForStart(long startAtEpochMillis, double waitSeconds) {
    }

    /** Warmup ended (or there was none): measuring starts now. */
    default void measuringStarted() {
    }

    /**
     * The measured phase ended and its final (partial) interval is next; called on the writer thread, just before
     * that interval's {@link #interval}, and not at all when the run ended exactly on a boundary (no final
     * interval). A listener whose figures come from elsewhere (the observers) takes their last reading here,
     * so the final line covers the run's tail too.
     */
    default void measuringEnded() {
    }

    /**
     * Whether the engine may reuse a sample's histograms once {@link #interval} returned. True only when
     * {@link #interval} keeps no reference to {@code sample.eventLatency()} or {@code sample.classLatency()}
     * (nor hands one to another thread) past its return, copying what it keeps (HdrHistogram's {@code add}): the
     * engine then hands them back to its pool ({@code MetricsHub.recycle}) and a later interval reuses them,
     * reset, which spares a 185 KB histogram and its 188 KB encoding buffer per interval (issue 9). Asked once,
     * before the first interval.
     *
     * @return false (the default): every interval's histograms are fresh and the listener's to keep
     */
    default boolean copiesHistograms() {
        return false;
    }

    /**
     * One interval ended (taken at its boundary; called on the writer thread, possibly later).
     *
     * @throws java.io.UncheckedIOException when a result file cannot be written; the run then stops
     */
    void interval(IntervalSample sample);
}
