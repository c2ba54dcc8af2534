package io.clusterbench.explain;

import io.clusterbench.observe.Observer;

/**
 * An explain collector whose end needs more than a step's observers get to close (200 ms, in parallel): a remote
 * command's end reading, perf writing its samples and their analysis. The step calls {@link #finish} once, after
 * closing its observers and before reading their facts ({@link ExplainStep#afterLoad}); {@link Observer#close} leaves
 * to it what it needs, and releases everything when the measured phase never ended.
 *
 * <p>Implementations: {@link #finish} is called from the thread that drives the step.
 */
interface Finishing extends Observer {
    /**
     * Collects what the collector started at the measured end, each part under its own deadline, and makes its facts;
     * releases its helpers (processes, connections). Never throws; a stop of the command cuts it short.
     */
    void finish();

    /**
     * @param life the command's lifecycle
     * @return when {@link #finish} must be done (System.nanoTime): the step's end deadline
     *         ({@link io.clusterbench.lifecycle.Lifecycle#endDeadlineNanos}) unless the collector has a documented
     *         deadline of its own
     */
    default long finishDeadlineNanos(io.clusterbench.lifecycle.Lifecycle life) {
        return life.endDeadlineNanos();
    }
}
