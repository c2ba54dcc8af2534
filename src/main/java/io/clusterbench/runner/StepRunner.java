package io.clusterbench.runner;

import io.clusterbench.fault.Commits;
import io.clusterbench.observe.PreparedStatementCheck;
import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Topology;
import io.clusterbench.engine.Clock;
import io.clusterbench.engine.Engine;
import io.clusterbench.engine.EnginePlan;
import io.clusterbench.engine.RunOutcome;
import io.clusterbench.engine.ThreadModel;
import io.clusterbench.fault.Ledger;
import io.clusterbench.lifecycle.Lifecycle;
import io.clusterbench.metrics.EndpointTotals;
import io.clusterbench.prom.StepSeries;
import io.clusterbench.result.Conflicts;
import io.clusterbench.result.EndpointRecord;
import io.clusterbench.result.FactKeys;
import io.clusterbench.result.ValidityRules;
import io.clusterbench.result.ExplainFacts;
import io.clusterbench.result.Facts;
import io.clusterbench.result.Summary;
import io.clusterbench.result.IntervalFiles;
import io.clusterbench.result.PreparedStatementsRecord;
import io.clusterbench.result.ResultJson;
import io.clusterbench.result.RunAnomalies;
import io.clusterbench.result.RunAccumulator;
import io.clusterbench.result.RunRecord;
import io.clusterbench.result.RunTiming;
import io.clusterbench.workload.Workload;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Runs one step (one workload at one thread count for one duration) for every driver: wires the engine, the
 * observers and the outputs ({@code intervals.csv}, {@code latency.hlog}, the console lines, the metrics endpoint),
 * hands the growing record to the driver to keep result.json current, and returns the step's record with the
 * engine's outcome. Drivers ({@code run}, {@code sweep}, {@code ab}) only choose steps, order and folders; the
 * step's record in every state comes from {@link StepRecords}, its verdict from {@link StepVerdict}.
 *
 * <p>Confined to the command's thread, except the listener's {@code interval}, which runs on the engine's writer
 * thread (never concurrently with the other callbacks).
 */
final class StepRunner {
    private StepRunner() {
    }

    /**
     * One step of a driver's schedule. Immutable.
     *
     * @param wholeThreads   the step's thread count as given (the whole run's; a shard runs its part)
     * @param repeat         1-based repeat number
     * @param index          0-based step of the schedule (under {@code --start-at} each step has its own start)
     * @param dir            directory for the step's interval files
     * @param printIntervals print interval and start lines (with {@code --report-interval})
     * @param lastOnServer   the command's last use of its server: once the step's facts are read, an embedded server
     *                       is closed ({@link RunContext#serverDone})
     */
    record StepSpec(int wholeThreads, int repeat, int index, Path dir, boolean printIntervals, boolean lastOnServer) {
        /** A step after which the server is used again (a sweep's, ab's). */
        StepSpec(int wholeThreads, int repeat, int index, Path dir, boolean printIntervals) {
            this(wholeThreads, repeat, index, dir, printIntervals, false);
        }
    }

    /**
     * What a step produced. Immutable.
     *
     * @param record  the finished record; null when no session could be opened
     * @param outcome how the engine ended; null when no session could be opened
     * @param refused the failure that kept sessions from opening, or null
     * @param records the builder of this step's records (a driver writes a refused step with it)
     */
    record Step(RunRecord record, RunOutcome outcome, DbFailure refused, StepRecords records) {
        /** @return the verdict on the finished step @throws io.clusterbench.UserException when writing failed */
        StepVerdict verdict(Path json) {
            return StepVerdict.of(outcome, record, json.getParent(), json);
        }
    }

    /**
     * @param onProgress receives the step's record at start, every ~10 s and at the end
     * @return the step's record and outcome; when sessions cannot be opened, a step with {@code refused} set
     * @throws java.util.concurrent.CancellationException when a stop ended the command before anything was measured
     *                                                    (the process is ending; the step's record says so)
     */
    static Step run(RunContext ctx, StepSpec spec, Consumer<RunRecord> onProgress) {
        return run(ctx, spec, onProgress, Clock.SYSTEM);
    }

    /**
     * As {@link #run(RunContext, StepSpec, Consumer)}, with the engine on {@code clock} (a test's manual clock: the
     * step states without waiting for real time).
     */
    static Step run(RunContext ctx, StepSpec spec, Consumer<RunRecord> onProgress, Clock clock) {
        RunPlan settings = ctx.settings;
        Lifecycle life = ctx.env.lifecycle();
        Workload workload = settings.workload().workload();
        EnginePlan plan = settings.engine(ctx.target(), spec.wholeThreads(), spec.index());
        StepRecords records = new StepRecords(workload.name(), plan.threads(), spec.repeat(), settings.planRecord(plan),
                workload.facts(), ShardFacts.of(settings, plan, spec.wholeThreads(), ctx.target()));
        StepRecords.Gate progress = new StepRecords.Gate(onProgress);
        RunAccumulator acc = new RunAccumulator(workload.statementClasses(), settings.reporting().percentile());
        // from here a stop that ends the process before the measured phase leaves the step's result.json saying so
        life.beforeNothingMeasuredExit(() -> {
            ResultDirs.createDirectories(spec.dir());
            progress.accept(records.nothingMeasured(ctx.clusterFacts()));
        });
        warmWriter(ctx, records, workload, settings.reporting().percentile(), plan.threads());
        Engine engine = new Engine(plan, clock);
        ObserverSet observers = ObserverSet.forRun(ctx, spec.dir());
        IntervalFiles files = new IntervalFiles(spec.dir(), workload.statementClasses()); // before the first checkpoint
        progress.accept(records.running(acc.intervals(), observers.facts(ctx.clusterFacts())));
        // a second Ctrl-C ends the process at once: first the intervals finished so far go to result.json
        life.beforeHalt(() -> {
            if (progress.acceptNow(records.halted(acc.intervals(), observers.facts(ctx.clusterFacts())))) {
                ctx.env.line("interrupted: " + StepRecords.HALTED + " (in " + spec.dir() + ")");
            }
        });
        StepSeries series = Outputs.metricsSeries(ctx, spec.wholeThreads(), spec.repeat(), spec.index());
        RunOutput outputs = Outputs.forStep(ctx, spec.printIntervals(), plan.warmup().toSeconds(), files, series,
                observers::compactLine, () -> progress.accept(records.running(acc.intervals(),
                        observers.facts(ctx.clusterFacts()))));
        // owned: a halt closes them (flushes the files) while it writes result.json; a file system that hangs is
        // abandoned at the close's deadline
        Lifecycle.Owned outputsOwned = life.own("step outputs", outputs::close);
        StepListener.ClientCpu cpu = new StepListener.ClientCpu();
        PreparedStatementCheck ps = PreparedStatementCheck.start(ctx.target());
        Lifecycle.Owned psConnections = life.own("prepared-statement check", ps::close);
        StepListener listener = new StepListener(ctx, spec.printIntervals(), files, cpu, observers, outputs, acc, ps);
        Ledger ledger = settings.cluster().faults().verifyCommits() ? Commits.ledger(ctx.target()) : null;
        RunOutcome outcome;
        try (Lifecycle.Listener stops = life.onStop(engine::requestStop)) {
            life.enter(Lifecycle.Phase.CONNECT);
            observers.beforeRun();
            outcome = engine.run(ledger == null ? workload : ledger.wrap(workload, ctx.target()), listener);
            if (outcome.reason() == RunOutcome.Reason.OUTPUT_FAILED && life.halting()) {
                outcome = outcome.interrupted(); // a second Ctrl-C closed the outputs under the last write
            }
            life.enter(Lifecycle.Phase.END);
        } catch (DbFailure f) {
            psConnections.close();
            return new Step(null, null, f, records);
        } finally {
            outputsOwned.close();
            observers.close();
            life.mark("observers closed");
        }
        if (life.ending()) {
            // stopped with nothing measured: the process is ending; the step's record is the stop's, whichever thread
            // writes it first, and the driver has nothing to report
            Lifecycle.close(List.of(psConnections), Duration.ZERO);
            progress.accept(records.nothingMeasured(ctx.clusterFacts()));
            throw new java.util.concurrent.CancellationException(StepRecords.NOTHING_MEASURED);
        }
        PreparedStatementsRecord psMode = ps.finish(java.util.Arrays.stream(outcome.eventsPerWorker()).sum(),
                life.endDeadlineNanos());
        Lifecycle.close(List.of(psConnections), life.endWorkLeft()); // abandoned once the end deadline passed
        List<EndpointTotals> endpointTotals = engine.endpointTotals(); // once: taking them drains the histograms
        if (series != null) {
            series.endpoints(endpointTotals, label -> nodeName(ctx.topology(), label));
            if (outcome.reason() == RunOutcome.Reason.INTERRUPTED) {
                ctx.metrics().skipLinger(); // Ctrl-C: exit now, not after the linger
            }
        }
        life.mark("endpoint totals");
        Facts facts = StepFacts.of(ctx, observers.facts(ctx.clusterFacts()), psMode, outcome, acc.intervals(), ledger,
                spec.dir(), engine.measuredErrorDetail(), workload.statementClasses(), observers.history());
        if (spec.lastOnServer()) {
            ctx.serverDone(); // its last reading is done (the ledger, the checksums)
        }
        Summary summary = acc.summary(outcome.measuredSeconds(), outcome.eventsPerWorker(),
                outcome.busySecondsPerWorker(), cpu.secondsSinceStart(), outcome.abandonedEvents(),
                new RunTiming(plan.time().toMillis() / 1000.0, outcome.connectSeconds(), outcome.threadModel(),
                        ThreadModel.javaVersion(), files.startEpochMillis(), 0, outcome.maxWriteLagSeconds()));
        facts = ExplainFacts.perEvent(facts, summary.events()); // the explain figures per transaction
        RunAnomalies anomalies = facts.get(FactKeys.ANOMALIES);
        if (anomalies != null) {
            facts = facts.with(FactKeys.ANOMALIES, anomalies.withRunEventsPerSecond(summary.tps()));
        }
        life.mark("facts");
        RunRecord finished = records.finished(outcome, acc.intervals(), summary, acc.classRecords(), facts,
                endpointRecords(endpointTotals, ctx.topology(), outcome.measuredSeconds()));
        Conflicts conflicts = Conflicts.of(finished);
        if (conflicts != null && (conflicts.conflicts() > 0 || facts.has(FactKeys.GALERA))) {
            // counted once: the client's 1213 errors, split by cause
            finished = finished.withFacts(finished.observerFacts().with(FactKeys.CONFLICTS, conflicts));
        }
        finished = finished.withFacts(finished.observerFacts().with(FactKeys.VALIDITY, ValidityRules.of(finished)));
        life.mark("record built");
        progress.accept(finished);
        life.mark("step record written");
        return new Step(finished, outcome, null, records);
    }

    /**
     * Serialises a finished record of the step's shape (all zeros) on a daemon thread, during the step's set-up: the
     * writer's first finished record otherwise builds its serializers and runs cold code inside the exit bound of the
     * measured end (0.1 s on a quiet machine, 0.3-0.6 s on a loaded one). Failures are ignored: the real write reports.
     */
    private static void warmWriter(RunContext ctx, StepRecords records, Workload workload, double percentile,
                                   int threads) {
        Thread t = new Thread(() -> {
            try {
                RunAccumulator zero = new RunAccumulator(workload.statementClasses(), percentile);
                RunOutcome none = new RunOutcome(RunOutcome.Reason.COMPLETED, 0, null, new long[threads],
                        new double[threads], 0, "platform", 0, 0);
                Summary s = zero.summary(0, none.eventsPerWorker(), none.busySecondsPerWorker(), 0, 0,
                        new RunTiming(0, 0, "platform", ThreadModel.javaVersion(), 0, 0, 0));
                RunRecord r = records.finished(none, zero.intervals(), s, zero.classRecords(), Facts.NONE, List.of());
                ResultJson.bytes(ctx.document(List.of(r.withFacts(r.observerFacts()
                        .with(FactKeys.VALIDITY, ValidityRules.of(r))))));
            } catch (RuntimeException ignored) {
                // a warm-up only
            }
        }, "result-writer-warm-up");
        t.setDaemon(true);
        t.start();
    }

    /**
     * Called before a command prints "Results go to": a stop that ends the process before the first step has set
     * its own last words (its set-up takes some milliseconds in a fresh JVM) still leaves {@code dir}'s result.json
     * holding the run as interrupted with nothing measured. Serialised now, so the stop's thread only writes bytes
     * (a cold serialiser on a loaded machine took longer than the stop's deadline). The first step replaces it.
     *
     * @param threads the first step's thread count
     */
    static void announce(RunContext ctx, Path dir, int threads) {
        RunPlan settings = ctx.settings;
        Lifecycle life = ctx.env.lifecycle();
        life.nothingMeasuredSentence(StepRecords.NOTHING_MEASURED);
        EnginePlan plan = settings.engine(ctx.target(), threads, 0);
        StepRecords records = new StepRecords(settings.workload().workload().name(), threads, 1,
                settings.planRecord(plan), java.util.Map.of(), null);
        byte[] interrupted = ResultJson.bytes(ctx.document(List.of(records.nothingMeasured(ctx.clusterFacts()))));
        life.beforeNothingMeasuredExit(() -> {
            ResultDirs.createDirectories(dir);
            ResultJson.write(dir.resolve("result.json"), interrupted);
        });
    }

    private static String nodeName(Topology topology, String endpointLabel) {
        Topology.Member m = topology == null ? null : topology.memberAt(endpointLabel);
        return m == null ? "" : m.name();
    }

    /** @return per endpoint of the target, the step's figures, named after the member behind it */
    private static List<EndpointRecord> endpointRecords(List<EndpointTotals> totals, Topology topology,
                                                        double measuredSeconds) {
        List<EndpointRecord> out = new ArrayList<>();
        for (EndpointTotals t : totals) {
            out.add(EndpointRecord.of(t, nodeName(topology, t.endpoint()), measuredSeconds));
        }
        return out;
    }
}
