package io.clusterbench.cli;

import sun.misc.Signal;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Ctrl-C (SIGINT) for the real process. The first one asks the running command to stop ({@code run} and
 * {@code sweep} stop their engine: the run ends within about a second, results are written and the summary
 * printed, exit 130); with no command listening it exits as usual (shutdown hooks run). A second Ctrl-C exits
 * at once (status 130): everything already written stays (interval files are flushed per interval,
 * result.json at least every 10 s); intervals taken but still queued for the engine's writer thread (normally
 * none; the summary's write lag says how far it fell behind) are not written.
 *
 * <p>Thread-safe: the signal handler runs on the JVM's signal thread; {@link #listen} is called by commands.
 * SIGTERM keeps the JVM's default (shutdown hooks), handled by {@link Main}'s hook.
 */
final class Interrupts {
    private static final AtomicInteger COUNT = new AtomicInteger();
    private static final AtomicReference<Runnable> LISTENER = new AtomicReference<>();
    private static volatile boolean installed;
    private static volatile Runnable exit;
    private static volatile Runnable halt;
    private static volatile boolean exitingNow;
    /** What the second Ctrl-C runs before it halts the process (the step's result file), or null. */
    private static volatile Runnable beforeHalt;
    /** The longest the second Ctrl-C waits for {@link #beforeHalt}: it must still end the process at once. */
    static final long BEFORE_HALT_MILLIS = 1000;
    private static volatile boolean ignored;

    private Interrupts() {
    }

    /**
     * Installs the SIGINT handler once; where the platform refuses it, the JVM default stays.
     *
     * @param exitProcess ends the process normally with status 130 (shutdown hooks run); {@link Main} owns it
     * @param haltProcess ends the process at once with status 130
     */
    static synchronized void install(Runnable exitProcess, Runnable haltProcess) {
        if (installed) {
            return;
        }
        installed = true;
        exit = exitProcess;
        halt = haltProcess;
        try {
            // started with SIGINT ignored (`cmd &` from a script: non-interactive shells ignore it in background
            // jobs), the JVM keeps it ignored and hands back SIG_IGN: Ctrl-C and kill -INT then do nothing
            ignored = Signal.handle(new Signal("INT"), s -> onInterrupt()) == sun.misc.SignalHandler.SIG_IGN;
        } catch (IllegalArgumentException | UnsupportedOperationException noSignals) {
            // keep the default: shutdown hooks still stop the run
        }
    }

    /** @return true when this process was started with SIGINT ignored, so Ctrl-C cannot stop it (after {@link #install}) */
    static boolean sigintIgnored() {
        return ignored;
    }

    /**
     * @param onStop what the first Ctrl-C runs (on its own thread)
     * @return a handle that stops listening
     */
    static AutoCloseable listen(Runnable onStop) {
        LISTENER.set(onStop);
        return () -> LISTENER.compareAndSet(onStop, null);
    }

    /**
     * Ends the process now with status 130 on a thread of its own (shutdown hooks run; a shutdown hook may call
     * this, the exit then being already under way): for a stop that came before the command had anything to
     * save. Returns at once.
     */
    static void exitNow() {
        Runnable end = exit;
        if (end == null) {
            return; // not installed: no process of ours to end (in-process use)
        }
        exitingNow = true;
        Thread t = new Thread(end, "clusterbench-exit");
        t.setDaemon(true); // inside a running shutdown, System.exit blocks for good: it must not hold the JVM
        t.start();
    }

    /** @return true once {@link #exitNow} ran: the process is ending on an interrupt */
    static boolean exitingNow() {
        return exitingNow;
    }

    /**
     * Sets what a second Ctrl-C runs, for at most {@value #BEFORE_HALT_MILLIS} ms, before it halts the process: the
     * running step's result.json, so its finished intervals are on disk (issue 9: "a second Ctrl-C exits at once,
     * results still written"). Null for nothing.
     */
    static void beforeHalt(Runnable lastWrite) {
        beforeHalt = lastWrite;
    }

    private static void onInterrupt() {
        Runnable stop = LISTENER.get();
        if (COUNT.incrementAndGet() > 1) {
            Runnable last = beforeHalt;
            if (last != null) {
                Thread t = new Thread(last, "clusterbench-last-write");
                t.setDaemon(true);
                t.start();
                try {
                    t.join(BEFORE_HALT_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            halt.run();
        }
        Thread t = stop == null ? new Thread(exit, "clusterbench-exit")
                : new Thread(stop, "clusterbench-stop");
        t.setDaemon(stop != null);
        t.start();
    }
}
