package io.clusterbench.cli;

import io.clusterbench.lifecycle.Lifecycle;

import java.io.PrintStream;
import java.util.List;

/**
 * How a {@link Lifecycle} ends this process: with 130 after a Ctrl-C, 143 (128 + SIGTERM's 15, the JVM's own)
 * after SIGTERM. Only {@link Main} creates it: it is the process's exit.
 *
 * <p>Thread-safe.
 */
final class ProcessExit implements Lifecycle.Exit {
    private final PrintStream err;
    private volatile boolean ending;
    /**
     * The lifecycle this exit ends the process for: its timeline is printed at a halt ({@code CLUSTERBENCH_TRACE=1}),
     * and a halt under way is let finish before an exit; null until {@link #of} is called.
     */
    private volatile Lifecycle life;

    /** Binds the exit to {@code life}: prints its timeline when the process halts, waits for its halt when exiting. */
    void of(Lifecycle life) {
        this.life = life;
    }

    ProcessExit(PrintStream err) {
        this.err = err;
    }

    /** Prints the sentence and ends the process on a thread of its own (a SIGTERM's shutdown is under way already). */
    @Override
    public void nothingMeasured(Lifecycle.StopCause cause, String sentence) {
        ending = true;
        if (sentence != null) {
            err.println(sentence);
        }
        printTrace("exit " + cause);
        if (cause == Lifecycle.StopCause.INTERRUPT) {
            Thread t = new Thread(() -> {
                Lifecycle bound = life;
                if (bound != null) {
                    bound.beginExit(); // a second Ctrl-C's halt under way ends the process once its result is written
                }
                System.exit(ExitCode.INTERRUPTED.code());
            }, "clusterbench-exit");
            t.setDaemon(true); // inside a running shutdown, System.exit blocks for good: it must not hold the JVM
            t.start();
        }
    }

    @Override
    public void halt(Lifecycle.StopCause cause) {
        ending = true;
        printTrace("halt");
        err.flush();
        Runtime.getRuntime().halt(cause == Lifecycle.StopCause.INTERRUPT ? ExitCode.INTERRUPTED.code() : 143);
    }

    /** With {@code CLUSTERBENCH_TRACE=1}: marks {@code what} and prints the timeline and the threads in native calls. */
    private void printTrace(String what) {
        Lifecycle life = this.life;
        if (life != null && !life.trace().isEmpty()) {
            life.mark(what + " at epoch ms " + System.currentTimeMillis());
            life.trace().forEach(line -> err.println("trace " + line));
            threadsInNative().forEach(t -> err.println("trace in native: " + t));
        }
    }

    /**
     * The threads that would hold the JVM's exit: at its final safepoint the JVM waits up to 300 ms for threads inside a
     * native method (a blocked socket read, a child process's reaper waiting for it to end) to block.
     *
     * @return each such thread's name and the native method it is in (for {@code CLUSTERBENCH_TRACE=1})
     */
    static java.util.List<String> threadsInNative() {
        java.util.List<String> out = new java.util.ArrayList<>();
        Thread.getAllStackTraces().forEach((t, stack) -> {
            if (t != Thread.currentThread() && t.getState() == Thread.State.RUNNABLE && stack.length > 0
                    && stack[0].isNativeMethod() && !"Reference Handler".equals(t.getName())
                    && !List.of("park", "dumpThreads", "sleep", "wait").contains(stack[0].getMethodName())) {
                out.add(t.getName() + " in " + stack[0].getClassName() + "." + stack[0].getMethodName());
            }
        });
        return out;
    }

    /** @return true once the process is ending on a stop: what the command still prints comes from broken work */
    boolean ending() {
        return ending;
    }
}
