package io.clusterbench.runner;

import io.clusterbench.db.TargetSpec;
import io.clusterbench.UserException;
import io.clusterbench.ab.AbData;
import io.clusterbench.ab.AbDocument;
import io.clusterbench.ab.AbRun;
import io.clusterbench.ab.AbSchedule;
import io.clusterbench.ab.AbServers;
import io.clusterbench.ab.AbSpec;
import io.clusterbench.ab.AbStep;
import io.clusterbench.ab.AbWarnings;
import io.clusterbench.ab.Side;
import io.clusterbench.ab.SideRecord;
import io.clusterbench.observe.HostObserver;
import io.clusterbench.observe.QuietWait;
import io.clusterbench.report.AbText;
import io.clusterbench.report.AbHtml;
import io.clusterbench.result.RunRecord;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.Target;

import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * The core of {@code ab}: starts or resolves both sides, runs the schedule with {@link StepRunner} on each
 * side's {@link RunContext}, and keeps result.json (schema clusterbench.ab/1), per-side sweep results
 * ({@code A/result.json}, {@code B/result.json}) and report.html current. The A/B logic itself (order,
 * statistics, records) lives in {@code io.clusterbench.ab}.
 *
 * <p>Confined to the command's thread, apart from the stop hook it registers.
 */
public final class AbDriver {
    private AbDriver() {
    }

    /**
     * @param plans one plan per side, identical but for the workload instance (same options and seed)
     * @param spec  the sides, order and what happens between steps
     * @return how the comparison ended
     * @throws UserException for a side that cannot start or be reached, or unwritable results
     */
    public static RunStatus run(Map<Side, RunPlan> plans, AbSpec spec, Console env) {
        List<Integer> threads = new ArrayList<>(new TreeSet<>(plans.get(Side.A).load().threadCounts()));
        List<AbStep> schedule = AbSchedule.of(threads, spec.repeats(), spec.order(), spec.orderSeed());
        Path dir = plans.get(Side.A).output().dir();
        io.clusterbench.lifecycle.Lifecycle stop = env.lifecycle();
        stop.nothingMeasuredSentence(StepRecords.NOTHING_MEASURED);
        Map<Side, RunContext> ctx = new EnumMap<>(Side.class);
        try (AbServers servers = startServers(spec, plans.get(Side.A), env)) {
            try {
                for (Side side : Side.values()) {
                    ctx.put(side, RunContext.open(plans.get(side), env, 1,
                            ResolvedTarget.given(sideTarget(spec, plans.get(side).target(), side, servers))));
                }
                return runSchedule(spec, schedule, servers, ctx, dir, stop, env);
            } finally {
                ctx.values().forEach(RunContext::close);
            }
        }
    }

    private static RunStatus runSchedule(AbSpec o, List<AbStep> schedule, AbServers servers,
                                         Map<Side, RunContext> ctx, Path dir, io.clusterbench.lifecycle.Lifecycle stop, Console env) {
        RunPlan first = ctx.get(Side.A).settings;
        List<SideRecord> sides = new ArrayList<>();
        for (Side side : Side.values()) {
            RunContext x = ctx.get(side);
            SideRecord r = AbData.describe(side, servers == null ? "endpoint" : servers.separateProcesses() ? "server" : "embedded",
                    servers != null && servers.binary(side) != null ? servers.binary(side).binary().toString() : null,
                    servers != null && servers.binary(side) != null ? servers.binary(side).options() : List.of(),
                    x.settings.targetMap(x.target(), x.server), x.target(), x.server, x.settings.workload().workload());
            sides.add(r);
        }
        List<String> perSide = new ArrayList<>(o.aOptions());
        perSide.addAll(o.bOptions());
        List<String> warnings = AbWarnings.of(sides.get(0), sides.get(1), AbWarnings.names(perSide));
        AbDocument.Plan plan = new AbDocument.Plan(new ArrayList<>(new TreeSet<>(first.load().threadCounts())), o.repeats(),
                o.order().name().toLowerCase(Locale.ROOT), o.orderSeed(), (int) first.load().time().toSeconds(), (int) first.load().warmup().toSeconds(),
                o.restart(), o.bufferPoolWarmup(), AbSchedule.letters(schedule), schedule);
        AbDocument doc = new AbDocument(AbDocument.SCHEMA, Versions.tool(), ctx.get(Side.A).startedAt, first.output().command(),
                first.workload().workload().name(), plan, sides, warnings, AbWarnings.intended(sides.get(0), sides.get(1), AbWarnings.names(perSide)),
                AbWarnings.variableDiff(sides.get(0), sides.get(1)), List.of(), List.of(), "");
        AbText.header(doc).forEach(env::line);
        env.line("Results go to " + dir);
        Path json = dir.resolve("result.json");
        doc.write(json);
        Map<Side, Long> idle = new EnumMap<>(Side.class);
        for (Side side : Side.values()) {
            Target t = ctx.get(side).target();
            idle.put(side, QuietWait.threadsRunning(t, t.endpointFor(0)));
            if (o.bufferPoolWarmup() && !o.restart()) {
                env.line(String.format(Locale.ROOT, "Buffer pool warmup on %s: %.1f s", side, AbData.warm(t)));
            }
        }
        List<AbRun> runs = new ArrayList<>();
        long start = System.nanoTime();
        RunStatus code = RunStatus.COMPLETED;
        for (AbStep step : schedule) {
            if (stop.stopRequested()) {
                code = RunStatus.INTERRUPTED;
                break;
            }
            RunContext x = ctx.get(step.side());
            Target t = x.target();
            if (o.restart() && servers != null && servers.separateProcesses()) {
                servers.restart(step.side());
            }
            if (o.bufferPoolWarmup() && o.restart()) {
                AbData.warm(t);
            }
            QuietWait.await(t, t.endpointFor(0), idle.get(step.side()), Duration.ofSeconds(o.quietTimeoutSeconds()));
            env.line(String.format(Locale.ROOT, "[step %d/%d] %s, %d %s, repeat %d/%d", step.index() + 1, schedule.size(),
                    step.side(), step.threads(), step.threads() == 1 ? "thread" : "threads", step.repeat(), o.repeats()));
            long pid = serverPid(servers, step.side(), t);
            double cpu0 = pid > 0 ? HostObserver.processCpuSeconds(pid) : -1;
            double startedSeconds = (System.nanoTime() - start) / 1e9;
            Path stepDir = dir.resolve("steps").resolve(step.dirName());
            StepRunner.Step s = StepRunner.run(x, new StepRunner.StepSpec(step.threads(), step.repeat(), step.index(),
                    stepDir, x.settings.reporting().reportIntervalSeconds() > 0), rec -> { });
            double cpu1 = pid > 0 ? HostObserver.processCpuSeconds(pid) : -1;
            if (s.refused() != null) {
                throw x.target().explain(t.endpointFor(0), s.refused());
            }
            runs.add(new AbRun(step, startedSeconds, s.record(), cpu0 >= 0 && cpu1 >= 0 ? cpu1 - cpu0 : null, null));
            doc = doc.withRuns(runs);
            doc.write(json);
            env.line("  " + io.clusterbench.report.ConsoleReport.stepLine(s.record()));
            StepVerdict verdict = StepVerdict.of(s.outcome(), s.record(), stepDir, json);
            if (verdict.error() != null) {
                env.error(verdict.error());
            }
            if (verdict.status() != RunStatus.COMPLETED) {
                code = verdict.status();
                break;
            }
        }
        for (Side side : Side.values()) { // each side also as a sweep result, for compare and report
            List<RunRecord> mine = runs.stream().filter(r -> r.step().side() == side).map(AbRun::run).toList();
            writeSide(dir.resolve(side.name()).resolve("result.json"), ctx.get(side), mine);
        }
        env.line("");
        AbText.verdicts(doc).forEach(env::line);
        Path html = dir.resolve("report.html");
        AbHtml.write(html, doc, ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ISO_INSTANT));
        env.line("Results: " + json + " (report: " + html + ")");
        return code;
    }

    private static void writeSide(Path file, RunContext ctx, List<RunRecord> runs) {
        try {
            java.nio.file.Files.createDirectories(file.getParent());
        } catch (java.io.IOException e) {
            throw new UserException("cannot create " + file.getParent() + ": " + e.getMessage(), "choose another --out", e);
        }
        ResultDirs.writeJson(file, ctx.document(runs));
    }

    /** @return the side's server pid when it runs on this host, else -1 */
    private static long serverPid(AbServers servers, Side side, Target t) {
        if (servers != null && servers.binary(side) != null) {
            return servers.binary(side).pid();
        }
        Endpoint e = t.endpointFor(0);
        boolean local = e.host().equals("127.0.0.1") || e.host().equals("localhost") || e.host().equals("::1");
        return local ? HostObserver.findServerPid(e.port()) : -1;
    }

    /** @return the servers clusterbench starts (embedded or binaries), or null when both sides are endpoints */
    private static AbServers startServers(AbSpec o, RunPlan prepare, Console env) {
        if (o.a() != null) {
            return null;
        }
        if (!o.binaries()) {
            env.line("No --a/--a-server: both sides are one embedded MariaDB (an A/A run)...");
            AbServers s = AbServers.embedded(env.lifecycle(), embeddedCache(env), prepare.target().keep(), env::line);
            AbData.prepareIfMissing(prepare.workload().workload(), local(s.port(Side.A), prepare), 4, env::line);
            return s;
        }
        Map<Side, Path> binaries = new EnumMap<>(Side.class);
        binaries.put(Side.A, o.aServer());
        binaries.put(Side.B, o.bServer() != null ? o.bServer() : o.aServer());
        Map<Side, List<String>> perSide = new EnumMap<>(Side.class);
        perSide.put(Side.A, o.aOptions());
        perSide.put(Side.B, o.bOptions());
        return AbServers.binaries(env.lifecycle(), binaries, o.template(), o.serverOptions(), perSide,
                port -> AbData.prepareIfMissing(prepare.workload().workload(), local(port, prepare), 4, env::line),
                prepare.target().keep(), env::line);
    }

    private static io.clusterbench.embedded.ServerCache embeddedCache(Console env) {
        return io.clusterbench.embedded.ServerCache.at(io.clusterbench.embedded.ServerCache.defaultRoot(env.variables(),
                env.home()));
    }

    private static Target local(int port, RunPlan s) {
        String db = s.target().database() != null ? s.target().database() : "sbtest";
        return new Target(List.of(new Endpoint("127.0.0.1", port, null)), "root", "", db, true, 5000);
    }

    /** @return the side's target: its endpoint (and credentials) or the started server's port */
    private static Target sideTarget(AbSpec o, TargetSpec t, Side side, AbServers servers) {
        String db = t.database() != null ? t.database() : "sbtest";
        int timeoutMillis = t.connectTimeoutSeconds() * 1000;
        boolean ps = t.psMode().equals("auto");
        if (servers != null) {
            return new Target(List.of(new Endpoint("127.0.0.1", servers.port(side), null)), "root", "", db, ps, timeoutMillis);
        }
        String user = side == Side.B && o.bUser() != null ? o.bUser() : side == Side.A && o.aUser() != null ? o.aUser()
                : t.user() != null ? t.user() : "sbtest";
        String password = side == Side.B && o.bPassword() != null ? o.bPassword()
                : side == Side.A && o.aPassword() != null ? o.aPassword() : t.password() != null ? t.password() : "";
        return new Target(List.of(o.endpoint(side)), user, password, db, ps, timeoutMillis); // checked by AbSpec.problems
    }
}
