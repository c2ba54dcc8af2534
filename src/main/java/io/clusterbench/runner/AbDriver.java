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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * The core of {@code ab}: starts or resolves every side, runs the schedule with {@link StepRunner} on each
 * side's {@link RunContext}, and keeps result.json (schema clusterbench.ab/1, /2 for three or more sides), per-side
 * sweep results ({@code A/result.json}, {@code B/result.json}, {@code NAME/result.json}) and report.html current.
 * The comparison's logic itself (order, statistics, records) lives in {@code io.clusterbench.ab}.
 *
 * <p>Confined to the command's thread, apart from the stop hook it registers.
 */
public final class AbDriver {
    private AbDriver() {
    }

    /**
     * @param plans one plan per side in the order of {@code spec}'s sides, identical but for the workload instance
     *              (same options and seed)
     * @param spec  the sides, baseline, order and what happens between steps
     * @return how the comparison ended
     * @throws UserException for a side that cannot start or be reached, or unwritable results
     */
    public static RunStatus run(Map<Side, RunPlan> plans, AbSpec spec, Console env) {
        RunPlan firstPlan = plans.get(spec.sideList().get(0));
        List<Integer> threads = new ArrayList<>(new TreeSet<>(firstPlan.load().threadCounts()));
        List<AbStep> schedule = AbSchedule.of(spec.sideList(), threads, spec.repeats(), spec.order(), spec.orderSeed());
        Path dir = firstPlan.output().dir();
        io.clusterbench.lifecycle.Lifecycle stop = env.lifecycle();
        stop.nothingMeasuredSentence(StepRecords.NOTHING_MEASURED);
        Map<Side, RunContext> ctx = new LinkedHashMap<>();
        try (AbServers servers = startServers(spec, firstPlan, env)) {
            try {
                for (Side side : spec.sideList()) {
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
        Side firstSide = o.sideList().get(0);
        RunPlan first = ctx.get(firstSide).settings;
        List<SideRecord> sides = new ArrayList<>();
        for (Side side : o.sideList()) {
            RunContext x = ctx.get(side);
            SideRecord r = AbData.describe(side, servers == null ? "endpoint" : servers.separateProcesses() ? "server" : "embedded",
                    servers != null && servers.binary(side) != null ? servers.binary(side).binary().toString() : null,
                    servers != null && servers.binary(side) != null ? servers.binary(side).options() : List.of(),
                    x.settings.targetMap(x.target(), x.server), x.target(), x.server, x.settings.workload().workload());
            sides.add(r);
        }
        List<String> warnings = AbWarnings.of(sides, o.optionsBySide());
        java.util.Set<String> meant = AbWarnings.names(o.allSideOptions());
        AbDocument.Plan plan = new AbDocument.Plan(new ArrayList<>(new TreeSet<>(first.load().threadCounts())), o.repeats(),
                o.order().name().toLowerCase(Locale.ROOT), o.orderSeed(), (int) first.load().time().toSeconds(), (int) first.load().warmup().toSeconds(),
                o.restart(), o.bufferPoolWarmup(), AbSchedule.letters(schedule), schedule);
        AbDocument doc = new AbDocument(AbDocument.schemaFor(sides.size()), Versions.tool(), ctx.get(firstSide).startedAt,
                first.output().command(), first.workload().workload().name(), plan, sides, warnings,
                AbWarnings.intended(sides, meant), AbWarnings.variableDiff(sides), List.of(), List.of(), "",
                o.baseline().name(), List.of());
        AbText.header(doc).forEach(env::line);
        env.line("Results go to " + dir);
        Path json = dir.resolve("result.json");
        doc.write(json);
        Map<Side, Long> idle = new LinkedHashMap<>();
        for (Side side : o.sideList()) {
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
        for (Side side : o.sideList()) { // each side also as a sweep result, for compare and report
            List<RunRecord> mine = runs.stream().filter(r -> r.step().side().equals(side)).map(AbRun::run).toList();
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

    /** @return the servers clusterbench starts (embedded or binaries), or null when the sides are endpoints */
    private static AbServers startServers(AbSpec o, RunPlan prepare, Console env) {
        if (o.endpoints()) {
            return null;
        }
        if (!o.binaries()) {
            env.line(o.sides().size() == 2 ? "No --a/--a-server: both sides are one embedded MariaDB (an A/A run)..."
                    : "No --side-host/--side-server: every side is one embedded MariaDB (an A/A run)...");
            AbServers s = AbServers.embedded(env.lifecycle(), embeddedCache(env), prepare.target().keep(), env::line);
            AbData.prepareIfMissing(prepare.workload().workload(), local(s.port(o.sideList().get(0)), prepare), 4,
                    env::line);
            return s;
        }
        Map<Side, Path> binaries = new LinkedHashMap<>();
        o.sideList().forEach(side -> binaries.put(side, o.server(side)));
        return AbServers.binaries(env.lifecycle(), binaries, o.template(), o.serverOptions(), o.optionsBySide(),
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
        AbSpec.SideSpec own = o.side(side);
        String user = own.user() != null ? own.user() : t.user() != null ? t.user() : "sbtest";
        String password = own.password() != null ? own.password() : t.password() != null ? t.password() : "";
        return new Target(List.of(o.endpoint(side)), user, password, db, ps, timeoutMillis); // checked by AbSpec.problems
    }
}
