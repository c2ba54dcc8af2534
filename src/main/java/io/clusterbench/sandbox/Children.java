package io.clusterbench.sandbox;

import io.clusterbench.lifecycle.Lifecycle;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Waiting for a helper process of a sandbox command (a node's {@code --wsrep-recover}, {@code mariadb-install-db}) as
 * the command's lifecycle owns it: a stop (Ctrl-C, SIGTERM) kills it (SIGKILL, no wait) instead of leaving it running
 * on a node's data after the command ended, and so does the bound.
 *
 * <p>Thread-safe (stateless).
 */
final class Children {
    private Children() {
    }

    /**
     * @param p     the process, started by the caller
     * @param bound the longest wait; past it the process is killed
     * @param life  the command's lifecycle
     * @param name  what it is, for the lifecycle's list of abandoned closes
     * @return true when it ended on its own within the bound, false when it was killed (the bound, a stop)
     * @throws InterruptedException when the waiting thread is interrupted (the process is killed first)
     */
    static boolean await(Process p, Duration bound, Lifecycle life, String name) throws InterruptedException {
        AtomicBoolean killed = new AtomicBoolean();
        Lifecycle.Owned owned = life.own(name, () -> {
            killed.set(true);
            p.destroyForcibly();
        });
        boolean ended = false;
        try {
            ended = p.waitFor(bound.toMillis(), TimeUnit.MILLISECONDS) && !killed.get();
            return ended;
        } finally {
            if (ended) {
                owned.release();
            } else {
                owned.close(); // kills it
            }
        }
    }
}
