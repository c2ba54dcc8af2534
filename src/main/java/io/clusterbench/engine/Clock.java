package io.clusterbench.engine;

/**
 * The engine's only source of time, injectable so engine tests can control it.
 *
 * <p>Implementations are thread-safe.
 */
public interface Clock {
    /** @return a monotonic time in nanoseconds (arbitrary origin) */
    long nanoTime();

    /**
     * Parks the calling thread until {@link #nanoTime()} reaches {@code deadlineNanos}.
     *
     * @return false when interrupted
     */
    boolean parkUntil(long deadlineNanos);

    /** The system monotonic clock ({@link System#nanoTime()}). */
    Clock SYSTEM = new Clock() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public boolean parkUntil(long deadlineNanos) {
            long left;
            while ((left = deadlineNanos - System.nanoTime()) > 0) {
                java.util.concurrent.locks.LockSupport.parkNanos(left);
                if (Thread.interrupted()) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
            return true;
        }
    };
}
