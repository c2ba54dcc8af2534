package io.clusterbench.workload;

import io.clusterbench.db.WatchedSocketFactory;

import java.net.Socket;
import java.util.Collections;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The one pool of loader connections: {@code workers} connections take items from one queue until it is
 * empty and no item is still running; an item may add more items (a range split in parts). Used by the
 * table loaders of every family and by {@link KeySpaceLoader}.
 *
 * <p>On the first failure the others stop taking items and the failure is thrown; on interrupt of the
 * calling thread the workers are interrupted and {@link InterruptedException} is thrown, so the caller can say
 * what is complete. In both cases every worker's TCP socket (captured at open through
 * {@link WatchedSocketFactory}) is closed under it: a worker blocked in a socket write cannot be interrupted, and
 * one streaming {@code LOAD DATA LOCAL INFILE} to a connection the server killed (KILL CONNECTION) blocks there
 * for good once the send buffer is full, since the server no longer reads. Without this a killed load could
 * hang {@code prepare} instead of ending with what is complete.
 *
 * <p>Thread-safe: each worker thread owns its connection.
 */
public final class ParallelLoad {
    private ParallelLoad() {
    }

    /** Gives worker {@code i} its connection and takes it back. */
    public interface Connections {
        /**
         * @param worker 0-based worker index
         * @return the worker's connection
         * @throws SQLException when it cannot connect
         */
        Connection open(int worker) throws SQLException;

        /** Takes a worker's connection back; closes it by default. */
        default void release(int worker, Connection c) throws SQLException {
            c.close();
        }
    }

    /** One item's work on a worker's connection. */
    @FunctionalInterface
    public interface Work<T> {
        /**
         * @return further items to queue (never null)
         * @throws SQLException when the server fails a statement
         * @throws InterruptedException when the worker is interrupted (the load stops)
         */
        Collection<T> run(Connection c, T item) throws SQLException, InterruptedException;
    }

    /**
     * Runs {@code items} and everything they add on {@code workers} connections.
     *
     * @throws SQLException the first failure of any worker
     * @throws InterruptedException when the calling thread is interrupted (workers are stopped first)
     */
    public static <T> void run(int workers, Connections connections, Collection<T> items, Work<T> work)
            throws SQLException, InterruptedException {
        LinkedBlockingDeque<T> queue = new LinkedBlockingDeque<>(items);
        AtomicInteger pending = new AtomicInteger(queue.size());
        AtomicReference<Throwable> failure = new AtomicReference<>();
        int n = Math.max(1, workers);
        List<Socket> sockets = Collections.synchronizedList(new ArrayList<>());
        ExecutorService pool = Executors.newFixedThreadPool(n);
        boolean joined = false;
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int w = 0; w < n; w++) {
                int worker = w;
                futures.add(pool.submit(() -> {
                    Connection c = null;
                    try {
                        c = WatchedSocketFactory.capture(sockets::add, () -> connections.open(worker));
                        while (pending.get() > 0 && failure.get() == null) {
                            T item = queue.poll(50, TimeUnit.MILLISECONDS);
                            if (item == null) {
                                continue;
                            }
                            try {
                                Collection<T> more = work.run(c, item);
                                pending.addAndGet(more.size());
                                queue.addAll(more);
                            } finally {
                                pending.decrementAndGet();
                            }
                        }
                    } catch (Throwable t) {
                        if (failure.compareAndSet(null, t)) {
                            closeAll(sockets); // frees workers blocked in a read or write on their connection
                        }
                    } finally {
                        if (c != null) {
                            try {
                                connections.release(worker, c);
                            } catch (SQLException ignored) {
                                // the work's own outcome matters more than a failed close
                            }
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) { // interrupted here: the finally block frees blocked workers
                try {
                    f.get();
                } catch (ExecutionException e) {
                    failure.compareAndSet(null, e.getCause());
                }
            }
            joined = true;
        } finally {
            pool.shutdownNow();
            if (!joined || failure.get() != null) {
                closeAll(sockets);
            }
        }
        Throwable t = failure.get();
        if (t instanceof SQLException se) {
            throw se;
        }
        if (t instanceof InterruptedException ie) {
            throw ie;
        }
        if (t instanceof RuntimeException re) {
            throw re;
        }
        if (t instanceof Error e) {
            throw e;
        }
        if (t != null) {
            throw new IllegalStateException(t);
        }
    }

    private static void closeAll(List<Socket> sockets) {
        synchronized (sockets) {
            sockets.forEach(WatchedSocketFactory::close);
        }
    }
}
