package io.clusterbench.runner;

import io.clusterbench.engine.Engine;

/**
 * Ctrl-C before or during a run: stops the current engine, and tells a sweep not to start another step. A stop
 * before any measured phase began (an embedded server starting, tables being created, checks on a server that
 * does not answer, the connection ramp, warmup) has nothing to save: it ends the process at once
 * ({@link Console.Registration#exitNow}),
 * so Ctrl-C never waits for a start that may take minutes (issue 9: Ctrl-C stops a run within 2 s whatever
 * the server does).
 *
 * <p>Thread-safe (fired from a shutdown-hook thread).
 */
public final class StopSignal {
    private Engine engine;
    private boolean fired;
    private boolean measuredBefore;
    private Console.Registration registration;
    private Runnable lastWords;

    /**
     * Registers this signal as the command's stop hook.
     *
     * @param console the command's console
     * @return the registration, to close when the command's work is done
     */
    public synchronized Console.Registration register(Console console) {
        registration = console.onStop(this::fire);
        if (fired && nothingMeasured()) {
            exitNow(); // a stop came while registering
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
        if (first && nothingMeasured() && registration != null) {
            // before any measured phase (set-up, the connection ramp, warmup): nothing to save, exit now (a
            // tester's Ctrl-C during a 600-connection ramp or in warmup printed a summary of zeros)
            exitNow();
        } else if (engine != null) {
            engine.requestStop();
        }
    }

    /**
     * Sets what runs just before a stop ends the process with nothing measured: the current step marks its
     * result.json interrupted (a tester found it left at {@code "running"}). Replaces any earlier one.
     *
     * @param beforeExit runs on the stop's thread; its failure does not keep the process from ending
     */
    public synchronized void beforeExitNow(Runnable beforeExit) {
        lastWords = beforeExit;
    }

    /**
     * Sets what a second Ctrl-C runs before it ends the process at once ({@link Console.Registration#beforeHalt}).
     *
     * @param lastWrite the current step's result write; null for none
     */
    public synchronized void beforeHalt(Runnable lastWrite) {
        if (registration != null) {
            registration.beforeHalt(lastWrite);
        }
    }

    private void exitNow() {
        try {
            if (lastWords != null) {
                lastWords.run();
            }
        } catch (RuntimeException notSaved) {
            // the process ends either way; the result file keeps what it had
        } finally {
            registration.exitNow();
        }
    }

    /** @return true while no engine of this command has begun its measured phase; under this object's lock */
    private boolean nothingMeasured() {
        return !measuredBefore && (engine == null || !engine.measuringBegan());
    }

    synchronized void attach(Engine e) {
        measuredBefore |= engine != null && engine.measuringBegan(); // an earlier step of a sweep measured
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
