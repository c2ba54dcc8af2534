package io.clusterbench.testing;

import io.clusterbench.lifecycle.Lifecycle;

/**
 * The exit bound the integration tests hold the real process to, after a signal or a measured end. The code's bound
 * is {@link Lifecycle#EXIT_BOUND}, 1 s (the end work's deadline 0.5 s after the measured end; before anything was
 * measured, a stop's closes until 0.65 s after it and 0.35 s for the JVM's exit; the watchdog 0.6 s after a stop and a
 * halt's 0.25 s). The tests allow {@link #SECONDS}: the 0.5 s on top is slack
 * for the loaded 2-core CI machine, not for the code. There, a JVM starved of CPU by the servers under test and the
 * other builds took 0.3-0.5 s more than on a quiet machine to write result.json and to exit (the JVM waits up to
 * 0.3 s for threads inside native calls, such as the reaper of a server just killed); the code's own deadlines are
 * asserted without slack in {@code LifecycleTest}. Tests that use it run with the default options (explain on, the
 * on-CPU profile off) and, after a stop, with {@code --profile on} too.
 */
public final class ExitBound {
    /** Seconds from the signal or the measured end to the process's end. */
    public static final double SECONDS = Lifecycle.EXIT_BOUND.toMillis() / 1000.0 + 0.5;

    private ExitBound() {
    }
}
