package io.clusterbench.engine;

import io.clusterbench.metrics.IntervalSample;

/**
 * Receives the run's progress. Called from the engine's coordinator thread only, never concurrently;
 * implementations must return quickly (they run between samples, not in the workers' path).
 */
public interface RunListener {
    /** Warmup ended (or there was none): measuring starts now. */
    default void measuringStarted() {
    }

    /**
     * One interval ended.
     *
     * @throws java.io.UncheckedIOException when a result file cannot be written; the run then stops
     */
    void interval(IntervalSample sample);
}
