package io.clusterbench.metrics;

import org.HdrHistogram.AtomicHistogram;
import org.HdrHistogram.Histogram;

/**
 * One latency histogram (µs) that every worker records into, and that one reader takes interval histograms
 * from without ever waiting for a writer.
 *
 * <p>Layout: {@code stripes} fixed-range {@link AtomicHistogram}s (1 µs to one hour). A writer records into
 * its own stripe with atomic increments: there is no critical section, so a writer the scheduler preempted
 * (or a virtual thread unmounted) at any point holds nothing the reader or another writer waits for, and
 * recording neither locks nor allocates. The counts are cumulative and never reset; the reader sums the
 * stripes into a snapshot and subtracts its previous snapshot. Each count only grows, so the difference is
 * never negative; an event recorded while the reader passes its bucket lands in this interval or the next,
 * never in both or neither.
 *
 * <p>Memory does not grow with the number of workers: at 3 significant digits a stripe is about 185 KB
 * (23,552 counts), and the reader keeps two more of the same size; at 2 digits about 25 KB each. The
 * per-worker design this replaces kept three auto-resizing histograms per worker, whose growth under
 * rising latencies allocated and promoted about 100 MB per young collection at 1024 workers (issue 9).
 *
 * <p>Thread-safety: {@link #record} from any thread; {@link #takeInterval} from one reader thread at a time.
 * Usage:
 * <pre>{@code
 * StripedHistogram h = new StripedHistogram(StripedHistogram.stripesFor(threads), 3);
 * h.record(worker % h.stripes(), micros);          // each worker, per event
 * Histogram interval = h.takeInterval(pool);         // the reader, per interval
 * pool.give(interval);                               // its last user, when done with it
 * }</pre>
 */
public final class StripedHistogram {
    /** Largest value tracked: one hour, in microseconds (larger values are recorded as this). */
    public static final long HIGHEST_TRACKABLE_MICROS = 3_600_000_000L;
    /** Upper bound of {@link #stripesFor}: past this, more stripes only cost memory and reader time. */
    public static final int MAX_STRIPES = 64;

    private final AtomicHistogram[] stripes;
    private final int digits;
    private Histogram now;
    private Histogram before;

    /**
     * @param stripes number of stripes, &ge; 1 (see {@link #stripesFor})
     * @param digits  significant decimal digits, 1..5
     */
    public StripedHistogram(int stripes, int digits) {
        if (stripes < 1) {
            throw new IllegalArgumentException("stripes must be at least 1, got " + stripes);
        }
        this.stripes = new AtomicHistogram[stripes];
        for (int i = 0; i < stripes; i++) {
            this.stripes[i] = new AtomicHistogram(HIGHEST_TRACKABLE_MICROS, digits);
        }
        this.digits = digits;
        this.now = empty(digits);
        this.before = empty(digits);
    }

    /**
     * Stripes for a run: two per processor (writers that run at the same instant rarely share one), no more
     * than the writers and no more than {@value #MAX_STRIPES}.
     *
     * @param writers worker threads of the run, &ge; 1
     * @return the number of stripes, &ge; 1
     */
    public static int stripesFor(int writers) {
        int cpus = Runtime.getRuntime().availableProcessors();
        return Math.max(1, Math.min(Math.min(writers, 2 * cpus), MAX_STRIPES));
    }

    /** @return an empty histogram of this range and {@code digits} significant digits */
    public static Histogram empty(int digits) {
        return new Histogram(HIGHEST_TRACKABLE_MICROS, digits);
    }

    /** @return the number of stripes */
    public int stripes() {
        return stripes.length;
    }

    /**
     * Records one value. Any thread; lock-free, no allocation.
     *
     * @param stripe the writer's stripe, 0 &le; stripe &lt; {@link #stripes()}
     * @param micros the value in µs; clamped to [1, one hour]
     */
    public void record(int stripe, long micros) {
        stripes[stripe].recordValue(micros < 1 ? 1 : Math.min(micros, HIGHEST_TRACKABLE_MICROS));
    }

    /**
     * Takes everything recorded since the previous call (or since construction). One reader thread.
     *
     * @return a fresh histogram the caller owns, with this recorder's range and precision
     */
    public Histogram takeInterval() {
        return takeInterval(null);
    }

    /**
     * As {@link #takeInterval()}, into a histogram taken from {@code pool} (a new one when the pool has none idle
     * or is null). One reader thread.
     *
     * @param pool where the interval's histogram comes from; its precision must be this recorder's
     * @return the interval's histogram, owned by the caller (hand it back to {@code pool} when done with it)
     * @throws IllegalArgumentException when the pool's precision differs from this recorder's
     */
    public Histogram takeInterval(HistogramPool pool) {
        if (pool != null && pool.digits() != digits) {
            throw new IllegalArgumentException("pool of " + pool.digits() + " digits for a recorder of " + digits);
        }
        Histogram t = before;
        before = now;
        now = t;
        now.reset();
        for (AtomicHistogram s : stripes) {
            now.add(s);
        }
        Histogram out = pool == null ? empty(digits) : pool.take();
        out.add(now);
        out.subtract(before);
        return out;
    }
}
