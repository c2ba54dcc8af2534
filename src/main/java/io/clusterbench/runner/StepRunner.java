package io.clusterbench.runner;

import io.clusterbench.metrics.ErrorCounts;
import io.clusterbench.engine.Clock;
import io.clusterbench.lifecycle.Lifecycle;
import io.clusterbench.engine.Engine;
import io.clusterbench.engine.EnginePlan;
import io.clusterbench.engine.RunListener;
import io.clusterbench.engine.RunOutcome;
import io.clusterbench.engine.ThreadModel;
import io.clusterbench.result.RunTiming;
import io.clusterbench.metrics.IntervalSample;
import io.clusterbench.fault.Ledger;
import io.clusterbench.result.FaultReport;
import io.clusterbench.result.FactKey;
import io.clusterbench.result.FactKeys;
import io.clusterbench.result.Facts;
import io.clusterbench.result.IntervalFiles;
import io.clusterbench.result.RunAccumulator;
import io.clusterbench.result.EndpointRecord;
import io.clusterbench.result.PlanRecord;
import io.clusterbench.result.RunRecord;
import io.clusterbench.result.ShardRecord;
import io.clusterbench.metrics.EndpointTotals;
import io.clusterbench.db.Topology;
import io.clusterbench.db.DbFailure;
import io.clusterbench.prom.StepSeries;
import io.clusterbench.workload.Workload;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * One step: one workload at one thread count for one duration. Drives the engine with the run's
 * observers, writes {@code intervals.csv} and {@code latency.hlog} into the step's directory as
 * intervals finish, and hands the growing {@link RunRecord} to the caller to keep result.json current.
 *
 * <p>Confined to the command's thread, except the engine listener's {@code interval}, which runs on the engine's
 * writer thread (never concurrently with the other callbacks; see {@link RunListener}).
 */
final class StepRunner {
    private StepRunner() {
    }

    /** What a stop before any measured phase prints. */
    static final String NOTHING_MEASURED = ProgressGate.NOTHING_MEASURED;

    /** What a step produced. {@code record} is null when no session could be opened (see {@code refused}). */
    record Step(RunRecord record, RunOutcome outcome, DbFailure refused) {
    }

    /**
     * @param ctx            the shared run context
     * @param threads        worker threads of this step
     * @param repeat         1-based repeat number
     * @param dir            directory for this step's interval files
     * @param stop           Ctrl-C signal
     * @param printIntervals print interval lines (with --report-interval)
     * @param onProgress     receives the step's record at start, every ~10 s and at the end
     * @return the step's record and outcome; when sessions cannot be opened, a step with {@code refused} set
     */
    static Step run(RunContext ctx, int threads, int repeat, Path dir, Lifecycle stop, boolean printIntervals,
                    Consumer<RunRecord> onProgress) {
        return run(ctx, threads, repeat, 0, dir, stop, printIntervals, onProgress);
    }

    /**
     * As above, for step {@code stepIndex} (0-based) of a sweep: under {@code --start-at} each step has its own
     * fixed start ({@link ShardSpec#startAtOfStep}).
     *
     * @param threads the step's thread count as given (the whole run's; a shard runs its part)
     */
    static Step run(RunContext ctx, int wholeThreads, int repeat, int stepIndex, Path dir, Lifecycle stop,
                    boolean printIntervals, Consumer<RunRecord> onProgress) {
        RunPlan settings = ctx.settings;
        Workload workload = settings.workload();
        EnginePlan plan = settings.engine(ctx.target(), wholeThreads, stepIndex);
        int threads = plan.threads();
        List<String> classes = workload.statementClasses();
        RunAccumulator acc = new RunAccumulator(classes, settings.percentile());
        Map<String, Object> facts = workload.facts();
        PlanRecord options = settings.planRecord(plan);
        ShardRecord shard = ShardFacts.of(settings, plan, wholeThreads, ctx.target());
        Consumer<RunRecord> progress = new ProgressGate(onProgress);
        Unfinished unfinished = (status, fatalError, intervals, observed) -> new RunRecord(workload.name(), threads,
                repeat, options, status, fatalError, facts, intervals, null, List.of(), ShardFacts.with(observed, shard));
        // from here a Ctrl-C that ends the process before the measured phase leaves the step's result.json saying
        // so (a tester's Ctrl-C just after "Results go to" left no directory, or one still saying "running")
        stop.beforeNothingMeasuredExit(() -> {
            ResultDirs.createDirectories(dir);
            progress.accept(unfinished.record(ProgressGate.INTERRUPTED, ProgressGate.NOTHING_MEASURED, List.of(),
                    ctx.clusterFacts()));
        });
        Engine engine = new Engine(plan, Clock.SYSTEM);
        ObserverSet observers = ObserverSet.forRun(ctx, dir);
        IntervalFiles files = new IntervalFiles(dir, classes); // creates dir, before the first checkpoint
        ClientCpu cpu = new ClientCpu();
        Supplier<RunRecord> running = () -> unfinished.record("running", null, acc.intervals(),
                observers.facts(ctx.clusterFacts()));
        List<RunOutput> wired = new ArrayList<>();
        wired.add(Outputs.intervalFiles(files));
        progress.accept(running.get());
        // a second Ctrl-C ends the process at once: first the intervals finished so far go to result.json
        stop.beforeHalt(() -> progress.accept(unfinished.record(ProgressGate.INTERRUPTED, ProgressGate.HALTED,
                acc.intervals(), observers.facts(ctx.clusterFacts()))));
        if (printIntervals) {
            wired.add(Outputs.progress(ctx.env, settings, plan.warmup().toSeconds(), observers::compactLine));
        }
        wired.add(Outputs.checkpoint(() -> progress.accept(running.get())));
        StepSeries series = Outputs.metricsSeries(ctx, wholeThreads, repeat, stepIndex);
        if (series != null) {
            wired.add(Outputs.metrics(series));
        }
        RunOutput outputs = Outputs.all(wired);
        PreparedStatementCheck ps = PreparedStatementCheck.start(ctx.target());
        RunListener listener = new RunListener() {
            @Override
            public void connecting(int opened, int total, double seconds) {
                if (printIntervals) {
                    ctx.env.line(String.format(Locale.ROOT, "Opening connections: %d of %d (%.0f s)", opened, total,
                            seconds));
                }
            }

            @Override
            public void sessionsOpened(int threadCount, double connectSeconds, String threadModel) {
                if (printIntervals) {
                    ctx.env.line(String.format(Locale.ROOT, "Threads started! (%d connections opened in %.2f s, %s threads)",
                            threadCount, connectSeconds, threadModel));
                }
            }

            @Override
            public void waitingForStart(long startAtEpochMillis, double waitSeconds) {
                if (printIntervals) {
                    ctx.env.line(ShardFacts.waitLine(startAtEpochMillis, waitSeconds));
                }
            }

            @Override
            public void measuringStarted() {
                stop.enter(Lifecycle.Phase.MEASURED);
                files.start(System.currentTimeMillis());
                cpu.start();
                observers.start();
                outputs.measuringStarted();
            }

            @Override
            public void measuringEnded() {
                stop.mark("measuring ended");
                ps.stepEnded(); // the counters after the step are read beside the final readings, not after them
                // the command ends within a second of the measured end or of a Ctrl-C whatever the servers do
                observers.takeFinalReadings(stop.stopRequested() ? ObserverSet.FINAL_READING_AFTER_STOP_MILLIS
                        : ObserverSet.FINAL_READING_MILLIS);
            }

            @Override
            public boolean copiesHistograms() {
                return true; // the accumulator, the hlog and the metrics series copy or encode them at once
            }

            @Override
            public void interval(IntervalSample s) {
                outputs.interval(acc.add(s, observers.sample(s.durationSeconds())), s);
            }
        };
        RunOutcome outcome;
        Ledger ledger = settings.faults().verifyCommits() ? Commits.ledger(ctx.target()) : null;
        try (Lifecycle.Listener stops = stop.onStop(engine::requestStop)) {
            stop.enter(Lifecycle.Phase.CONNECT);
            observers.beforeRun();
            outcome = engine.run(ledger == null ? workload : ledger.wrap(workload, ctx.target()), listener);
            stop.enter(Lifecycle.Phase.END);
        } catch (DbFailure f) {
            return new Step(null, null, f);
        } finally {
            stop.mark("engine returned");
            outputs.close();
            observers.close();
            stop.mark("observers closed");
        }
        List<EndpointTotals> endpointTotals = engine.endpointTotals(); // once: taking them drains the histograms
        if (series != null) {
            series.endpoints(endpointTotals, label -> {
                Topology.Member m = ctx.topology() == null ? null : ctx.topology().memberAt(label);
                return m == null ? "" : m.name();
            });
            if (outcome.reason() == RunOutcome.Reason.INTERRUPTED) {
                ctx.metrics().skipLinger(); // Ctrl-C: exit now, not after the linger
            }
        }
        stop.mark("endpoint totals");
        Facts observed = ShardFacts.with(observers.facts(ctx.clusterFacts()), shard)
                .with(FactKeys.PREPARED_STATEMENTS, ps.finish(java.util.Arrays.stream(outcome.eventsPerWorker()).sum()));
        FaultReport faults = observed.get(FactKeys.FAULTS);
        if (faults != null) {
            faults = faults.withRecovery(acc.intervals(), outcome.measuredSeconds());
            observed = observed.with(FactKeys.FAULTS, faults);
        }
        if (ledger != null) {
            observed = observed.with(FactKeys.LEDGER, Commits.verify(ledger, ctx.target(), dir));
        }
        if (Commits.checksumsWanted(settings, ctx.target())) {
            List<Workload> workloads = settings.background() == null ? List.of(workload)
                    : List.of(workload, settings.background().workload());
            boolean quorumLost = faults != null && faults.quorumLoss().stream().anyMatch(q -> !q.ended());
            observed = observed.with(FactKeys.CHECKSUMS, Commits.checksums(ctx.target(), workloads, quorumLost));
        }
        stop.mark("facts");
        Map<String, Long> errorDetail = engine.measuredErrorDetail(); // same window as the intervals' errors
        observed = withIfAny(observed, FactKeys.ERRORS_BY_STATEMENT_CLASS, ErrorCounts.places(errorDetail, classes, false));
        observed = withIfAny(observed, FactKeys.ERRORS_BY_TRANSACTION_TYPE, ErrorCounts.places(errorDetail, classes, true));
        io.clusterbench.result.Summary summary = acc.summary(outcome.measuredSeconds(), outcome.eventsPerWorker(),
                outcome.busySecondsPerWorker(), cpu.secondsSinceStart(), outcome.abandonedEvents(),
                new RunTiming(plan.time().toMillis() / 1000.0, outcome.connectSeconds(), outcome.threadModel(),
                        ThreadModel.javaVersion(), files.startEpochMillis(), 0, outcome.maxWriteLagSeconds()));
        observed = io.clusterbench.result.ExplainFacts.perEvent(observed, summary.events()); // explain: per event
        RunRecord finished = new RunRecord(workload.name(), threads, repeat, options,
                outcome.reason().name().toLowerCase(Locale.ROOT), outcome.fatalError(), facts, acc.intervals(),
                summary, acc.classRecords(), observed,
                endpointRecords(endpointTotals, ctx.topology(), outcome.measuredSeconds()));
        stop.mark("record built");
        io.clusterbench.result.Conflicts conflicts = io.clusterbench.result.Conflicts.of(finished);
        if (conflicts != null && (conflicts.conflicts() > 0 || observed.has(FactKeys.GALERA))) {
            // counted once: the client's 1213 errors, split by cause
            finished = finished.withFacts(observed.with(FactKeys.CONFLICTS, conflicts));
        }
        progress.accept(finished);
        stop.mark("step record written");
        return new Step(finished, outcome, null);
    }

    /** The step's record while it has no summary: running, interrupted before measuring, or halted. */
    @FunctionalInterface
    private interface Unfinished {
        RunRecord record(String status, String fatalError, List<io.clusterbench.result.IntervalRecord> intervals,
                         Facts observed);
    }

    /**
     * Set before a command prints "Results go to": a Ctrl-C that ends the process before the first step has set its
     * own hook (its set-up takes some milliseconds in a fresh JVM) still leaves {@code json} holding the run as
     * interrupted with nothing measured (CI's Ctrl-C at 0 ms after the line found no file). The step replaces it.
     *
     * @param threads the first step's thread count
     */
    static void nothingMeasuredAhead(RunContext ctx, Lifecycle stop, Path dir, int threads) {
        RunPlan settings = ctx.settings;
        stop.nothingMeasuredSentence(ProgressGate.NOTHING_MEASURED);
        // serialised now, so the stop's thread only writes bytes (a cold serialiser on a loaded machine took longer
        // than the stop's deadline, and the file was missing)
        byte[] interrupted = io.clusterbench.result.ResultJson.bytes(ctx.document(List.of(new RunRecord(
                settings.workload().name(), threads, 1, settings.planRecord(settings.engine(ctx.target(), threads, 0)),
                ProgressGate.INTERRUPTED, ProgressGate.NOTHING_MEASURED, Map.of(), List.of(), null, List.of(),
                ctx.clusterFacts()))));
        stop.beforeNothingMeasuredExit(() -> {
            ResultDirs.createDirectories(dir);
            io.clusterbench.result.ResultJson.write(dir.resolve("result.json"), interrupted);
        });
    }

    /**
     * The step's result writes, one at a time: the stop's thread may write the record of a step that measured
     * nothing, or a second Ctrl-C the intervals so far, while the command's or the writer's thread writes a
     * checkpoint. After the step's last record (finished, interrupted before measuring, or halted) nothing more is
     * written, so result.json keeps it even if a checkpoint was still on its way or a Ctrl-C came after the end.
     */
    private static final class ProgressGate implements Consumer<RunRecord> {
        static final String INTERRUPTED = "interrupted";
        static final String NOTHING_MEASURED = "interrupted before the measured phase: nothing was measured";
        static final String HALTED = "a second Ctrl-C ended the process at once: the intervals finished so far are kept,"
                + " without a summary";
        private final Consumer<RunRecord> write;
        private boolean sealed;

        ProgressGate(Consumer<RunRecord> write) {
            this.write = write;
        }

        /** Writes the record unless the step's last one (any status but {@code running}) was written already. */
        @Override
        public synchronized void accept(RunRecord record) {
            if (!sealed) {
                sealed = !"running".equals(record.status());
                write.accept(record);
            }
        }
    }

    private static Facts withIfAny(Facts facts, FactKey<Map<String, Map<String, Long>>> key,
                                   Map<String, Map<String, Long>> value) {
        return value.isEmpty() ? facts : facts.with(key, value);
    }

    /** @return per endpoint of the target, the step's figures, named after the member behind it */
    private static List<EndpointRecord> endpointRecords(List<EndpointTotals> totals, Topology topology,
                                                        double measuredSeconds) {
        List<EndpointRecord> out = new ArrayList<>();
        for (EndpointTotals t : totals) {
            Topology.Member m = topology == null ? null : topology.memberAt(t.endpoint());
            out.add(EndpointRecord.of(t, m == null ? "" : m.name(), measuredSeconds));
        }
        return out;
    }

    /** CPU time of this process (all threads: workers, driver, GC, JIT) since {@link #start}. */
    private static final class ClientCpu {
        private final com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean)
                java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        private volatile long startNanos = -1;

        void start() {
            startNanos = os.getProcessCpuTime();
        }

        double secondsSinceStart() {
            return startNanos < 0 ? 0 : (os.getProcessCpuTime() - startNanos) / 1e9;
        }
    }
}
