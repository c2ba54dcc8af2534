package io.clusterbench.runner;

import io.clusterbench.engine.Engine;

/**
 * Ctrl-C before or during a run: stops the current engine, and tells a sweep not to start another step. A stop
 * before the first engine exists (an embedded server starting, tables being created, checks on a server that
 * does not answer) has nothing to save: it ends the process at once ({@link Console.Registration#exitNow}),
 * so Ctrl-C never waits for a start that may take minutes (issue 9: Ctrl-C stops a run within 2 s whatever
 * the server does).
 *
 * <p>Thread-safe (fired from a shutdown-hook thread).
 */
public final class StopSignal {
    private Engine engine;
    private boolean fired;
    private boolean everAttached;
    private Console.Registration registration;

    /**
     * Registers this signal as the command's stop hook.
     *
     * @param console the command's console
     * @return the registration, to close when the command's work is done
     */
    public synchronized Console.Registration register(Console console) {
        registration = console.onStop(this::fire);
        if (fired && !everAttached) {
            registration.exitNow(); // a stop came while registering
        }
        return registration;
    }

    /**
     * Stops the attached engine (now or when attached) and any further sweep step; before the first engine,
     * ends the process ({@link #register}).
     */
    public synchronized void fire() {
        boolean first = !fired;
        fired = true;
        if (engine != null) {
            engine.requestStop();
        } else if (first && !everAttached && registration != null) {
            registration.exitNow();
        }
    }

    synchronized void attach(Engine e) {
        engine = e;
        everAttached = true;
        if (fired) {
            e.requestStop();
        }
    }

    /** @return true once {@link #fire} ran */
    public synchronized boolean fired() {
        return fired;
    }
}
