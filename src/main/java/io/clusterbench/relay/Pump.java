package io.clusterbench.relay;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * One direction of a relayed connection: a reader thread stamps every chunk it reads with the time it is due
 * (read time + delay ± jitter, never before the previous chunk, so TCP's order holds), a writer thread writes it
 * when due and no sooner than the bandwidth cap allows. The link is read for every chunk, so a change applies to
 * open connections at once. At most {@value #QUEUE_CHUNKS} chunks of up to {@value #CHUNK_BYTES} bytes wait; beyond
 * that the reader blocks and TCP pushes back on the sender, as a full long-distance pipe would.
 *
 * <p>Thread-safe: owns its two threads; {@link #close} may come from any thread.
 */
final class Pump {
    static final int CHUNK_BYTES = 64 * 1024;
    static final int QUEUE_CHUNKS = 512;
    private static final byte[] END = new byte[0];

    private record Chunk(byte[] data, int length, long readNanos, long dueNanos) {
    }

    private final Socket from;
    private final Socket to;
    private final Supplier<LinkSpec> link;
    private final LinkCounters counters;
    private final Runnable onEnd;
    private final BlockingQueue<Chunk> queue = new ArrayBlockingQueue<>(QUEUE_CHUNKS);
    private volatile boolean closed;

    /**
     * @param link     the link now (delays of both ends added, see {@link LinkSpec#plus})
     * @param counters where bytes and added delay are counted
     * @param onEnd    called once when this direction has ended (end of stream, reset or close)
     */
    Pump(Socket from, Socket to, Supplier<LinkSpec> link, LinkCounters counters, Runnable onEnd) {
        this.from = from;
        this.to = to;
        this.link = link;
        this.counters = counters;
        this.onEnd = onEnd;
    }

    /** Starts the reader and the writer, named after {@code name}. */
    void start(String name) {
        Thread r = new Thread(this::readLoop, "relay-read-" + name);
        Thread w = new Thread(this::writeLoop, "relay-write-" + name);
        r.setDaemon(true);
        w.setDaemon(true);
        r.start();
        w.start();
    }

    /** Stops both threads (they end at their next blocking call once the sockets are closed). */
    void close() {
        closed = true;
        queue.offer(new Chunk(END, 0, 0, 0));
    }

    /** A reset or write error on either socket ends the whole connection: both sockets close. */
    private void fail() {
        closed = true;
        closeQuietly(from);
        closeQuietly(to);
    }

    static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // closing anyway
        }
    }

    private void readLoop() {
        long lastDue = 0;
        try (InputStream in = from.getInputStream()) {
            while (!closed) {
                byte[] buf = new byte[CHUNK_BYTES];
                int n = in.read(buf);
                if (n < 0) {
                    break;
                }
                long now = System.nanoTime();
                LinkSpec l = link.get();
                long delayNanos = l.delayMicros() * 1000;
                if (l.jitterMicros() > 0) {
                    delayNanos += ThreadLocalRandom.current().nextLong(-l.jitterMicros(), l.jitterMicros() + 1) * 1000;
                }
                long due = Math.max(lastDue, now + delayNanos);
                lastDue = due;
                queue.put(new Chunk(buf, n, now, due));
            }
        } catch (IOException e) {
            fail();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            queue.put(new Chunk(END, 0, 0, 0));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void writeLoop() {
        long capFreeNanos = 0;
        try {
            OutputStream out = to.getOutputStream();
            while (true) {
                Chunk c = queue.take();
                if (c.data() == END || closed) {
                    break;
                }
                long cap = link.get().bandwidthBytesPerSecond();
                long due = cap > 0 ? Math.max(c.dueNanos(), capFreeNanos) : c.dueNanos();
                for (long wait = due - System.nanoTime(); wait > 0; wait = due - System.nanoTime()) {
                    LockSupport.parkNanos(wait);
                }
                out.write(c.data(), 0, c.length());
                long now = System.nanoTime();
                if (cap > 0) {
                    capFreeNanos = Math.max(now, capFreeNanos) + c.length() * 1_000_000_000L / cap;
                }
                counters.add(c.length(), now - c.readNanos());
            }
            to.shutdownOutput();
        } catch (IOException e) {
            fail();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        onEnd.run();
    }
}
