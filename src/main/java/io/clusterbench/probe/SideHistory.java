package io.clusterbench.probe;

import io.clusterbench.anomaly.AppendMix;
import io.clusterbench.anomaly.History;
import io.clusterbench.anomaly.HistoryClock;
import io.clusterbench.anomaly.HistoryFile;
import io.clusterbench.anomaly.HistoryHeader;
import io.clusterbench.anomaly.HistoryLog;
import io.clusterbench.anomaly.HistorySink;
import io.clusterbench.anomaly.HistoryWorkload;
import io.clusterbench.anomaly.Isolation;
import io.clusterbench.anomaly.Promise;
import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Target;
import io.clusterbench.engine.SideLoad;
import io.clusterbench.lifecycle.Lifecycle;
import io.clusterbench.result.AnomalyCheck;
import io.clusterbench.result.AnomalySetting;
import io.clusterbench.result.RunAnomalies;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The history workloads of {@code probe anomalies} run beside a run as a small, paced share of its load
 * ({@code run … --anomalies RATE}; docs/consistency.md, "Beside a run"): made ready before the run (tables recreated,
 * isolation level read or set and verified on every endpoint), started just before the run's measured phase as one
 * {@link SideLoad} in open loop at RATE operations per second over all its sessions, recording every operation in
 * {@code history.jsonl} of the run's folder, stopped at the measured end, then final reads and the checks, each
 * bounded ({@link #FINAL_READS_BOUND}, {@link #finish}'s deadline) so the run's end is never held: what is not done in
 * time is recorded as not done, with the operations counted.
 *
 * <p>Thread-safe: {@link #start}, {@link #stop}, {@link #finish} and {@link #close} may come from different threads
 * (the observer's, the end-of-run thread, a stop); each acts once. The sessions' threads call the {@link HistoryHost}
 * methods.
 */
public final class SideHistory implements HistoryHost {
    /** The longest the final reads may take in all, after the load stopped. */
    static final Duration FINAL_READS_BOUND = Duration.ofMillis(500);
    /** How long a refusing node is asked again for its final read before it is read dirty (Galera) or left out. */
    static final Duration FINAL_READ_WAIT = Duration.ofMillis(200);
    /** The longest {@link #stop} waits for the side engine to end (its end sequence closes every socket by then). */
    static final long STOP_WAIT_MILLIS = 400;
    /** Notes kept at most. */
    private static final int MAX_NOTES = 20;

    private final Spec spec;
    private final Setup setup;
    private final Lifecycle life;
    private final Target sessions;
    private final Isolation isolation;
    private final String isolationLine;
    private final Promise promise;
    private final HistoryLoad.Spec load;
    private final Set<String> notes = new LinkedHashSet<>(); // guarded by itself
    private volatile boolean stopping;
    private volatile boolean aborted;
    private volatile HistoryLoad.Workloads workloads;
    private volatile HistoryLoad.GatedSink sink;
    private HistoryClock clock; // guarded by this
    private HistoryLog log; // guarded by this
    private HistoryFile file; // guarded by this
    private SideLoad side; // guarded by this
    private long startNanos; // guarded by this
    private long endNanos; // guarded by this

    /**
     * What {@code --anomalies} and its options asked. Immutable.
     *
     * @param rateOpsPerSecond    operations per second over all the history sessions, &gt; 0
     * @param workloads           the history workloads run side by side
     * @param sessionsPerWorkload sessions of each workload; 0 = as many as endpoints, at least 2
     * @param isolation           the sessions' isolation level, or null for the server's own (read back)
     * @param readsOn             where read-only transactions run
     * @param mix                 the list-append transactions' shape
     * @param accounts            bank accounts, &ge; 2
     */
    public record Spec(double rateOpsPerSecond, Set<HistoryWorkload> workloads, int sessionsPerWorkload,
                       Isolation isolation, Placement.ReadsOn readsOn, AppendMix mix, int accounts) {
        public Spec {
            workloads = Set.copyOf(workloads);
        }

        /** @return the sessions of each workload on {@code endpoints} endpoints */
        public int sessions(int endpoints) {
            return sessionsPerWorkload > 0 ? sessionsPerWorkload : Math.max(2, endpoints);
        }
    }

    /**
     * Where the history runs, from the run. Immutable.
     *
     * @param sessions    the run's sessions' target: consistency level and timeouts (the isolation level is added)
     * @param names       the node name per endpoint
     * @param galera      true on Galera (causal and dirty final reads)
     * @param consistency the run's {@code --consistency} level, or null when not set
     * @param singleWriter true when the run routes writes to the first endpoint ({@code --routing single-writer})
     * @param dir         the run's folder, which gets {@code history.jsonl}
     * @param seed        the generators' seed
     */
    public record Setup(Target sessions, List<String> names, boolean galera, String consistency, boolean singleWriter,
                        Path dir, long seed) {
        public Setup {
            names = List.copyOf(names);
        }
    }

    private SideHistory(Spec spec, Setup setup, Lifecycle life, IsolationSetting.Applied applied, Isolation isolation,
                        List<String> tableNotes) {
        this.spec = spec;
        this.setup = setup;
        this.life = life;
        this.sessions = applied.target();
        this.isolation = isolation;
        this.isolationLine = applied.line();
        this.promise = Promise.of(isolation, setup.consistency());
        int endpoints = setup.sessions().endpoints().size();
        Placement placement = new Placement(setup.singleWriter() ? Placement.Routing.SINGLE_WRITER
                : Placement.Routing.ALL_WRITERS, spec.readsOn(), endpoints);
        this.load = new HistoryLoad.Spec(spec.workloads(), spec.sessions(endpoints), spec.mix(), spec.accounts(), false,
                placement, 0, setup.seed());
        tableNotes.forEach(this::note);
    }

    /**
     * Before the run: recreates the workloads' tables (on Galera the DDL replicates), and sets the isolation level on
     * the sessions' target and reads it back on every endpoint.
     *
     * @return the history load, ready to {@link #start}
     * @throws io.clusterbench.UserException when no endpoint can make the tables or answer, the level does not hold,
     *                                       or reads on another node are asked of one endpoint
     */
    public static SideHistory prepare(Spec spec, Setup setup, Lifecycle life) {
        Target base = setup.sessions().withSessionVariables(java.util.Map.of());
        if (spec.readsOn() == Placement.ReadsOn.OTHER && base.endpoints().size() < 2) {
            throw new io.clusterbench.UserException("--anomaly-reads-on other needs two or more endpoints (got "
                    + base.endpoints().size() + ")", "give every node with --host/--port, or use --anomaly-reads-on same");
        }
        List<String> tableNotes = LoadTables.recreate(base.withReadTimeout(30_000), setup.names(), spec.workloads(),
                spec.accounts(), life);
        Isolation level = spec.isolation() != null ? spec.isolation() : IsolationSetting.serverDefault(setup.sessions());
        IsolationSetting.Applied applied = IsolationSetting.apply(setup.sessions(), level, setup.names());
        return new SideHistory(spec, setup, life, applied, level, tableNotes);
    }

    /** @return e.g. {@code Anomalies: append at 20 operations/s beside the run, 3 sessions, reads on the same node} */
    public String describe() {
        return "Anomalies: " + String.join(" + ", load.ordered().stream().map(HistoryWorkload::label).toList()) + " at "
                + io.clusterbench.Format.decimal(spec.rateOpsPerSecond(), 1) + " operations/s beside the run, "
                + load.sessions() + " session(s) each, writes on " + load.placement().routing().label()
                + ", reads on " + spec.readsOn().label() + " node; " + isolationLine + "; promises "
                + String.join(", ", promise.names());
    }

    /**
     * Starts the history load now (its history's time origin): creates {@code history.jsonl} in the run's folder and
     * starts the side engine. A second call does nothing.
     *
     * @throws UncheckedIOException when the history file cannot be written
     */
    public synchronized void start() {
        if (clock != null || stopping) {
            return;
        }
        try {
            Files.createDirectories(setup.dir());
        } catch (java.io.IOException e) {
            throw new UncheckedIOException("cannot create " + setup.dir() + ": " + e.getMessage(), e);
        }
        clock = HistoryClock.start();
        HistoryHeader header = HistoryHeader.of(clock, isolation.variableValue(), setup.consistency() == null ? null
                : variable(setup.consistency()) + "=" + setup.consistency(), false, setup.names());
        log = new HistoryLog(header);
        file = HistoryFile.create(setup.dir().resolve(HistoryFile.FILE_NAME), header);
        sink = new HistoryLoad.GatedSink(HistorySink.both(file, log));
        workloads = HistoryLoad.Workloads.of(load, clock, sink);
        side = new SideLoad(new SideHistoryWorkload(this, load.sessions(), setup.seed()), sessions,
                load.sessions() * load.workloads().size(), spec.rateOpsPerSecond(), setup.seed(), Duration.ofSeconds(1),
                sample -> { });
        startNanos = System.nanoTime();
        side.start();
    }

    /**
     * Waits until the side engine's sessions are open and it runs (or it failed), at most {@code waitMillis}.
     *
     * @return true when it runs
     */
    public boolean awaitRunning(long waitMillis) {
        SideLoad s;
        synchronized (this) {
            s = side;
        }
        return s != null && s.awaitRunning(waitMillis);
    }

    /** Ends the load: no new operation starts; the side engine's end sequence frees the sessions. Bounded. */
    public void stop() {
        stopping = true;
        SideLoad s;
        synchronized (this) {
            s = side;
            if (endNanos == 0 && startNanos != 0) {
                endNanos = System.nanoTime();
            }
        }
        if (s != null) {
            s.stop(STOP_WAIT_MILLIS);
            Throwable failure = s.failure();
            if (failure != null) {
                note("the history load stopped early: " + failure.getMessage());
            }
        }
    }

    /**
     * After {@link #stop}: the final reads on every node (skipped after a stop from outside), then the checks, each
     * within what is left until {@code deadlineNanos}; a check not done by then is recorded as not checked.
     *
     * @param interrupted   true after a Ctrl-C or SIGTERM: no final reads
     * @param deadlineNanos {@code System.nanoTime()} by which the result must be ready
     * @return what the history showed; the run's share is added by the caller
     */
    public RunAnomalies finish(boolean interrupted, long deadlineNanos) {
        stop();
        aborted = interrupted;
        History atEnd;
        synchronized (this) {
            if (log == null) { // never started: nothing recorded
                return result(List.of(), "interrupted", 0, 0);
            }
            atEnd = log.history();
        }
        FinalReads.Result finals = new FinalReads.Result(java.util.Map.of(), List.of());
        if (!interrupted) {
            long left = Math.max(1, Math.min(FINAL_READS_BOUND.toNanos(), deadlineNanos - System.nanoTime()) / 1_000_000);
            finals = FinalReads.run(this, sessions.withSessionVariables(java.util.Map.of()), setup.galera(),
                    FINAL_READ_WAIT, Duration.ofMillis(left), life);
        }
        finals.notes().forEach(this::note);
        closeFile();
        double seconds = seconds();
        List<AnomalyCheck> checks = HistoryChecks.check(load, promise, log.history(), atEnd, seconds, finals,
                deadlineNanos);
        if (checks.stream().anyMatch(c -> !c.checked())) {
            note("a check did not finish within the end of the run's bound: its counts are left out; the history is "
                    + "in " + HistoryFile.FILE_NAME);
        }
        return result(checks, interrupted ? "interrupted" : "completed", seconds, clock.startEpochMillis());
    }

    /** Stops the load if it runs and closes the history file (a stop before the end; idempotent, bounded). */
    public void close() {
        stopping = true;
        aborted = true;
        SideLoad s;
        synchronized (this) {
            s = side;
        }
        if (s != null) {
            s.stop(0); // asks the engine to stop and moves on: its end sequence frees the sessions
        }
        closeFile();
    }

    private synchronized void closeFile() {
        if (sink != null) {
            sink.close(); // later records (a session abandoned at the stop, a late final read) are dropped
        }
        if (file != null) {
            file.close();
        }
    }

    private synchronized double seconds() {
        long end = endNanos == 0 ? System.nanoTime() : endNanos;
        return startNanos == 0 ? 0 : (end - startNanos) / 1e9;
    }

    private RunAnomalies result(List<AnomalyCheck> checks, String status, double seconds, long originMillis) {
        String level = setup.consistency();
        String name = (level == null ? "consistency not set" : variable(level) + "=" + level) + " "
                + isolation.shortName() + " " + load.placement().routing().label();
        AnomalySetting s = new AnomalySetting(1, name, ".", level, level == null ? "not set (the server's own)"
                : "the run's --consistency " + level, isolation.shortName(), isolationLine,
                load.placement().routing().label(), spec.readsOn().label(), false, status, seconds, originMillis,
                promise.names(), checks, null, null, notes(), null, null, null); // the run's own validity covers its window
        return new RunAnomalies(spec.rateOpsPerSecond(), load.sessions(), null, s);
    }

    private List<String> notes() {
        synchronized (notes) {
            return List.copyOf(notes);
        }
    }

    private static String variable(String consistency) {
        return Character.isDigit(consistency.charAt(0)) ? "wsrep_sync_wait" : "group_replication_consistency";
    }

    // ---- HistoryHost: called by the sessions' threads and the final reads ----

    @Override
    public Placement placement() {
        return load.placement();
    }

    @Override
    public HistoryLoad.Workloads workloads() {
        return workloads;
    }

    @Override
    public List<HistoryWorkload> ordered() {
        return load.ordered();
    }

    @Override
    public String node(int endpoint) {
        return setup.names().get(endpoint);
    }

    @Override
    public SessionLink open(int endpoint) throws DbFailure {
        return SessionLink.open(sessions, endpoint, node(endpoint));
    }

    @Override
    public void note(String line) {
        synchronized (notes) {
            if (notes.size() < MAX_NOTES) {
                notes.add(line);
            }
        }
    }

    @Override
    public void pause(long millis) {
        HistoryLoad.sleepUnless(millis, () -> stopping);
    }

    @Override
    public boolean stopping() {
        return stopping;
    }

    @Override
    public boolean aborted() {
        return aborted;
    }

    @Override
    public void pauseUnlessAborted(long millis) {
        HistoryLoad.sleepUnless(millis, () -> aborted);
    }

}
