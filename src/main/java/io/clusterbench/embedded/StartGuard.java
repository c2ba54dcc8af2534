package io.clusterbench.embedded;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.CancellationException;
import java.util.concurrent.locks.ReentrantLock;

/**
 * What a stop (Ctrl-C, SIGTERM, the command's end) must reach while a server is being started: the starting thread
 * does its file and process work in short {@linkplain #step steps} (one chunk of a copy, one file created, one
 * process started), so {@link #cancel} waits for at most one step to end, and no step begins after it. What a step
 * leaves that only a finished start may keep (a cache part being built, a bootstrap process) is
 * {@linkplain #onCancel registered} and undone by the cancel.
 *
 * <p>Thread-safe: the starting thread runs steps, any thread (the lifecycle's closer) may cancel. Usage:
 * <pre>{@code
 * StartGuard guard = new StartGuard();
 * life.own("server start", guard::cancel);
 * guard.step(() -> Files.createDirectories(dir));   // throws CancellationException once cancelled
 * }</pre>
 */
public final class StartGuard {
    /** Held for the length of one step, and by {@link #cancel} to wait for a step in progress. */
    private final ReentrantLock step = new ReentrantLock();
    /** What the cancel undoes, last registered first; guarded by {@code step}. */
    private final Deque<Runnable> undo = new ArrayDeque<>();
    private volatile boolean cancelled;

    /** One short piece of file or process work. */
    @FunctionalInterface
    public interface Step {
        void run() throws IOException;
    }

    /**
     * Runs {@code work} unless the start was cancelled; a cancel waits until it returned.
     *
     * @throws CancellationException when the start was cancelled (before the work)
     * @throws IOException           from the work
     */
    public void step(Step work) throws IOException {
        step.lock();
        try {
            check();
            work.run();
        } finally {
            step.unlock();
        }
    }

    /** @throws CancellationException when the start was cancelled */
    public void check() {
        if (cancelled) {
            throw new CancellationException("the server's start was stopped");
        }
    }

    /** @return true once {@link #cancel} was called */
    public boolean cancelled() {
        return cancelled;
    }

    /**
     * Registers what a cancel must undo (delete a half-built directory, kill a helper process). Exactly one of the
     * cancel, {@link Registration#undo} and {@link Registration#done} acts on it, under the step lock: so an undo is
     * finished when a cancel returns, whichever thread ran it. Registered after a cancel, it runs at once.
     *
     * @return the registration
     * @throws CancellationException when the start was cancelled (the undo ran)
     */
    public Registration onCancel(Runnable undoIt) {
        step.lock();
        try {
            if (cancelled) {
                undoIt.run();
                check();
            }
            undo.push(undoIt);
        } finally {
            step.unlock();
        }
        return new Registration() {
            @Override
            public void done() {
                step.lock();
                try {
                    undo.remove(undoIt);
                } finally {
                    step.unlock();
                }
            }

            @Override
            public void undo() {
                step.lock();
                try {
                    if (undo.remove(undoIt)) {
                        undoIt.run();
                    }
                } catch (RuntimeException ignored) {
                    // best effort, as in a cancel
                } finally {
                    step.unlock();
                }
            }
        };
    }

    /** A registered undo. */
    public interface Registration {
        /** The guarded work finished and stays: a later cancel leaves it. */
        void done();

        /** The guarded work failed: undo it now, unless a cancel did already. Never throws. */
        void undo();
    }

    /**
     * Stops the start: no step begins after this returns; a step in progress is waited for (one chunk, one process
     * start); then every registered undo runs, last first. Idempotent; never throws.
     */
    public void cancel() {
        cancelled = true;
        step.lock();
        try {
            while (!undo.isEmpty()) {
                try {
                    undo.pop().run();
                } catch (RuntimeException ignored) {
                    // best effort: the other undos still run
                }
            }
        } finally {
            step.unlock();
        }
    }
}
