package io.clusterbench.observe;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs an {@link Observer} on its own thread and schedule, so the run's interval loop never waits for it: the
 * coordinator only reads the latest finished sample. A server that does not answer (a stalled node, a lock on
 * {@code SHOW STATUS}) delays only this thread; meanwhile the interval line shows the observer's figures as
 * {@code ?}. A sample that finished late is not replaced before the coordinator took it: the next one is taken on the
 * schedule after it, so a late sample reaches an interval (it may say what no later one does: a gap).
 *
 * <p>Thread-safe: {@link #start}, {@link #sample}, {@link #compactLine} and {@link #close} are called from the
 * coordinator; the wrapped observer is confined to this wrapper's own thread (until {@link #close}).
 */
public final class AsyncObserver implements Observer {
    private final Observer delegate;
    private final long periodNanos;
    private final long pollNanos;
    private final Thread thread;
    private volatile boolean closed;
    private volatile boolean startRequested;
    /** Whether {@link #thread} was started (by {@link #connectAhead} or {@link #start}); the coordinator's own. */
    private boolean threadStarted;
    private volatile Reading latest;
    /** The number of the last sample {@link #sample} returned; written by the coordinator, read by the thread. */
    private volatile long lastReadSeq;
    /** The reading the last {@link #sample} call returned, null when it returned none: the line shows that one. */
    private volatile Reading lastReturned;
    private volatile long startedNanos;
    /** When the sample in progress began ({@link System#nanoTime}), 0 while none is: written by the thread only. */
    private volatile long samplingSince;
    /** Final readings asked for ({@link #requestFinalReading}), and the last one a reading served: thread's own. */
    private volatile long finalWanted;

    /**
     * One finished sample of the wrapped observer: sequence number (1, 2, …), figures, line text, when taken, and
     * the number of final readings asked for when it began (it serves those).
     */
    private record Reading(long seq, Map<String, Object> figures, String compact, long takenNanos, long served) {
    }

    /**
     * @param delegate     the observer to run; confined to this wrapper's thread from now on
     * @param periodMillis how often it samples (the report interval), &gt; 0
     */
    public AsyncObserver(Observer delegate, long periodMillis) {
        this.delegate = delegate;
        this.periodNanos = TimeUnit.MILLISECONDS.toNanos(Math.max(1, periodMillis));
        long poll = TimeUnit.MILLISECONDS.toNanos(Math.max(0, delegate.pollMillis()));
        this.pollNanos = poll > 0 && poll < periodNanos ? poll : 0;
        this.thread = new Thread(this::loop, "observer-" + delegate.name());
        thread.setDaemon(true);
    }

    @Override
    public String name() {
        return delegate.name();
    }

    /**
     * Starts the observer's thread, which takes the baseline and then samples once per period, polling the
     * observer between samples when it asks for it ({@link Observer#pollMillis} shorter than the period).
     */
    @Override
    public void start() {
        startedNanos = System.nanoTime();
        startRequested = true;
        if (threadStarted) {
            LockSupport.unpark(thread);
        } else {
            threadStarted = true;
            thread.start();
        }
    }

    /**
     * Before the measured phase: starts the observer's thread, which opens the observer's connections
     * ({@link Observer#connect}) and then waits for {@link #start}, so the baseline is read at the measured start
     * and not after a handshake (a run of 0.05 s had its baseline read after it ended). Never waits; optional.
     */
    public void connectAhead() {
        if (!threadStarted) {
            threadStarted = true;
            thread.start();
        }
    }

    private void loop() {
        delegate.connect();
        while (!startRequested) {
            if (closed) {
                return; // closed before the measured phase: nothing to read
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
        }
        delegate.start();
        long last = System.nanoTime();
        // sample a little before each interval boundary, so the coordinator finds this period's sample when it
        // takes the interval (sampling at the boundary itself loses that race, and the interval shows nothing)
        long next = startedNanos + periodNanos - leadNanos();
        if (next - last < periodNanos / 2) {
            next += periodNanos; // the baseline took most of the first period: its first window is a whole one
        }
        long seq = 0;
        long served = 0;
        while (true) {
            boolean last0 = closed; // closing: one final sample covers the tail of the run
            long wanted = finalWanted;
            long wait = next - System.nanoTime();
            if (wait <= 0 && !last0 && wanted == served && unread(seq)) {
                // a late sample the interval loop has not taken yet: the next one would replace it unseen, and with
                // it what only it says (the gap of a node's first answer after a restart); the next one is taken
                // before the next interval boundary instead, as if this one had been on time
                next = nextOnSchedule(System.nanoTime());
                wait = next - System.nanoTime();
            }
            if (wait > 0 && !last0 && wanted == served) {
                if (pollNanos > 0 && wait > pollNanos / 2) {
                    LockSupport.parkNanos(Math.min(wait, pollNanos));
                    if (!closed && next - System.nanoTime() > pollNanos / 4) {
                        delegate.pollBetweenSamples(); // between samples: gauges and short episodes (Observer#pollMillis)
                    }
                } else {
                    LockSupport.parkNanos(wait);
                }
                continue;
            }
            long now = System.nanoTime();
            samplingSince = now;
            Map<String, Object> figures = delegate.sample((now - last) / 1e9);
            samplingSince = 0;
            last = now;
            served = wanted;
            latest = new Reading(++seq, figures, delegate.compactLine(), System.nanoTime(), wanted);
            if (last0) {
                return;
            }
            next = Math.max(next + periodNanos, System.nanoTime() + periodNanos / 2);
        }
    }

    /**
     * @param nowNanos {@link System#nanoTime}
     * @return the first sampling time after {@code nowNanos} on the schedule: {@link #leadNanos} before an interval
     *         boundary (the start plus a whole number of periods)
     */
    private long nextOnSchedule(long nowNanos) {
        long lead = leadNanos();
        long periods = Math.floorDiv(nowNanos + lead - startedNanos, periodNanos) + 1;
        return startedNanos + periods * periodNanos - lead;
    }

    /** @return true when the sample numbered {@code seq} was published and the interval loop has not taken it */
    private boolean unread(long seq) {
        return seq > 0 && lastReadSeq < seq;
    }

    /**
     * Asks for a reading now, for the run's final (partial) interval, unless the coordinator has an unread one
     * already (the sample taken just before the boundary: a run that ends on its schedule). Without this a run
     * that ended before the observer's next sample (an {@code --events} run shorter than the report interval)
     * printed its final line without the observer's figures. Call from the coordinator's thread, then
     * {@link #awaitFinalReading}.
     *
     * @return the request to wait for, 0 when none was needed
     */
    public long requestFinalReading() {
        Reading r = latest;
        if (r != null && r.seq() != lastReadSeq || !thread.isAlive()) {
            return 0;
        }
        long wanted = ++finalWanted;
        LockSupport.unpark(thread);
        return wanted;
    }

    /**
     * Waits until the reading asked for by {@link #requestFinalReading} was taken, or until {@code deadlineNanos}
     * ({@link System#nanoTime}): an observer whose server does not answer leaves the final line with its
     * previous figures, never holds it up longer.
     *
     * @param request the value {@link #requestFinalReading} returned; 0 returns at once
     */
    public void awaitFinalReading(long request, long deadlineNanos) {
        while (request != 0 && thread.isAlive() && deadlineNanos - System.nanoTime() > 0 && !stuck()) {
            Reading r = latest;
            if (r != null && r.served() >= request) {
                return;
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
    }

    /**
     * @return true when the observer has been inside one sample for longer than its period (its server does not
     *         answer): a final reading is not waited for then
     */
    boolean stuck() {
        long since = samplingSince;
        return since != 0 && System.nanoTime() - since > periodNanos;
    }

    /**
     * @param intervalSeconds ignored: the observer keeps its own schedule
     * @return the latest sample taken since the previous call, or empty when there is none (the observer's
     *         server did not answer in time); never waits
     */
    @Override
    public Map<String, Object> sample(double intervalSeconds) {
        Reading r = latest;
        if (r == null || r.seq() == lastReadSeq) {
            lastReturned = null;
            return Map.of();
        }
        lastReadSeq = r.seq();
        lastReturned = r;
        return r.figures();
    }

    /**
     * @return the compact text of the reading the last {@link #sample} call returned, so the console line shows
     *         the figures its interval stores (a tester found a line showing the next interval's server figures,
     *         or repeating the previous line's, while the interval's {@code observed} entry had another reading or
     *         none); its prefix and {@code ?} when that call returned none (no reading finished in time, the
     *         server does not answer); "" when the observer has no text to show
     */
    @Override
    public String compactLine() {
        Reading shown = lastReturned;
        if (shown != null) {
            return shown.compact();
        }
        Reading r = latest;
        if (r == null) { // no reading yet (the baseline filled the first interval, or the server does not answer)
            String prefix = delegate.linePrefix();
            return prefix.isEmpty() ? "" : prefix + " ?";
        }
        return r.compact().isEmpty() ? "" : shortName(r.compact()) + " ?";
    }

    /** @return how long before each interval boundary the sample is taken: a tenth of the period, at most 100 ms */
    private long leadNanos() {
        return Math.min(periodNanos / 10, TimeUnit.MILLISECONDS.toNanos(100));
    }

    /** @return the first word of the observer's compact text (its prefix, e.g. {@code srv:}), or its name */
    private String shortName(String compact) {
        String c = compact.strip();
        int space = c.indexOf(' ');
        return c.isEmpty() ? delegate.name() + ":" : space < 0 ? c : c.substring(0, space);
    }

    /** Forwards to the wrapped observer, on the caller's thread (see {@link Observer#measuringEnded}). */
    @Override
    public void measuringEnded() {
        delegate.measuringEnded();
    }

    @Override
    public io.clusterbench.result.Facts facts() {
        return delegate.facts();
    }

    /**
     * Stops sampling and closes the wrapped observer (its connections), after waiting briefly for its thread to
     * leave its loop. When the thread is still inside a sample (a server that accepts but does not answer: SIGSTOP,
     * a frozen node), closing a driver connection waits for the read in progress: call this through the command's
     * {@code Lifecycle}, which bounds the wait and abandons what does not close in time.
     */
    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(thread);
        try {
            thread.join(CLOSE_WAIT_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        delegate.close();
    }

    /** How long {@link #close} waits for the sampling thread before closing the observer under it. */
    static final long CLOSE_WAIT_MILLIS = 100;
}
