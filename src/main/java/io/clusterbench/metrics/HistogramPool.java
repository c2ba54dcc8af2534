package io.clusterbench.metrics;

import org.HdrHistogram.Histogram;

import java.util.ArrayDeque;

/**
 * A small pool of interval histograms (µs, 1 µs to one hour, one precision) that the reporter takes from and
 * the interval writer hands back once it has written them, so the steady state allocates no histogram per
 * interval, and HdrHistogram's own buffers stay with a histogram it sees again: a histogram keeps the
 * intermediate buffer of its compressed encoding ({@code encodeIntoCompressedByteBuffer}, about 188 KB at 3
 * significant digits), which a fresh histogram allocates again on its first encoding (issue 9).
 *
 * <p>Ownership: {@link #take} makes the caller the histogram's only owner; {@link #give} ends that ownership,
 * after which the giver must not read or change it (it may be handed out again at once, reset). A histogram is
 * given back at most once per take; giving one that is already idle here, or of another range or precision,
 * fails with {@link IllegalArgumentException}. A histogram never given back is simply garbage collected (the
 * pool keeps no reference to what it handed out), and one given back to a full pool too.
 *
 * <p>Thread-safe: {@link #take} and {@link #give} may be called from any threads (in a run: take on the
 * coordinator thread, give on the writer thread); the pool's lock orders a give before the take that hands the
 * same histogram out again, so whatever the giver did to it happens-before the new owner sees it.
 */
public final class HistogramPool {
    private final int digits;
    private final int capacity;
    private final ArrayDeque<Histogram> idle; // guarded by this

    /**
     * @param digits   significant decimal digits of the histograms, 1..5
     * @param capacity most idle histograms kept, &ge; 0 (0: every take allocates, every give drops)
     */
    public HistogramPool(int digits, int capacity) {
        if (capacity < 0) {
            throw new IllegalArgumentException("capacity must be at least 0, got " + capacity);
        }
        this.digits = digits;
        this.capacity = capacity;
        this.idle = new ArrayDeque<>(Math.max(1, capacity));
        StripedHistogram.empty(digits); // checks digits now, not at the first take
    }

    /** @return significant decimal digits of this pool's histograms */
    public int digits() {
        return digits;
    }

    /**
     * @return an empty histogram (no counts, no time stamps, no tag) of this pool's range and precision, owned
     *         by the caller: an idle one reset, or a new one when none is idle. Any thread.
     */
    public Histogram take() {
        Histogram h;
        synchronized (this) {
            h = idle.pollLast(); // the most recently given: its buffers are the likeliest still in a cache
        }
        if (h == null) {
            return StripedHistogram.empty(digits);
        }
        h.reset(); // here, not at give: the next owner gets an empty histogram whatever happened after the give
        return h;
    }

    /**
     * Hands a histogram back; the caller must not use it afterwards. Any thread.
     *
     * @param h a histogram of this pool's range and precision, typically one {@link #take} returned; null is ignored
     * @throws IllegalArgumentException when {@code h} has another range or precision, or is idle here already
     *                                  (given back twice)
     */
    public void give(Histogram h) {
        if (h == null) {
            return;
        }
        if (h.getNumberOfSignificantValueDigits() != digits
                || h.getHighestTrackableValue() != StripedHistogram.HIGHEST_TRACKABLE_MICROS
                || h.getLowestDiscernibleValue() != 1) {
            throw new IllegalArgumentException("histogram of another range or precision (" + h.getLowestDiscernibleValue()
                    + ".." + h.getHighestTrackableValue() + ", " + h.getNumberOfSignificantValueDigits()
                    + " digits) given back to a pool of 1.." + StripedHistogram.HIGHEST_TRACKABLE_MICROS + ", "
                    + digits + " digits");
        }
        synchronized (this) {
            for (Histogram i : idle) {
                if (i == h) {
                    throw new IllegalArgumentException("histogram given back twice: it is idle in the pool already");
                }
            }
            if (idle.size() < capacity) {
                idle.addLast(h);
            }
        }
    }

    /** @return idle histograms now, 0..capacity (for tests and diagnostics) */
    public synchronized int idle() {
        return idle.size();
    }
}
