package io.clusterbench.probe;

import io.clusterbench.anomaly.AppendChecker;
import io.clusterbench.anomaly.BankCheck;
import io.clusterbench.anomaly.BankRead;
import io.clusterbench.anomaly.BankTransfer;
import io.clusterbench.anomaly.CounterCheck;
import io.clusterbench.anomaly.CounterOp;
import io.clusterbench.anomaly.History;
import io.clusterbench.anomaly.HistoryClock;
import io.clusterbench.anomaly.HistoryFile;
import io.clusterbench.anomaly.HistoryHeader;
import io.clusterbench.anomaly.HistoryLog;
import io.clusterbench.anomaly.HistorySink;
import io.clusterbench.anomaly.HistoryWorkload;
import io.clusterbench.anomaly.Isolation;
import io.clusterbench.anomaly.Outcome;
import io.clusterbench.anomaly.Promise;
import io.clusterbench.anomaly.Txn;
import io.clusterbench.db.Target;
import io.clusterbench.lifecycle.Lifecycle;
import io.clusterbench.result.AnomalyCheck;
import io.clusterbench.result.AnomalySetting;
import io.clusterbench.result.HostWindow;
import io.clusterbench.result.ProbeNodeSpell;
import io.clusterbench.observe.HostCpuMeter;
import org.HdrHistogram.Histogram;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One setting of {@code probe anomalies}: makes the workloads' tables, runs the history load on every endpoint for
 * the setting's time (or operations), writes its {@code history.jsonl} as operations complete, takes the final reads,
 * checks the history and returns the setting's record (docs/consistency.md), with the host's CPU and (on Galera) the
 * nodes' states during the load, which its validity verdict judges ({@code result.ProbeValidity#setting}). A stop from outside (Ctrl-C) ends the
 * load at once, skips the final reads and checks what it can within {@value #CHECK_AFTER_STOP_MILLIS} ms; the history
 * file holds every operation that completed.
 *
 * <p>Confined to the command's thread, apart from the stop listener it registers.
 */
public final class AnomalyProbe {
    /** The longest the sessions may finish their transaction at the load's end before their sockets are closed. */
    static final Duration END_GRACE = Duration.ofSeconds(1);
    /** After a stop from outside, the longest the history's check may take before it is left out, ms. */
    static final long CHECK_AFTER_STOP_MILLIS = 400;
    /** The longest the node-state watch's end is waited for: one reading round on a node that does not answer. */
    static final Duration WATCH_STOP = Duration.ofMillis(NodeStateWatch.PERIOD_MILLIS
            + NodeStateWatch.READ_TIMEOUT_MILLIS);
    private final List<String> names;
    private final boolean galera;
    private final Lifecycle life;
    private final Consumer<String> console;

    /**
     * One setting to run. Immutable.
     *
     * @param index            1-based
     * @param name             e.g. {@code wsrep_sync_wait=0 RR all-writers}
     * @param directory        the setting's folder name
     * @param dir              the setting's folder
     * @param consistency      the level asked, or null
     * @param consistencyLine  how it was set and verified
     * @param isolation        the isolation level
     * @param isolationLine    how it was set and verified
     * @param sessions         the sessions' target: isolation, consistency, read timeout
     * @param base             the target without session settings
     * @param spec             the load's shape
     * @param time             the load's length; zero for none (then the operations bound it)
     * @param finalReadTimeout the longest the final reads wait for a node
     * @param promise          what the setting promises
     */
    public record Setting(int index, String name, String directory, Path dir, String consistency,
                          String consistencyLine, Isolation isolation, String isolationLine, Target sessions,
                          Target base, HistoryLoad.Spec spec, Duration time, Duration finalReadTimeout,
                          Promise promise) {
    }

    /** What the command does at the load's start and end (the fault schedule, the relay's links). */
    public interface Hooks {
        /** The load has started: time 0 of the setting. */
        void loadStarted();

        /** The load has ended (before the final reads). */
        void loadEnded();
    }

    /**
     * @param names   the node name per endpoint
     * @param galera  true on Galera (causal and dirty final reads)
     * @param life    the command's lifecycle
     * @param console receives one line per step
     */
    public AnomalyProbe(List<String> names, boolean galera, Lifecycle life, Consumer<String> console) {
        this.names = List.copyOf(names);
        this.galera = galera;
        this.life = life;
        this.console = console;
    }

    /**
     * Runs one setting.
     *
     * @return its record, {@code interrupted} when a stop came during it
     * @throws io.clusterbench.UserException when no endpoint can make the tables
     * @throws UncheckedIOException          when the history file cannot be written
     */
    public AnomalySetting run(Setting s, Hooks hooks) {
        List<String> notes = new ArrayList<>(LoadTables.recreate(s.base().withReadTimeout(30_000), names,
                s.spec().workloads(), s.spec().accounts(), life));
        HistoryLoad load = new HistoryLoad(s.sessions(), names, s.spec(), life);
        History atEnd;
        FinalReads.Result finals = new FinalReads.Result(Map.of(), List.of());
        HistoryClock clock;
        HistoryLog log;
        HostCpuMeter cpu = HostCpuMeter.of(s.base().endpoints());
        HostWindow host;
        List<ProbeNodeSpell> states = null;
        try (Lifecycle.Listener stop = life.onStop(load::requestStop)) {
            load.open(Duration.ofMillis(s.sessions().connectTimeoutMillis() + 1000L));
            createDirectories(s.dir());
            clock = HistoryClock.start();
            HistoryHeader header = HistoryHeader.of(clock, s.isolation().variableValue(),
                    s.consistency() == null ? null : variable(s.consistency()) + "=" + s.consistency(),
                    s.spec().lockingReads(), names);
            log = new HistoryLog(header);
            try (HistoryFile file = HistoryFile.create(s.dir().resolve(HistoryFile.FILE_NAME), header)) {
                load.start(clock, HistorySink.both(file, log));
                life.enter(Lifecycle.Phase.MEASURED);
                HostCpuMeter.Mark mark = cpu.mark();
                NodeStateWatch watch = galera ? new NodeStateWatch(s.base(), names, System.nanoTime()) : null;
                Lifecycle.Owned watching = watch == null ? null : life.own("node-state watch", watch::stop,
                        WATCH_STOP);
                if (watch != null) {
                    watch.start();
                }
                hooks.loadStarted();
                load.awaitEnd(s.time().isZero() ? Long.MAX_VALUE : System.nanoTime() + s.time().toNanos());
                load.stop(life.stopRequested() ? Duration.ZERO : END_GRACE);
                host = cpu.since(mark);
                if (watching != null) {
                    watching.close();
                    states = watch.spells();
                }
                life.enter(Lifecycle.Phase.END);
                hooks.loadEnded();
                atEnd = log.history();
                if (!life.stopRequested()) {
                    console.accept("Final reads on every node...");
                    finals = FinalReads.run(load, s.base(), galera, s.finalReadTimeout(), life);
                }
                load.close();
            }
        }
        notes.addAll(load.notes());
        notes.addAll(finals.notes());
        boolean interrupted = life.stopRequested();
        List<AnomalyCheck> checks = check(s, log.history(), atEnd, load, finals, interrupted);
        return new AnomalySetting(s.index(), s.name(), s.directory(), s.consistency(), s.consistencyLine(),
                s.isolation().shortName(), s.isolationLine(), s.spec().placement().routing().label(),
                s.spec().placement().readsOn().label(), s.spec().lockingReads(),
                interrupted ? "interrupted" : "completed", load.seconds(), clock.startEpochMillis(),
                s.promise().names(), checks, null, null, notes, host, states, null);
    }

    /** Checks each workload's history; after a stop, within {@value #CHECK_AFTER_STOP_MILLIS} ms or not at all. */
    private List<AnomalyCheck> check(Setting s, History h, History atEnd, HistoryLoad load, FinalReads.Result finals,
                                     boolean interrupted) {
        double seconds = load.seconds();
        long deadline = System.nanoTime() + CHECK_AFTER_STOP_MILLIS * 1_000_000L;
        List<CompletableFuture<AnomalyCheck>> running = new ArrayList<>();
        List<AnomalyCheck> unchecked = new ArrayList<>();
        for (HistoryWorkload w : s.spec().ordered()) {
            AnomalyCheck.Load cost = cost(ops(atEnd, w), s.spec().sessions(), seconds);
            AnomalyRecords.Outcomes outcomes = outcomes(ops(h, w));
            List<String> read = finals.nodes().getOrDefault(w, List.of());
            unchecked.add(AnomalyRecords.unchecked(w.label(), outcomes, cost));
            running.add(CompletableFuture.supplyAsync(() -> switch (w) {
                case APPEND -> AnomalyRecords.append(AppendChecker.check(h.txns()), s.promise(), read, cost);
                case BANK -> AnomalyRecords.bank(BankCheck.of(h, s.spec().accounts(),
                        s.spec().accounts() * LoadTables.INITIAL_BALANCE), outcomes, s.promise(), read, cost);
                case COUNTER -> AnomalyRecords.counter(CounterCheck.of(h), outcomes, s.promise(), read, cost);
            }, Checker.POOL));
        }
        List<AnomalyCheck> out = new ArrayList<>();
        for (int i = 0; i < running.size(); i++) {
            try {
                out.add(interrupted ? running.get(i).get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)
                        : running.get(i).get());
            } catch (java.util.concurrent.TimeoutException | InterruptedException e) {
                out.add(unchecked.get(i));
            } catch (java.util.concurrent.ExecutionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
            }
        }
        return out;
    }

    /** One operation's times and outcome, whatever the workload. */
    private record Op(long invokeMicros, long completeMicros, Outcome outcome, String error) {
    }

    private static List<Op> ops(History h, HistoryWorkload w) {
        List<Op> out = new ArrayList<>();
        switch (w) {
            case APPEND -> {
                for (Txn t : h.txns()) {
                    if (!t.finalRead()) {
                        out.add(new Op(t.invokeMicros(), t.completeMicros(), t.outcome(), t.error()));
                    }
                }
            }
            case BANK -> {
                for (BankTransfer t : h.transfers()) {
                    out.add(new Op(t.invokeMicros(), t.completeMicros(), t.outcome(), t.error()));
                }
                for (BankRead r : h.bankReads()) {
                    out.add(new Op(r.invokeMicros(), r.completeMicros(), r.outcome(), r.error()));
                }
            }
            case COUNTER -> {
                for (CounterOp o : h.counter()) {
                    if (!o.finalRead()) {
                        out.add(new Op(o.invokeMicros(), o.completeMicros(), o.outcome(), o.error()));
                    }
                }
            }
        }
        return out;
    }

    private static AnomalyRecords.Outcomes outcomes(List<Op> ops) {
        long ok = ops.stream().filter(o -> o.outcome() == Outcome.OK).count();
        long failed = ops.stream().filter(o -> o.outcome() == Outcome.FAILED).count();
        return new AnomalyRecords.Outcomes(ops.size(), ok, failed, ops.size() - ok - failed);
    }

    /** @return the load's throughput and latency (acknowledged operations), and its errors by code */
    private static AnomalyCheck.Load cost(List<Op> ops, int sessions, double seconds) {
        Histogram h = new Histogram(3_600_000_000L, 3);
        Map<String, Long> errors = new TreeMap<>();
        long ok = 0;
        for (Op o : ops) {
            if (o.outcome() == Outcome.OK) {
                ok++;
                h.recordValue(Math.min(Math.max(0, o.completeMicros() - o.invokeMicros()), h.getHighestTrackableValue()));
            } else if (o.error() != null) {
                String key = o.error().split(" ", 2)[0];
                errors.merge(key, 1L, Long::sum);
            }
        }
        return new AnomalyCheck.Load(sessions, ops.size(), seconds > 0 ? ok / seconds : 0,
                io.clusterbench.result.LatencySummary.of(h), errors);
    }

    private static String variable(String consistency) {
        return Character.isDigit(consistency.charAt(0)) ? "wsrep_sync_wait" : "group_replication_consistency";
    }

    private static void createDirectories(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (java.io.IOException e) {
            throw new UncheckedIOException("cannot create " + dir + ": " + e.getMessage(), e);
        }
    }

    /** The checkers' daemon threads: a check abandoned after a stop must not hold the process. */
    private static final class Checker {
        static final java.util.concurrent.ExecutorService POOL = java.util.concurrent.Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "anomaly-checker");
            t.setDaemon(true);
            return t;
        });
    }
}
