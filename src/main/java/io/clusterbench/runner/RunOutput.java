package io.clusterbench.runner;

import io.clusterbench.metrics.IntervalSample;
import io.clusterbench.result.IntervalRecord;

/**
 * A consumer of a step's intervals (k6's output): interval files, the console progress line, the
 * result.json checkpoint. Outputs know no engine and no other output; {@link StepRunner} wires them once
 * per step behind the result accumulator, which turns each sample into its record.
 *
 * <p>Called from the engine's interval-writer thread only, never concurrently; implementations return
 * quickly.
 */
interface RunOutput extends AutoCloseable {
    /** Warmup ended (or there was none): measuring starts now. */
    default void measuringStarted() {
    }

    /**
     * @param record the interval as the result holds it (rates, percentiles, observer figures)
     * @param sample the raw interval sample (histograms), for outputs that write them; its histograms are reused for
     *               a later interval once this returns ({@link io.clusterbench.engine.RunListener#copiesHistograms}),
     *               so an output copies what it keeps and never hands them to another thread
     * @throws java.io.UncheckedIOException when a result file cannot be written; the run then stops
     */
    void interval(IntervalRecord record, IntervalSample sample);

    /** The step ended (normally or not); flushes and releases files. */
    @Override
    default void close() {
    }
}
