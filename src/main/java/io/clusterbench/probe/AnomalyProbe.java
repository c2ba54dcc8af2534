package io.clusterbench.probe;

import io.clusterbench.anomaly.History;
import io.clusterbench.anomaly.HistoryClock;
import io.clusterbench.anomaly.HistoryFile;
import io.clusterbench.anomaly.HistoryHeader;
import io.clusterbench.anomaly.HistoryLog;
import io.clusterbench.anomaly.HistorySink;
import io.clusterbench.anomaly.Isolation;
import io.clusterbench.anomaly.Promise;
import io.clusterbench.db.Target;
import io.clusterbench.lifecycle.Lifecycle;
import io.clusterbench.result.AnomalyCheck;
import io.clusterbench.result.AnomalySetting;
import io.clusterbench.result.HostWindow;
import io.clusterbench.result.ProbeNodeSpell;
import io.clusterbench.observe.HostCpuMeter;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
        // after a stop, within CHECK_AFTER_STOP_MILLIS or not at all
        List<AnomalyCheck> checks = HistoryChecks.check(s.spec(), s.promise(), log.history(), atEnd, load.seconds(),
                finals, interrupted ? System.nanoTime() + CHECK_AFTER_STOP_MILLIS * 1_000_000L : Long.MAX_VALUE);
        return new AnomalySetting(s.index(), s.name(), s.directory(), s.consistency(), s.consistencyLine(),
                s.isolation().shortName(), s.isolationLine(), s.spec().placement().routing().label(),
                s.spec().placement().readsOn().label(), s.spec().lockingReads(),
                interrupted ? "interrupted" : "completed", load.seconds(), clock.startEpochMillis(),
                s.promise().names(), checks, null, null, notes, host, states, null);
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
}
