package io.clusterbench.cli;

import io.clusterbench.lifecycle.Lifecycle;
import sun.misc.Signal;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Ctrl-C (SIGINT) for the real process, handed to the command's {@link Lifecycle}: the first one stops the command
 * ({@link Lifecycle#stop}: a running step ends within about a second and its results are written; before anything
 * was measured the process ends at once), a second one ends the process at once ({@link Lifecycle#halt}: the
 * running step's result.json is written first with the intervals finished so far, for at most a second).
 *
 * <p>Thread-safe: the signal handler runs on the JVM's signal thread. SIGTERM keeps the JVM's default (shutdown
 * hooks), handled by {@link Main}'s hook.
 */
final class Interrupts {
    private static final AtomicInteger COUNT = new AtomicInteger();
    private static volatile Lifecycle lifecycle;
    private static volatile boolean installed;
    private static volatile boolean ignored;

    private Interrupts() {
    }

    /**
     * Installs the SIGINT handler once; where the platform refuses it, the JVM default stays.
     *
     * @param life the process's one command lifecycle
     */
    static synchronized void install(Lifecycle life) {
        lifecycle = life;
        if (installed) {
            return;
        }
        installed = true;
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

    private static void onInterrupt() {
        Lifecycle life = lifecycle;
        if (COUNT.incrementAndGet() > 1) {
            life.halt(Lifecycle.StopCause.INTERRUPT);
            return;
        }
        Thread t = new Thread(() -> life.stop(Lifecycle.StopCause.INTERRUPT), "clusterbench-stop");
        t.setDaemon(true);
        t.start();
    }
}
