package io.clusterbench.engine;

import java.util.List;
import java.util.Locale;

/**
 * The rule that stops a run whose every endpoint stays unreachable (docs/metrics.md, "Unreachable target"):
 * when every worker still running has lost its connection and has failed to reconnect to any endpoint
 * ({@link Worker#unreachableSinceNanos()}) for the give-up time ({@link EnginePlan#giveUp}, {@code --give-up-time})
 * without a break, the run stops on a fatal error, as sysbench stops on a lost connection; a give-up time of 0
 * never stops it. Workers waiting inside a statement on a live server
 * (a lock, {@code FLUSH TABLES WITH READ LOCK}) are connected, so they never count; a worker that fails over to
 * a live node is connected again, so a cluster with one node left goes on.
 *
 * <p>Called by the run's clock thread ({@link EndOfRun}) only; reads the workers' opaque fields, takes no lock.
 */
final class Unreachable {
    private final List<Worker> workers;
    private final long giveUpNanos;

    /**
     * @param workers     the run's workers
     * @param giveUpNanos how long every endpoint may stay unreachable; 0 or less for never
     */
    Unreachable(List<Worker> workers, long giveUpNanos) {
        this.workers = workers;
        this.giveUpNanos = giveUpNanos;
    }

    /**
     * @param nowNanos clock time of the check
     * @return true when every running worker has been unable to reach any endpoint for the give-up time
     */
    boolean givenUp(long nowNanos) {
        if (giveUpNanos <= 0) {
            return false; // --give-up-time 0: ride it out to --time
        }
        long latest = 0;
        boolean any = false;
        for (Worker w : workers) {
            if (w.done()) {
                continue;
            }
            long since = w.unreachableSinceNanos();
            if (since == 0) {
                return false; // connected, or inside a statement on a live server
            }
            if (!any || since - latest > 0) {
                latest = since;
            }
            any = true;
        }
        return any && nowNanos - latest >= giveUpNanos;
    }

    /**
     * @param lastFailure the last failed reconnect ({@code CODE/STATE at ENDPOINT: message}), or null
     * @return the one-line fatal error of a run that gave up
     */
    String message(String lastFailure) {
        String last = lastFailure == null ? "" : lastFailure.lines().findFirst().orElse("");
        return String.format(Locale.ROOT, "%s for %.1f s: connections lost and reconnects failing%s",
                Engine.UNREACHABLE, giveUpNanos / 1e9, last.isEmpty() ? "" : " (last: " + last + ")");
    }
}
