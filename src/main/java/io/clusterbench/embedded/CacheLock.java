package io.clusterbench.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A readers-writer lock on a cache directory, across processes (a {@code flock}-style lock on its lock file) and
 * across threads of this JVM (which the file lock does not separate: the JVM holds it as a whole). Readers (runs
 * using the cache) share it; a writer (building or rebuilding a part) holds it alone. Waiting polls every
 * {@value #POLL_MILLIS} ms and ends at once when the waiter's {@link StartGuard} is cancelled. The operating system
 * drops the file lock when the process ends, however it ends.
 *
 * <p>Thread-safe. One instance per lock file ({@link #of}).
 */
final class CacheLock {
    private static final long POLL_MILLIS = 25;
    private static final Map<Path, CacheLock> LOCKS = new ConcurrentHashMap<>();
    private final Path file;
    /** Guarded by {@code this}. */
    private FileChannel channel;
    private FileLock held;
    private int readers;
    private boolean writer;
    /** A thread is waiting for the file lock on behalf of this JVM. */
    private boolean acquiring;

    private CacheLock(Path file) {
        this.file = file;
    }

    /** @return the lock of {@code file} (created when it is first locked) */
    static CacheLock of(Path file) {
        return LOCKS.computeIfAbsent(file.toAbsolutePath().normalize(), CacheLock::new);
    }

    /** A held lock; closing it releases it (once). */
    interface Hold extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Takes the lock shared with other readers.
     *
     * @throws java.util.concurrent.CancellationException when the guard is cancelled while waiting
     */
    Hold shared(StartGuard guard) {
        synchronized (this) {
            while (writer || acquiring) {
                await(guard);
            }
            if (readers > 0) {
                readers++;
                return once(this::releaseShared);
            }
            acquiring = true;
        }
        FileLock lock = acquire(true, guard);
        synchronized (this) {
            acquiring = false;
            notifyAll();
            if (lock == null) {
                guard.check();
                throw new java.util.concurrent.CancellationException("interrupted while waiting for " + file);
            }
            held = lock;
            readers = 1;
        }
        return once(this::releaseShared);
    }

    /**
     * Takes the lock alone.
     *
     * @throws java.util.concurrent.CancellationException when the guard is cancelled while waiting
     */
    Hold exclusive(StartGuard guard) {
        synchronized (this) {
            while (writer || acquiring || readers > 0) {
                await(guard);
            }
            acquiring = true;
        }
        FileLock lock = acquire(false, guard);
        synchronized (this) {
            acquiring = false;
            notifyAll();
            if (lock == null) {
                guard.check();
                throw new java.util.concurrent.CancellationException("interrupted while waiting for " + file);
            }
            held = lock;
            writer = true;
        }
        return once(this::releaseExclusive);
    }

    private void await(StartGuard guard) {
        guard.check();
        try {
            wait(POLL_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.util.concurrent.CancellationException("interrupted while waiting for " + file);
        }
        guard.check();
    }

    /** @return the file lock, or null when the guard was cancelled first */
    private FileLock acquire(boolean shared, StartGuard guard) {
        try {
            FileChannel c;
            synchronized (this) {
                if (channel == null || !channel.isOpen()) {
                    channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                            StandardOpenOption.READ);
                }
                c = channel;
            }
            while (!guard.cancelled()) {
                FileLock lock = c.tryLock(0, Long.MAX_VALUE, shared);
                if (lock != null) {
                    return lock;
                }
                Thread.sleep(POLL_MILLIS);
            }
            return null;
        } catch (IOException e) {
            synchronized (this) {
                acquiring = false;
                notifyAll();
            }
            throw new UncheckedIOException("cannot lock " + file + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private synchronized void releaseShared() {
        if (--readers == 0) {
            release();
        }
        notifyAll();
    }

    private synchronized void releaseExclusive() {
        writer = false;
        release();
        notifyAll();
    }

    private void release() {
        try {
            if (held != null) {
                held.release();
            }
        } catch (IOException ignored) {
            // the channel is gone: so is the lock
        }
        held = null;
    }

    private static Hold once(Runnable release) {
        boolean[] done = {false};
        return () -> {
            synchronized (done) {
                if (!done[0]) {
                    done[0] = true;
                    release.run();
                }
            }
        };
    }
}
