package io.clusterbench.cli;

import io.clusterbench.UserException;
import io.clusterbench.engine.Clock;
import io.clusterbench.engine.Engine;
import io.clusterbench.engine.EnginePlan;
import io.clusterbench.engine.RunListener;
import io.clusterbench.engine.RunOutcome;
import io.clusterbench.metrics.EndpointTotals;
import io.clusterbench.metrics.IntervalSample;
import io.clusterbench.observe.Observer;
import io.clusterbench.report.ConsoleReport;
import io.clusterbench.result.EndpointRecord;
import io.clusterbench.result.IntervalFiles;
import io.clusterbench.result.IntervalRecord;
import io.clusterbench.result.ResultDocument;
import io.clusterbench.result.ResultJson;
import io.clusterbench.result.RunAccumulator;
import io.clusterbench.result.RunRecord;
import io.clusterbench.target.Consistency;
import io.clusterbench.target.DbFailure;
import io.clusterbench.target.ServerInfo;
import io.clusterbench.target.Target;
import io.clusterbench.target.Topology;
import io.clusterbench.target.TopologyDiscovery;
import io.clusterbench.workload.Workload;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The core of {@code run}: prepares on the embedded server when needed, initialises the workload, drives
 * the engine, writes result files as intervals finish, and prints interval lines and the summary.
 *
 * <p>Confined to the command's thread, apart from the stop hook it registers.
 */
final class RunDriver {
    /** result.json is rewritten at most this often while the run goes (and always at the end). */
    private static final double JSON_REWRITE_SECONDS = 10;

    private RunDriver() {
    }

    /**
     * @param settings resolved run settings (the plan description and the option map saved in the result)
     * @return the exit code
     * @throws UserException for an unusable target or missing tables
     */
    static ExitCode run(RunSettings settings, CliEnv env) {
        StopSignal stop = new StopSignal();
        try (CliEnv.Hooks.Registration hook = env.hooks().onStop(stop::fire);
             ResolvedTarget resolved = ResolvedTarget.resolve(settings.targetOptions(), env, env.out()::println)) {
            Target target = resolved.target();
            Workload workload = settings.workload();
            ServerInfo server;
            try (Connection c = target.openChecked(target.endpointFor(0), true)) {
                server = ServerInfo.read(c);
                if (resolved.embedded() != null && !workload.tablesExist(c)) {
                    env.out().println("Preparing " + workload.name() + " on the embedded server...");
                    workload.prepare(target, Math.max(1, settings.engine(target).threads()), true, line -> { });
                }
                workload.init(c);
                workload.startReport().forEach(env.out()::println);
            } catch (SQLException e) {
                throw new UserException("cannot read the target: " + e.getMessage(), "check the server and --db", e);
            }
            Topology topology = TopologyDiscovery.discover(target);
            topology.describe().forEach(env.out()::println);
            Map<String, Object> clusterFacts = new LinkedHashMap<>();
            clusterFacts.put("topology", topology.toMap());
            Target runTarget = target.withRouting(settings.routing());
            if (settings.consistency() != null) {
                Consistency.Applied applied = settings.consistency().apply(runTarget, topology);
                env.out().println(applied.line());
                runTarget = applied.target();
                clusterFacts.put("consistency", applied.facts());
            }
            return drive(settings, env, resolved, runTarget, server, stop, topology, clusterFacts);
        }
    }

    private static ExitCode drive(RunSettings settings, CliEnv env, ResolvedTarget resolved, Target target,
                                  ServerInfo server, StopSignal stop, Topology topology,
                                  Map<String, Object> clusterFacts) {
        Workload workload = settings.workload();
        EnginePlan plan = settings.engine(target);
        Path dir = settings.outDir();
        env.out().println(settings.describe(target) + " — server " + server.version());
        env.out().println("Results go to " + dir);
        List<String> classes = workload.statementClasses();
        RunAccumulator acc = new RunAccumulator(classes, settings.percentile());
        String startedAt = Instant.now().toString();
        long startMillis = System.currentTimeMillis();
        IntervalFiles files = new IntervalFiles(dir, classes, startMillis);
        Map<String, Object> facts = workload.facts();
        ResultDocument.ServerRecord serverRecord = new ResultDocument.ServerRecord(server.version(),
                resolved.embedded() != null, server.variables());
        Engine engine = new Engine(plan, Clock.SYSTEM);
        List<Observer> observers = Observers.forRun(target, resolved.embedded() != null, topology);
        ResultJson.write(dir.resolve("result.json"), document(settings, target, startedAt, serverRecord,
                new RunRecord(workload.name(), plan.threads(), 1, settings.optionMap(plan), "running", null, facts,
                        List.of(), null, List.of(), Observers.facts(observers, clusterFacts))));
        ClientCpu cpu = new ClientCpu();
        RunListener listener = new RunListener() {
            private double lastJsonWrite;

            @Override
            public void measuringStarted() {
                cpu.start();
                observers.forEach(Observer::start);
                if (plan.warmup().toSeconds() > 0) {
                    env.out().println("Warmup done (" + plan.warmup().toSeconds() + " s); measuring.");
                }
            }

            @Override
            public void interval(IntervalSample s) {
                IntervalRecord r = acc.add(s, Observers.sample(observers, s.durationSeconds()));
                files.append(r, s, startMillis);
                if (settings.reportIntervalSeconds() > 0
                        && s.durationSeconds() >= settings.reportIntervalSeconds() * 0.999) {
                    env.out().println(ConsoleReport.intervalLine(r, settings.percentile(), plan.rateEventsPerSecond() > 0)
                            + Observers.compactLine(observers));
                }
                if (s.endSeconds() - lastJsonWrite >= JSON_REWRITE_SECONDS) {
                    lastJsonWrite = s.endSeconds();
                    ResultJson.write(dir.resolve("result.json"), document(settings, target, startedAt, serverRecord,
                            new RunRecord(workload.name(), plan.threads(), 1, settings.optionMap(plan), "running",
                                    null, facts, acc.intervals(), null, List.of(), Observers.facts(observers, clusterFacts))));
                }
            }
        };
        env.out().println("Threads started!");
        RunOutcome outcome;
        stop.attach(engine);
        try {
            outcome = engine.run(workload, listener);
        } catch (DbFailure f) {
            throw target.explain(target.endpointFor(0), f);
        } finally {
            files.close();
            observers.forEach(Observer::close);
        }
        String status = outcome.reason().name().toLowerCase(Locale.ROOT);
        RunRecord finished = new RunRecord(workload.name(), plan.threads(), 1, settings.optionMap(plan), status,
                outcome.fatalError(), facts, acc.intervals(),
                acc.summary(outcome.measuredSeconds(), outcome.eventsPerWorker(), outcome.busySecondsPerWorker(),
                        cpu.secondsSinceStart()),
                acc.classRecords(), Observers.facts(observers, clusterFacts), endpointRecords(engine, topology,
                outcome.measuredSeconds()));
        ResultJson.write(dir.resolve("result.json"), document(settings, target, startedAt, serverRecord, finished));
        env.out().println();
        env.out().print(ConsoleReport.summary(finished));
        env.out().println();
        env.out().println("Results: " + dir.resolve("result.json") + ", intervals.csv, latency.hlog");
        return switch (outcome.reason()) {
            case COMPLETED -> ExitCode.OK;
            case INTERRUPTED -> {
                env.err().println("interrupted: finished intervals are saved in " + dir);
                yield ExitCode.INTERRUPTED;
            }
            case FATAL_ERROR -> {
                env.err().println("error: the run stopped on " + outcome.fatalError()
                        + " — add the code to --ignore-errors to restart such events instead");
                yield ExitCode.RUN_ABORTED;
            }
            case OUTPUT_FAILED -> throw new UserException(outcome.fatalError(), "free disk space or choose another --out");
        };
    }

    private static List<EndpointRecord> endpointRecords(Engine engine, Topology topology, double measuredSeconds) {
        List<EndpointRecord> out = new ArrayList<>();
        for (EndpointTotals t : engine.endpointTotals()) {
            Topology.Member m = topology.memberAt(t.endpoint());
            out.add(EndpointRecord.of(t, m == null ? "" : m.name(), measuredSeconds));
        }
        return out;
    }

    private static ResultDocument document(RunSettings settings, Target target, String startedAt,
                                           ResultDocument.ServerRecord server, RunRecord run) {
        return new ResultDocument(ResultDocument.SCHEMA, Versions.tool(), startedAt, settings.command(),
                settings.targetMap(target), server, List.of(run));
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

    /** Ctrl-C before or during the run: stops the engine as soon as it exists. Thread-safe. */
    private static final class StopSignal {
        private Engine engine;
        private boolean fired;

        synchronized void fire() {
            fired = true;
            if (engine != null) {
                engine.requestStop();
            }
        }

        synchronized void attach(Engine e) {
            engine = e;
            if (fired) {
                e.requestStop();
            }
        }
    }
}
