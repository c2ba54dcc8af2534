package io.clusterbench.lifecycle;

// Over 400 lines: owning, the two kinds of stop, the halt, the watchdog and the end deadline share one set of owned
// resources under one lock and one clock of the command; split, each part would reach into the others' state.

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One command's stop coordinator: everything the command opens that can block (worker and observer connections,
 * the statement-cancel path, side loads, an embedded server being started or running, child processes, writers) is
 * {@linkplain #own owned} by it from the moment it is opened, and every close goes through it with a deadline: a
 * close runs on a daemon thread and is waited for at most its deadline, then abandoned (its thread left to finish or
 * hang on its own; nothing is ever joined without a bound). {@link #stop} (Ctrl-C, SIGTERM) tells the command's stop
 * listeners (a running engine) and, while nothing has been measured yet, closes every owned resource in parallel
 * and ends the command at once; once something was measured the command saves it, and the {@link #WATCHDOG} halts it
 * if it does not end in time. A {@link #halt} (a second Ctrl-C, the watchdog) closes every owned resource too, in
 * parallel with writing the last result. The work after a step's measured end shares one deadline
 * ({@link #endDeadlineNanos}). So no frozen peer can hold the process: the command ends within {@link #EXIT_BOUND} of a
 * stop or of its measured end, whatever a server does, and leaves no process or temporary directory it owned
 * (docs/architecture.md, "The lifecycle").
 *
 * <p>Thread-safe: resources are owned and closed from any thread; {@link #stop} may come from a signal or
 * shutdown-hook thread. Usage:
 * <pre>{@code
 * Lifecycle life = Lifecycle.detached();
 * Lifecycle.Owned server = life.own("embedded server", srv::kill);   // closed at the latest by closeAll
 * try (Lifecycle.Listener l = life.onStop(engine::requestStop)) {     // a Ctrl-C stops this engine
 *     life.enter(Lifecycle.Phase.MEASURED);
 *     engine.run(...);
 * }
 * server.close();                                                     // bounded: abandoned after its deadline
 * life.closeAll(Lifecycle.CLOSE_DEADLINE);
 * }</pre>
 */
public final class Lifecycle {
    /** The longest the process may take to end after a stop or after the command's own end. */
    public static final Duration EXIT_BOUND = Duration.ofSeconds(1);
    /** The default deadline of one close. */
    public static final Duration CLOSE_DEADLINE = Duration.ofMillis(300);
    /**
     * The backstop: a command still running this long after a stop that came once something was measured (its end
     * sequence held by what no deadline bounded) is ended at once ({@link #halt}). With {@link #HALT_DEADLINE} it
     * leaves 0.15 s of the {@link #EXIT_BOUND} to the JVM's own exit, not the {@link #JVM_EXIT} a stop's closes leave:
     * a shorter watchdog would halt a command still writing its record on a loaded machine (its end takes 0.3 s on a
     * quiet one), and a halt writes less (no summary). So when the halt abandons a close inside a native call, the
     * process may end up to 0.15 s past the bound.
     */
    public static final Duration WATCHDOG = Duration.ofMillis(600);
    /**
     * The longest a {@link #halt} takes before the process ends: the last result is written while every owned resource
     * is closed (child processes killed without a wait, temporary directories deleted), in parallel.
     */
    public static final Duration HALT_DEADLINE = Duration.ofMillis(250);
    /**
     * How long the JVM's exit waits, at its final safepoint, for a thread inside a native call (HotSpot's
     * {@code VM_Exit::wait_for_threads_in_native_to_block}: up to 0.3 s for a thread that is not a compiler thread).
     */
    public static final Duration JVM_WAIT_FOR_THREADS_IN_NATIVE = Duration.ofMillis(300);
    /**
     * What the {@link #EXIT_BOUND} keeps for the JVM's own exit after the command's last close: closes begun by a stop
     * (killing a server, deleting its directory) may take until {@code EXIT_BOUND - JVM_EXIT} after the stop before
     * they are abandoned, so a loaded machine's slow delete still finishes. A close that is abandoned leaves its thread
     * inside a native call (an unlink waiting for the disk's writeback), for which the JVM waits
     * {@link #JVM_WAIT_FOR_THREADS_IN_NATIVE}: this keeps that wait and 0.05 s for the rest of the JVM's exit.
     */
    public static final Duration JVM_EXIT = JVM_WAIT_FOR_THREADS_IN_NATIVE.plusMillis(50);
    /**
     * One deadline, counted from a step's measured end, for all the work of its end that waits on something else (the
     * observers' final readings and their close, the explain collectors' end readings, perf's stop and the analysis of
     * its samples): what is not done by then is abandoned and its fact says so. The step's record, its files and the
     * process's exit come after it, within {@link #EXIT_BOUND} of the measured end.
     */
    public static final Duration END_DEADLINE = Duration.ofMillis(500);
    /** The same after a stop (Ctrl-C, SIGTERM), counted from the later of the measured end and the stop. */
    public static final Duration END_DEADLINE_AFTER_STOP = Duration.ofMillis(150);

    /** Where the command is; a stop before {@link #MEASURED} has nothing to save. */
    public enum Phase {
        /** Resolving the target: an embedded server starting, tables being created, checks. */
        SETUP,
        /** Opening the workers' connections. */
        CONNECT,
        /** Unmeasured load before the measured phase. */
        WARMUP,
        /** Loading tables ({@code prepare}): a stop reports what was loaded. */
        LOAD,
        /** The measured phase of a step. */
        MEASURED,
        /** After a step's measured end: final readings, checks, result files. */
        END,
        /** Writing the command's reports after its last step. */
        REPORT
    }

    /** Why the command was stopped from outside. */
    public enum StopCause {
        /** The first Ctrl-C (SIGINT). */
        INTERRUPT,
        /** SIGTERM (the JVM's shutdown). */
        TERMINATE
    }

    private static final ExecutorService CLOSERS = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "lifecycle-close");
        t.setDaemon(true);
        return t;
    });

    private final Exit exit;
    private final AtomicLong ids = new AtomicLong();
    /** Owned resources not yet closed, in the order owned; guarded by {@code this}. */
    private final Map<Long, Owned> owned = new LinkedHashMap<>();
    /** Owned resources whose close began and has not finished; guarded by {@code this}. */
    private final Map<Long, Owned> closing = new LinkedHashMap<>();
    /** Stop listeners registered and not yet released; guarded by {@code this}. */
    private final List<Runnable> listeners = new ArrayList<>();
    /** Names of closes that did not finish in time; guarded by {@code this}. */
    private final List<String> abandoned = new ArrayList<>();
    private volatile Phase phase = Phase.SETUP;
    private volatile boolean measuredOnce;
    private volatile StopCause stopped;
    /** What a stop before anything was measured runs first (marks the result interrupted); guarded by {@code this}. */
    private Runnable beforeNothingMeasuredExit;
    /** What a halt writes first (the step's result with its finished intervals); guarded by {@code this}. */
    private Runnable beforeHalt;
    /** The sentence a stop with nothing measured prints; guarded by {@code this}. */
    private String nothingMeasuredSentence;
    private volatile boolean finished;
    /** True once a {@link #halt} began: it ends the process; guarded by {@code this}. */
    private boolean halting;
    /** True once the command's own exit began ({@link #beginExit}); guarded by {@code this}. */
    private boolean exiting;
    /** Counted down when a halt's {@link Exit#halt} returned (only an in-process exit returns). */
    private final java.util.concurrent.CountDownLatch haltReturned = new java.util.concurrent.CountDownLatch(1);
    /** When the running step's measured phase ended ({@link #measuringEnded}), 0 before; System.nanoTime. */
    private volatile long measuredEndNanos;
    /** When the command was stopped from outside, 0 before; System.nanoTime. */
    private volatile long stoppedNanos;

    /**
     * What ends the process. Implemented by the command line (the only code that touches the process); a
     * lifecycle used in-process (tests) has {@link #NONE}, and its command then ends at its next check.
     */
    public interface Exit {
        /**
         * The command was stopped before anything was measured: end the process now with the stop's status, after
         * the owned resources were closed (or abandoned). Returns at once.
         *
         * @param cause    what stopped it
         * @param sentence what to tell the user, or null to say nothing
         */
        void nothingMeasured(StopCause cause, String sentence);

        /**
         * End the process at once (a second Ctrl-C, or the {@link #WATCHDOG}); the last result was written and the
         * owned resources closed (or abandoned at {@link #HALT_DEADLINE}).
         *
         * @param cause what stopped it
         */
        void halt(StopCause cause);

        /** An exit that does nothing (in-process use). */
        Exit NONE = new Exit() {
            @Override
            public void nothingMeasured(StopCause cause, String sentence) {
            }

            @Override
            public void halt(StopCause cause) {
            }
        };
    }

    /** When set, every {@link #mark} is kept with its time, for {@link #trace}; null when not tracing. */
    private final List<String> marks;
    private final long bornNanos = System.nanoTime();

    /** @param exit what ends the process when a stop comes before anything was measured */
    public Lifecycle(Exit exit) {
        this(exit, false);
    }

    /**
     * @param exit  what ends the process when a stop comes before anything was measured
     * @param trace keep a timeline of phases, stops and closes ({@link #trace}), for finding what holds an exit
     */
    public Lifecycle(Exit exit, boolean trace) {
        this.exit = exit;
        this.marks = trace ? new ArrayList<>() : null;
    }

    /** Notes {@code what} happened now, when tracing; does nothing otherwise. Thread-safe. */
    public void mark(String what) {
        if (marks != null) {
            synchronized (marks) {
                marks.add(String.format(java.util.Locale.ROOT, "%9.3f s  %s", (System.nanoTime() - bornNanos) / 1e9,
                        what));
            }
        }
    }

    /** @return the timeline kept by {@link #mark}, one line each (empty when not tracing) */
    public List<String> trace() {
        if (marks == null) {
            return List.of();
        }
        synchronized (marks) {
            return List.copyOf(marks);
        }
    }

    /** @return a lifecycle that never ends the process (tests, and commands run in-process) */
    public static Lifecycle detached() {
        return new Lifecycle(Exit.NONE);
    }

    /**
     * Takes ownership of a resource that can block, as soon as it is opened.
     *
     * @param name   what it is, for the list of abandoned closes (e.g. {@code observer galera})
     * @param closer closes it; may block (a frozen server): it runs on a daemon thread, bounded by the deadline
     * @return the handle; close it when the resource is done with (at most {@link #CLOSE_DEADLINE} waited)
     */
    public Owned own(String name, Closer closer) {
        return own(name, closer, CLOSE_DEADLINE);
    }

    /**
     * As {@link #own(String, Closer)}, with the deadline of this resource's own close.
     *
     * @param deadline the longest its close is waited for, &gt; 0
     */
    public Owned own(String name, Closer closer, Duration deadline) {
        Owned o = new Owned(ids.incrementAndGet(), name, closer, deadline);
        boolean closeNow;
        synchronized (this) {
            closeNow = stopped != null && !measuredOnce;
            if (!closeNow) {
                owned.put(o.id, o);
            }
        }
        if (closeNow) {
            o.close(); // opened while the command is ending with nothing measured: not kept
        }
        return o;
    }

    /**
     * Registers what a stop must do while it is registered (a running engine's {@code requestStop}); a stop that
     * came already runs it at once.
     *
     * @return the registration; close it when that work is over
     */
    public Listener onStop(Runnable listener) {
        boolean now;
        synchronized (this) {
            listeners.add(listener);
            now = stopped != null;
        }
        if (now) {
            listener.run();
        }
        return () -> {
            synchronized (this) {
                listeners.remove(listener);
            }
        };
    }

    /**
     * The command has reached {@code next}. Entering {@link Phase#MEASURED} or {@link Phase#LOAD} marks the
     * command as having something to save: a later stop lets it save that (bounded by {@link #WATCHDOG}) instead of
     * ending the process at once.
     */
    public void enter(Phase next) {
        mark("phase " + next);
        if (next == Phase.MEASURED || next == Phase.LOAD) {
            measuredOnce = true;
        }
        phase = next;
    }

    /**
     * Sets the sentence a stop with nothing measured prints (e.g. {@code interrupted before the measured phase:
     * nothing was measured}); null (the default) prints nothing.
     */
    public synchronized void nothingMeasuredSentence(String sentence) {
        nothingMeasuredSentence = sentence;
    }

    /**
     * Sets what {@link #halt} writes first: the running step's result with the intervals finished so far. Replaces
     * any earlier one; null for none.
     */
    public synchronized void beforeHalt(Runnable lastWrite) {
        beforeHalt = lastWrite;
    }

    /**
     * Ends the process at once (a second Ctrl-C, or the watchdog): writes {@link #beforeHalt} while it closes every
     * owned resource (those whose close began already are waited for too), all in parallel, waiting for them
     * {@link #HALT_DEADLINE}, or after a stop until {@link #JVM_EXIT} before the {@link #EXIT_BOUND} counted from the
     * stop when that is later; then asks the {@link Exit} to halt. So a halt leaves no child process and no temporary
     * directory behind, whatever phase it comes in: an embedded server being started is killed and its directory
     * deleted as on a first Ctrl-C.
     *
     * @param cause what stopped the command
     */
    public void halt(StopCause cause) {
        mark("halt " + cause);
        Runnable last;
        synchronized (this) {
            if (exiting) {
                // the command returned and wrote its record: only the JVM's exit is left, and this cuts it short
                exit.halt(cause);
                return;
            }
            halting = true;
            last = beforeHalt;
        }
        long until = closeUntil(HALT_DEADLINE);
        CompletableFuture<Void> write = last == null ? null : CompletableFuture.runAsync(last, CLOSERS);
        List<Owned> all = openAndClosing();
        all.forEach(Owned::begin);
        if (write != null) {
            awaitQuietly("the halted result", write, until);
        }
        all.forEach(o -> o.await(until));
        exit.halt(cause);
        haltReturned.countDown();
    }

    /**
     * The command's own exit is about to end the process. When a {@link #halt} is under way, the halt ends it
     * instead: this waits for it (at most {@link #HALT_DEADLINE} past the {@link #EXIT_BOUND}; with an in-process
     * {@link Exit} until the halt returns), so the result the halt is writing reaches the disk and what it closes is
     * closed. Once this returned, a halt only ends the process at once (the command's record is written).
     */
    public void beginExit() {
        synchronized (this) {
            if (!halting) {
                exiting = true;
                return;
            }
        }
        mark("exit waits for the halt");
        try {
            haltReturned.await(EXIT_BOUND.plus(HALT_DEADLINE).toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The command returned: the watchdog has nothing more to guard. */
    public void finished() {
        mark("command returned");
        finished = true;
    }

    /** @return the phase the command is in */
    public Phase phase() {
        return phase;
    }

    /** @return true once any step of the command began its measured phase */
    public boolean measuredOnce() {
        return measuredOnce;
    }

    /**
     * Sets what runs first when a stop ends the command before anything was measured (the step's result.json
     * marked interrupted); replaces any earlier one; null for none. It runs on the stop's thread, bounded by
     * {@link #CLOSE_DEADLINE}.
     */
    public synchronized void beforeNothingMeasuredExit(Runnable lastWords) {
        beforeNothingMeasuredExit = lastWords;
    }

    /**
     * Stops the command (a signal). The first stop runs every stop listener; when nothing was measured yet it
     * also runs {@link #beforeNothingMeasuredExit} while it closes every owned resource, all in parallel, and asks the
     * {@link Exit} to end the process once they are done, or abandoned {@link #JVM_EXIT} before the
     * {@link #EXIT_BOUND}. Once something was measured it starts the {@link #WATCHDOG}. Later calls do nothing.
     * Listeners must not block.
     *
     * @param cause what stopped it
     */
    public void stop(StopCause cause) {
        List<Runnable> run;
        Runnable last;
        synchronized (this) {
            if (stopped != null) {
                return;
            }
            stopped = cause;
            stoppedNanos = System.nanoTime();
            mark("stop " + cause);
            run = List.copyOf(listeners);
            last = measuredOnce ? null : beforeNothingMeasuredExit;
        }
        run.forEach(Lifecycle::quietly);
        if (!measuredOnce) {
            // the interrupted result is written while everything closes: one deadline for both
            long until = closeUntil(CLOSE_DEADLINE);
            CompletableFuture<Void> write = last == null ? null : CompletableFuture.runAsync(last, CLOSERS);
            List<Owned> all = openAndClosing();
            all.forEach(Owned::begin);
            if (write != null) {
                awaitQuietly("the interrupted result", write, until);
            }
            all.forEach(o -> o.await(until));
            String sentence;
            synchronized (this) {
                sentence = nothingMeasuredSentence;
            }
            exit.nothingMeasured(cause, sentence);
        } else {
            Thread watchdog = new Thread(() -> {
                try {
                    Thread.sleep(WATCHDOG.toMillis());
                } catch (InterruptedException e) {
                    return;
                }
                if (!finished) {
                    halt(cause);
                }
            }, "lifecycle-watchdog");
            watchdog.setDaemon(true);
            watchdog.start();
        }
    }

    /** @return what stopped the command, or null while it was not stopped */
    public StopCause stopped() {
        return stopped;
    }

    /**
     * @return true once a stop ends the command with nothing measured: what the command still prints comes from work
     *         that the stop is breaking (a check whose server was just stopped) and is left out
     */
    public boolean ending() {
        return stopped != null && !measuredOnce;
    }

    /**
     * @return true once a {@link #halt} began: it closes what the command still uses (its output files, its sockets),
     *         so a failure the command meets from then on is the halt's doing, not the disk's or the server's
     */
    public synchronized boolean halting() {
        return halting;
    }

    /** @return true once the command was stopped from outside */
    public boolean stopRequested() {
        return stopped != null;
    }

    /**
     * Closes every owned resource still open, all in parallel, waiting at most {@code deadline} for all of them;
     * those still closing then are abandoned (named in {@link #abandoned}).
     */
    public void closeAll(Duration deadline) {
        close(openAndClosing(), deadline);
    }

    /**
     * @param atLeast the shortest wait from now
     * @return until when (System.nanoTime) a stop's or a halt's closes are waited for: {@code atLeast} from now, or
     *         until {@link #JVM_EXIT} before the {@link #EXIT_BOUND} counted from the stop, whichever is later
     */
    private long closeUntil(Duration atLeast) {
        long now = System.nanoTime();
        long until = now + atLeast.toNanos();
        long stop = stoppedNanos;
        if (stop != 0) {
            long bound = stop + EXIT_BOUND.minus(JVM_EXIT).toNanos();
            if (bound - until > 0) {
                until = bound;
            }
        }
        return until;
    }

    /** @return the owned resources still open, then those whose close began and has not finished */
    private synchronized List<Owned> openAndClosing() {
        List<Owned> all = new ArrayList<>(owned.values());
        all.addAll(closing.values());
        return all;
    }

    /**
     * The running step's measured phase ended now: from here its end work shares one deadline ({@link #END_DEADLINE},
     * {@link #endDeadlineNanos}). Called once per step, by the step's runner.
     */
    public void measuringEnded() {
        measuredEndNanos = System.nanoTime();
        mark("measuring ended");
    }

    /**
     * @return the deadline of the running step's end work (System.nanoTime): {@link #END_DEADLINE} after its measured
     *         end, or {@link #END_DEADLINE_AFTER_STOP} after the later of that end and a stop, whichever comes first;
     *         {@link #END_DEADLINE} from now while the measured phase has not ended
     */
    public long endDeadlineNanos() {
        long end = measuredEndNanos;
        if (end == 0) {
            end = System.nanoTime();
        }
        long until = end + END_DEADLINE.toNanos();
        long stop = stoppedNanos;
        if (stop != 0) {
            long afterStop = (stop - end > 0 ? stop : end) + END_DEADLINE_AFTER_STOP.toNanos();
            if (afterStop - until < 0) {
                until = afterStop;
            }
        }
        return until;
    }

    /** @return the time left until {@link #endDeadlineNanos}, zero once it passed */
    public Duration endWorkLeft() {
        return Duration.ofNanos(Math.max(0, endDeadlineNanos() - System.nanoTime()));
    }

    /**
     * Closes {@code resources} all in parallel, waiting at most {@code deadline} for all of them together; those still
     * closing then are abandoned.
     */
    public static void close(java.util.Collection<Owned> resources, Duration deadline) {
        long until = System.nanoTime() + deadline.toNanos();
        for (Owned o : resources) {
            o.begin();
        }
        for (Owned o : resources) {
            o.await(until);
        }
    }

    /** @return the names of closes that did not finish within their deadline, in order */
    public synchronized List<String> abandoned() {
        return List.copyOf(abandoned);
    }

    private static void quietly(Runnable r) {
        try {
            r.run();
        } catch (RuntimeException ignored) {
            // a listener's failure must not keep the others from running
        }
    }

    /** Waits for {@code work} (running on a daemon thread) until {@code untilNanos}; names it abandoned after that. */
    private void awaitQuietly(String name, CompletableFuture<Void> work, long untilNanos) {
        try {
            work.get(Math.max(0, untilNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            mark("abandoned " + name);
            synchronized (this) {
                abandoned.add(name);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.ExecutionException e) {
            // it ended, with an error: nothing to wait for
        }
    }

    /** Closes a resource; may block, may throw (both are contained by the lifecycle). */
    @FunctionalInterface
    public interface Closer {
        void close() throws Exception;
    }

    /** A registered stop listener; closing it unregisters it. */
    public interface Listener extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * An owned resource. Closing it closes the resource once, on a daemon thread, waiting at most its deadline.
     * Thread-safe.
     */
    public final class Owned implements AutoCloseable {
        private final long id;
        private final String name;
        private final Closer closer;
        private final Duration deadline;
        private CompletableFuture<Void> closing; // guarded by this Owned

        private Owned(long id, String name, Closer closer, Duration deadline) {
            this.id = id;
            this.name = name;
            this.closer = closer;
            this.deadline = deadline;
        }

        /** Closes the resource (once), waiting at most its deadline; never throws. */
        @Override
        public void close() {
            begin();
            await(System.nanoTime() + deadline.toNanos());
        }

        /**
         * Begins the close (once) on its daemon thread and returns at once: a later {@link #close}, or the command's
         * {@link Lifecycle#closeAll}, waits for it. For a resource no longer needed whose close takes a while (a killed
         * server's teardown) while the command still has other work to do.
         */
        public void closeSoon() {
            begin();
        }

        /** Releases the resource from the lifecycle without closing it (the caller closed it itself). */
        public void release() {
            synchronized (Lifecycle.this) {
                owned.remove(id);
            }
        }

        /** Starts the close unless it was started before. */
        private void begin() {
            synchronized (this) {
                if (closing != null) {
                    return; // waited for again, bounded by the caller's deadline
                }
                synchronized (Lifecycle.this) {
                    owned.remove(id);
                    Lifecycle.this.closing.put(id, this);
                }
                closing = CompletableFuture.runAsync(() -> {
                    try {
                        closer.close();
                    } catch (Exception ignored) {
                        // a failed close leaves nothing to wait for
                    }
                    mark("closed " + name);
                    synchronized (Lifecycle.this) {
                        Lifecycle.this.closing.remove(id);
                    }
                }, CLOSERS);
            }
        }

        private void await(long untilNanos) {
            CompletableFuture<Void> f;
            synchronized (this) {
                f = closing;
            }
            if (f.isDone()) {
                return;
            }
            try {
                f.get(Math.max(0, untilNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                mark("abandoned " + name);
                synchronized (Lifecycle.this) {
                    if (!abandoned.contains(name)) {
                        abandoned.add(name);
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (java.util.concurrent.ExecutionException cannotHappen) {
                // the closer's exceptions are caught inside
            }
        }

        @Override
        public String toString() {
            return name;
        }
    }
}
