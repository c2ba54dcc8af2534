package io.clusterbench.probe;

import io.clusterbench.anomaly.AppendExecutor;
import io.clusterbench.anomaly.AppendGenerator;
import io.clusterbench.anomaly.AppendMix;
import io.clusterbench.anomaly.BankWorkload;
import io.clusterbench.anomaly.CounterWorkload;
import io.clusterbench.anomaly.HistoryClock;
import io.clusterbench.anomaly.HistoryRecord;
import io.clusterbench.anomaly.HistorySink;
import io.clusterbench.anomaly.HistoryWorkload;
import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Target;
import io.clusterbench.lifecycle.Lifecycle;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Sessions of the history workloads on a target, each on its own thread, recording every operation in a history: the
 * load of one setting of {@code probe anomalies}, and what a run's step can run beside its own load (open before the
 * measured phase, {@link #start} at its start, {@link #stop} at its end, then {@link FinalReads} and the checkers).
 *
 * <p>Bounded whatever the servers do: each session's connections carry the target's connect and read timeouts, and
 * are owned by the command's {@link Lifecycle} from the moment the load opens ({@link #requestStop} on a Ctrl-C and
 * {@link #stop} at the end close every session's sockets, which frees a statement blocked on a frozen node at once; a
 * session still running then is abandoned, never joined without a bound).
 *
 * <p>Thread-safe: {@link #requestStop} may come from a signal's thread; the other methods are called from the
 * command's thread in the order open, start, awaitEnd, stop.
 */
public final class HistoryLoad implements HistoryHost {
    /** After a stop's close of every socket, the longest the sessions are waited for, ms. */
    static final long ABANDON_AFTER_MILLIS = 300;
    /** Notes kept at most. */
    private static final int MAX_NOTES = 20;
    private final Target target;
    private final List<String> names;
    private final Spec spec;
    private final Lifecycle life;
    private final List<HistorySession> sessions = new ArrayList<>();
    private final CountDownLatch ready;
    private final CountDownLatch started = new CountDownLatch(1);
    private final CountDownLatch ended;
    private final Map<HistoryWorkload, AtomicLong> taken = new EnumMap<>(HistoryWorkload.class);
    private final Set<String> notes = new LinkedHashSet<>();
    private volatile boolean stopping;
    /** Set by a stop from outside ({@link #requestStop}): the final reads are skipped too. */
    private volatile boolean aborted;
    private volatile Workloads workloads;
    private volatile GatedSink sink;
    private Lifecycle.Owned owned;
    private long startNanos;
    private volatile long endNanos;

    /**
     * The load's shape. Immutable.
     *
     * @param workloads            the workloads run side by side
     * @param sessions             sessions per workload, &ge; 1
     * @param mix                  the list-append transactions' shape
     * @param accounts             bank accounts, &ge; 2
     * @param lockingReads         true for {@code SELECT … FOR UPDATE}
     * @param placement            where transactions run
     * @param operationsPerWorkload operations of each workload after which its sessions stop; 0 = no limit
     * @param seed                 the generators' seed
     */
    public record Spec(Set<HistoryWorkload> workloads, int sessions, AppendMix mix, int accounts, boolean lockingReads,
                       Placement placement, long operationsPerWorkload, long seed) {
        public Spec {
            workloads = Set.copyOf(workloads);
        }

        /** @return the workloads in enum order */
        public List<HistoryWorkload> ordered() {
            return java.util.Arrays.stream(HistoryWorkload.values()).filter(workloads::contains).toList();
        }
    }

    /** What the sessions run on, made at the load's start with the history's clock and sink. */
    record Workloads(AppendGenerator generator, AppendExecutor executor, BankWorkload bank, CounterWorkload counter) {
        /** @return the workloads of {@code spec}, recording into {@code sink} on {@code clock} */
        static Workloads of(Spec spec, HistoryClock clock, HistorySink sink) {
            return new Workloads(new AppendGenerator(spec.mix(), 1, spec.seed()),
                    new AppendExecutor(clock, sink, spec.lockingReads()),
                    new BankWorkload(spec.accounts(), LoadTables.INITIAL_BALANCE, spec.lockingReads(), clock, sink),
                    new CounterWorkload(clock, sink));
        }
    }

    /**
     * @param target where the sessions connect: its session variables (isolation, consistency) and timeouts are theirs
     * @param names  the node name per endpoint, as the history records it
     * @param spec   the load's shape
     * @param life   the command's lifecycle, which owns the sessions' connections
     */
    public HistoryLoad(Target target, List<String> names, Spec spec, Lifecycle life) {
        this.target = target;
        this.names = List.copyOf(names);
        this.spec = spec;
        this.life = life;
        int total = spec.sessions() * spec.workloads().size();
        this.ready = new CountDownLatch(total);
        this.ended = new CountDownLatch(total);
        spec.workloads().forEach(w -> taken.put(w, new AtomicLong()));
    }

    /** @return the load's shape */
    public Spec spec() {
        return spec;
    }

    /**
     * Starts every session's thread, which opens its writer connection and waits for {@link #start}.
     *
     * @param bound the longest to wait for the connections (they carry the connect timeout; a session that could not
     *              connect tries again once started)
     */
    public void open(Duration bound) {
        owned = life.own("anomaly sessions", this::abortAll);
        int n = 0;
        for (HistoryWorkload w : spec.ordered()) {
            for (int i = 0; i < spec.sessions(); i++) {
                HistorySession s = new HistorySession(n, w, this, spec.seed() * 31 + n);
                sessions.add(s);
                Thread t = new Thread(s, "anomaly-" + w.label() + "-" + i);
                t.setDaemon(true);
                t.start();
                n++;
            }
        }
        await(ready, bound.toNanos());
    }

    /**
     * Lets the sessions run: the history's time origin is now.
     *
     * @param clock the history's clock, its origin the load's start
     * @param out   where every operation is recorded as it completes (thread-safe)
     */
    public void start(HistoryClock clock, HistorySink out) {
        sink = new GatedSink(out);
        workloads = Workloads.of(spec, clock, sink);
        startNanos = System.nanoTime();
        started.countDown();
    }

    /**
     * Waits until every session ended (each workload's operations done), a stop was asked, or {@code deadlineNanos}.
     *
     * @param deadlineNanos {@code System.nanoTime()} to stop waiting at; {@code Long.MAX_VALUE} for none
     */
    public void awaitEnd(long deadlineNanos) {
        while (!stopping && System.nanoTime() - deadlineNanos < 0) {
            long left = Math.min(50_000_000L, deadlineNanos - System.nanoTime());
            if (await(ended, Math.max(1, left))) {
                return;
            }
        }
    }

    /**
     * Ends the load: asks every session to stop after its current operation, waits at most {@code grace}, then closes
     * the sockets of the sessions still running (their operation fails: unknown when its commit was under way) and
     * waits {@value #ABANDON_AFTER_MILLIS} ms more; a session still running then is abandoned and named in the notes.
     * The sessions' records still go to the history (the final reads use the same workloads) until {@link #close}.
     */
    public void stop(Duration grace) {
        stopping = true;
        boolean all = await(ended, grace.toNanos());
        if (!all) {
            abortAll();
            all = await(ended, ABANDON_AFTER_MILLIS * 1_000_000L);
        }
        endNanos = endNanos == 0 ? System.nanoTime() : endNanos;
        if (!all) {
            note(ended.getCount() + " session(s) did not stop within " + (grace.toMillis() + ABANDON_AFTER_MILLIS)
                    + " ms and were abandoned");
        }
    }

    /**
     * After {@link #stop} and the final reads: records arriving later (from a session abandoned at the stop) are
     * dropped, so the history checked is the history written; the lifecycle lets go of the sessions.
     */
    public void close() {
        if (sink != null) {
            sink.close();
        }
        if (owned != null) {
            owned.close();
        }
    }

    /** A stop from outside (Ctrl-C): every session's sockets are closed now. Returns at once; thread-safe. */
    public void requestStop() {
        aborted = true;
        stopping = true;
        abortAll();
    }

    /** @return true once a stop came from outside ({@link #requestStop}) */
    @Override
    public boolean aborted() {
        return aborted;
    }

    /** @return true once a stop was asked */
    @Override
    public boolean stopping() {
        return stopping;
    }

    /** @return wall time from {@link #start} to the end (the last session's, or the stop's), seconds */
    public double seconds() {
        long end = endNanos == 0 ? System.nanoTime() : endNanos;
        return startNanos == 0 ? 0 : (end - startNanos) / 1e9;
    }

    /** @return what limited the load, one sentence each, in the order first seen */
    public synchronized List<String> notes() {
        return List.copyOf(notes);
    }

    /** @return the workloads the sessions ran (after {@link #start}), for the final reads */
    @Override
    public Workloads workloads() {
        return workloads;
    }

    @Override
    public List<HistoryWorkload> ordered() {
        return spec.ordered();
    }

    @Override
    public Placement placement() {
        return spec.placement();
    }

    @Override
    public String node(int endpoint) {
        return names.get(endpoint);
    }

    List<String> names() {
        return names;
    }

    @Override
    public SessionLink open(int endpoint) throws DbFailure {
        return SessionLink.open(target, endpoint, names.get(endpoint));
    }

    @Override
    public synchronized void note(String line) {
        if (notes.size() < MAX_NOTES) {
            notes.add(line);
        }
    }

    void ready() {
        ready.countDown();
    }

    /** @return false when the load stopped before it started */
    boolean awaitStart() {
        while (!stopping) {
            if (await(started, 50_000_000L)) {
                return !stopping;
            }
        }
        return false;
    }

    /** @return true when the workload may run one more operation (its budget is not spent) */
    boolean takeOperation(HistoryWorkload w) {
        long budget = spec.operationsPerWorkload();
        return budget <= 0 || taken.get(w).getAndIncrement() < budget;
    }

    void ended() {
        ready.countDown(); // a session that ended before it was ready does not hold the start
        ended.countDown();
        if (ended.getCount() == 0 && endNanos == 0) {
            endNanos = System.nanoTime();
        }
    }

    void failed(int session, RuntimeException e) {
        note("session " + session + " stopped: " + e);
    }

    /** Sleeps {@code millis} unless the load is stopping. */
    @Override
    public void pause(long millis) {
        sleepUnless(millis, () -> stopping);
    }

    /** Sleeps {@code millis} unless a stop came from outside (the final reads' pause). */
    @Override
    public void pauseUnlessAborted(long millis) {
        sleepUnless(millis, () -> aborted);
    }

    static void sleepUnless(long millis, java.util.function.BooleanSupplier stop) {
        long until = System.nanoTime() + millis * 1_000_000L;
        while (!stop.getAsBoolean() && System.nanoTime() < until) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private void abortAll() {
        sessions.forEach(HistorySession::abort);
    }

    private static boolean await(CountDownLatch latch, long nanos) {
        try {
            return latch.await(nanos, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return latch.getCount() == 0;
        }
    }

    /** Passes records on until closed, then drops them (a session abandoned at the stop may still complete one). */
    static final class GatedSink implements HistorySink {
        private final HistorySink out;
        private boolean closed;

        GatedSink(HistorySink out) {
            this.out = out;
        }

        @Override
        public synchronized void add(HistoryRecord record) {
            if (!closed) {
                out.add(record);
            }
        }

        synchronized void close() {
            closed = true;
        }
    }
}
