package io.clusterbench.observe;

import io.clusterbench.result.FactKeys;
import io.clusterbench.result.Facts;

import java.util.Map;

/**
 * A sampler that runs beside the engine and reports what the server, the cluster or the host did in each
 * interval (SHOW GLOBAL STATUS deltas, wsrep state per node, /proc CPU and I/O).
 *
 * <p>Called from one thread at a time, never from workers: runs wrap each observer in an {@link AsyncObserver},
 * which samples it on its own thread and schedule, so neither the load nor the interval loop waits for it. It
 * owns its own connections.
 * Usage: {@code start()} once before the measured time, {@code sample()} at every interval end,
 * {@code close()} once.
 */
public interface Observer extends AutoCloseable {
    /** @return a short key under which this observer's figures are stored, e.g. {@code server}, {@code galera} */
    String name();

    /**
     * Opens the observer's connections ahead of the measured phase, so that {@link #start}'s baseline is read at
     * the measured start rather than after a connection handshake (10–100 ms, more than a short run lasts). Called
     * at most once, before {@link #start}, on the observer's thread; must not throw (start retries a failure).
     */
    default void connect() {
    }

    /**
     * Tells the observer the name the run gives each endpoint's node (the cluster member's name, else {@code nI} by
     * endpoint order), so its text names nodes as every other part of the run does. Called once, before
     * {@link #connect}; the default ignores it.
     *
     * @param namesByEndpoint endpoint label (e.g. {@code 127.0.0.1:3306}) to node name (e.g. {@code n3})
     */
    default void nameNodes(Map<String, String> namesByEndpoint) {
    }

    /** Takes the baseline (first readings); called when measuring starts. Must not throw. */
    void start();

    /**
     * Reads the interval that just ended.
     *
     * @param intervalSeconds the interval's length in seconds (for rates)
     * @return figures of the interval, JSON-serialisable (numbers, strings, lists, maps), units in key names;
     *         empty when the reading failed (the failure is counted, never thrown)
     */
    Map<String, Object> sample(double intervalSeconds);

    /**
     * @return how often {@link #pollBetweenSamples} should run between samples, in milliseconds; 0 (the default) for never.
     *         An observer of gauges (queues) or short episodes (flow-control pauses) polls faster than the report
     *         interval so that what happens between two samples is seen; the next {@link #sample} summarises the
     *         polls (max, mean, episodes).
     */
    default long pollMillis() {
        return 0;
    }

    /** Reads the gauges once between samples (see {@link #pollMillis}); must not throw. */
    default void pollBetweenSamples() {
    }

    /**
     * The run's measured phase ended; called once, just before the final reading, possibly from another thread
     * than the observer's own (an observer that overrides it must be thread-safe there). An observer whose
     * totals must cover the measured phase only (the background workload's) stops adding to them here.
     */
    default void measuringEnded() {
    }

    /**
     * @return the first word of {@link #compactLine}'s text (e.g. {@code srv:}), shown with {@code ?} on a line whose
     *         interval took no reading before the observer ever gave one; "" for an observer without line text
     */
    default String linePrefix() {
        return "";
    }

    /** @return a compact text for the console interval line from the last sample, or "" for none */
    default String compactLine() {
        return "";
    }

    /**
     * @return what this observer found about the whole run, each fact under its key of {@link FactKeys} (e.g. the
     *         Galera totals, the host); {@link Facts#NONE} (the default) for none. Called after the final reading
     */
    default Facts facts() {
        return Facts.NONE;
    }

    /** Releases connections; never throws. */
    @Override
    void close();
}
