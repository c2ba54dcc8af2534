package io.clusterbench.runner;

import io.clusterbench.engine.Engine;

/**
 * Ctrl-C before or during a run: stops the current engine as soon as it exists, and tells a sweep not to
 * start another step.
 *
 * <p>Thread-safe (fired from a shutdown-hook thread).
 */
public final class StopSignal {
    private Engine engine;
    private boolean fired;

    /** Stops the attached engine (now or when attached) and any further sweep step. */
    public synchronized void fire() {
        fired = true;
        if (engine != null) {
            engine.requestStop();
        }
    }

    synchronized void attach(Engine e) {
        engine = e;
        if (fired) {
            e.requestStop();
        }
    }

    /** @return true once {@link #fire} ran */
    public synchronized boolean fired() {
        return fired;
    }
}
