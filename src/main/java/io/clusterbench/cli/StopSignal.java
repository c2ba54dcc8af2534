package io.clusterbench.cli;

import io.clusterbench.engine.Engine;

/**
 * Ctrl-C before or during a run: stops the current engine as soon as it exists, and tells a sweep not to
 * start another step.
 *
 * <p>Thread-safe (fired from a shutdown-hook thread).
 */
final class StopSignal {
    private Engine engine;
    private boolean fired;

    synchronized void fire() {
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

    synchronized boolean fired() {
        return fired;
    }
}
