package io.clusterbench.runner;

import io.clusterbench.report.ValidityBlock;
import io.clusterbench.result.FactKeys;
import io.clusterbench.result.Validity;
import io.clusterbench.result.ValidityFlag;
import io.clusterbench.result.ValidityRules;
import io.clusterbench.UserException;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.VendorCodes;
import io.clusterbench.lifecycle.Lifecycle;
import io.clusterbench.observe.QuietWait;
import io.clusterbench.report.ConsistencyText;
import io.clusterbench.report.ConsoleReport;
import io.clusterbench.result.ConsistencyCost;
import io.clusterbench.result.RunRecord;
import io.clusterbench.result.SweepSummary;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.TreeSet;

/**
 * The core of {@code sweep}: thread counts × repeats (× consistency levels) in one result. Order: for each repeat,
 * each level in turn (so levels alternate and drift hits them alike), each thread count in ascending order. Each
 * step's interval files go to {@code steps/tNNNN-rR/} ({@code -cLEVEL} with several levels); result.json holds every
 * step. It only schedules: each step is run by {@link StepRunner} and judged by {@link StepVerdict}.
 *
 * <p>Confined to the command's thread.
 */
public final class SweepDriver {
    private SweepDriver() {
    }

    /** One step of the schedule: its 1-based number, thread count, repeat and level's context. */
    private record Planned(int number, int threads, int repeat, RunContext level) {
    }

    /**
     * @param levels              the plan at each {@code --consistency} level (same options otherwise), first level
     *                            first; one plan for a sweep without levels
     * @param repeats             runs per thread count (and level), &gt;= 1
     * @param quietTimeoutSeconds longest wait for the server to be quiet before a step, in seconds
     * @param env                 where lines go, and the command's lifecycle
     * @return how the sweep ended
     * @throws UserException for an unusable target, missing tables or unwritable results
     */
    public static RunStatus run(List<RunPlan> levels, int repeats, int quietTimeoutSeconds, Console env) {
        RunPlan settings = levels.get(0);
        List<Integer> threads = new ArrayList<>(new TreeSet<>(settings.load().threadCounts()));
        Lifecycle life = env.lifecycle();
        life.nothingMeasuredSentence(StepRecords.NOTHING_MEASURED);
        try (RunContext base = RunContext.open(settings, env, threads.get(threads.size() - 1))) {
            List<RunContext> contexts = new ArrayList<>(List.of(base));
            for (int i = 1; i < levels.size(); i++) {
                contexts.add(base.atLevel(levels.get(i)));
            }
            List<Planned> schedule = schedule(threads, repeats, contexts);
            Path dir = settings.output().dir();
            env.line("Sweep: " + settings.describe(base.target()).replaceFirst(", \\d+ threads?", "")
                    + "; threads " + threads + (levels.size() > 1 ? " x consistency " + levelNames(levels) : "")
                    + " x " + repeats + " repeat(s) = " + schedule.size() + " steps — server " + base.server.version());
            StepRunner.announce(base, dir, threads.get(0));
            env.line("Results go to " + dir);
            Sweep sweep = new Sweep(base, dir, schedule.size(), quietTimeoutSeconds, levels.size() > 1);
            RunStatus code = sweep.runAll(schedule, repeats);
            life.enter(Lifecycle.Phase.REPORT);
            List<RunRecord> done = sweep.done();
            ResultDirs.writeJson(dir.resolve("result.json"), base.document(done));
            env.line("");
            printTables(levels, done, env);
            env.line("Results: " + dir.resolve("result.json") + " (per step: " + dir.resolve("steps") + ")");
            return code;
        }
    }

    /** @return every step in order: repeats, then levels, then ascending thread counts */
    private static List<Planned> schedule(List<Integer> threads, int repeats, List<RunContext> levels) {
        List<Planned> out = new ArrayList<>();
        for (int r = 1; r <= repeats; r++) {
            for (RunContext level : levels) {
                for (int t : threads) {
                    out.add(new Planned(out.size() + 1, t, r, level));
                }
            }
        }
        return out;
    }

    /** The running sweep: its records so far and the connection wall, if one was hit. Confined to the command. */
    private static final class Sweep {
        private final RunContext base;
        private final Console env;
        private final Path dir;
        private final Path json;
        private final int steps;
        private final int quietTimeoutSeconds;
        private final boolean levels;
        private final Endpoint first;
        private final long idle;
        private final double stepSeconds;
        private final List<RunRecord> runs = new ArrayList<>();
        private Integer wall;

        Sweep(RunContext base, Path dir, int steps, int quietTimeoutSeconds, boolean levels) {
            this.base = base;
            this.env = base.env;
            this.dir = dir;
            this.json = dir.resolve("result.json");
            this.steps = steps;
            this.quietTimeoutSeconds = quietTimeoutSeconds;
            this.levels = levels;
            this.first = base.target().endpointFor(0);
            this.idle = QuietWait.threadsRunning(base.target(), first);
            RunPlan plan = base.settings;
            this.stepSeconds = plan.load().time().toSeconds() + plan.load().warmup().toSeconds() + 2;
        }

        /** @return how the sweep ended: the first step that did not complete ends it (a failed check does not) */
        RunStatus runAll(List<Planned> schedule, int repeats) {
            RunStatus code = RunStatus.COMPLETED;
            for (Planned p : schedule) {
                if (base.env.lifecycle().stopRequested()) {
                    return RunStatus.INTERRUPTED;
                }
                if (wall != null && p.threads() >= wall) {
                    continue;
                }
                RunStatus status = runStep(p, repeats);
                if (status == RunStatus.CHECK_FAILED) {
                    code = status;
                } else if (status != RunStatus.COMPLETED) {
                    return status;
                }
            }
            return code;
        }

        private RunStatus runStep(Planned p, int repeats) {
            RunContext ctx = p.level();
            String levelText = levels ? ", consistency " + levelOf(ctx.settings) : "";
            env.print(String.format(Locale.ROOT, "[step %d/%d] %d %s%s, repeat %d/%d — about %s left%n", p.number(),
                    steps, p.threads(), p.threads() == 1 ? "thread" : "threads", levelText, p.repeat(), repeats,
                    duration((long) ((steps - p.number() + 1) * stepSeconds))));
            if (QuietWait.await(ctx.target(), first, idle, Duration.ofSeconds(quietTimeoutSeconds)) < 0) {
                env.line("  (server not quiet after " + quietTimeoutSeconds + " s; starting anyway)");
            }
            int index = runs.size();
            runs.add(null);
            Path stepDir = dir.resolve(String.format(Locale.ROOT, "steps/t%04d-r%d", p.threads(), p.repeat())
                    + (levels ? "-c" + levelOf(ctx.settings) : ""));
            StepRunner.Step s = StepRunner.run(ctx, new StepRunner.StepSpec(p.threads(), p.repeat(), p.number() - 1,
                    stepDir, ctx.settings.reporting().reportIntervalSeconds() > 0), rec -> {
                        runs.set(index, withRepeats(rec, repeats));
                        ResultDirs.writeJson(json, ctx.document(List.copyOf(runs.subList(0, index + 1))));
                    });
            if (s.refused() != null) {
                return refused(s, p, index);
            }
            env.line("  " + ConsoleReport.stepLine(s.record()));
            io.clusterbench.report.ScenarioBlock.stepLines(s.record()).forEach(line -> env.line("    " + line));
            Validity validity = runs.get(index).observerFacts().get(FactKeys.VALIDITY);
            if (validity != null && !validity.clean()) {
                ValidityBlock.lines(validity).forEach(line -> env.line("  " + line));
            }
            StepVerdict verdict = StepVerdict.of(s.outcome(), s.record(), stepDir, json);
            verdict.blocks().forEach(block -> block.forEach(line -> env.line("  " + line)));
            if (verdict.error() != null) {
                env.error(verdict.error());
            }
            return verdict.status();
        }

        /**
         * @return a finished step's record with {@code too-few-repeats} added to its validity verdict when the sweep
         *         has fewer repeats than a verdict on its thread count needs ({@link ValidityRules#MIN_REPEATS})
         */
        private static RunRecord withRepeats(RunRecord rec, int repeats) {
            Validity v = rec.observerFacts().get(FactKeys.VALIDITY);
            ValidityFlag few = ValidityRules.tooFewRepeats(repeats, ValidityRules.MIN_REPEATS, "runs at "
                    + rec.threads() + (rec.threads() == 1 ? " thread" : " threads"));
            if (v == null || few == null) {
                return rec;
            }
            return rec.withFacts(rec.observerFacts().with(FactKeys.VALIDITY, v.plus(List.of(few))));
        }

        /** A step whose sessions were refused: a connection wall skips the larger thread counts, else the sweep ends. */
        private RunStatus refused(StepRunner.Step s, Planned p, int index) {
            RunContext ctx = p.level();
            if (s.refused().vendorCode() != VendorCodes.TOO_MANY_CONNECTIONS) {
                throw ctx.target().explain(first, s.refused());
            }
            wall = p.threads();
            String why = "too many connections (1040) at " + p.threads() + " threads; max_connections="
                    + ctx.maxConnections();
            runs.set(index, s.records().refused(why));
            ResultDirs.writeJson(json, ctx.document(List.copyOf(runs)));
            env.line("  connection wall: " + why + " — larger thread counts are skipped");
            return RunStatus.COMPLETED;
        }

        /** @return the records of every step that ran, in order */
        List<RunRecord> done() {
            return runs.stream().filter(Objects::nonNull).toList();
        }
    }

    /** Prints the sweep table, per level when there are several, with the cost of consistency. */
    private static void printTables(List<RunPlan> levels, List<RunRecord> done, Console env) {
        if (levels.size() == 1) {
            env.print(ConsoleReport.sweepTable(SweepSummary.of(done), done));
            return;
        }
        for (RunPlan level : levels) {
            String name = levelOf(level);
            List<RunRecord> at = done.stream().filter(x -> ConsistencyCost.levelOf(x).equals(name)).toList();
            env.line("Consistency " + name + ":");
            env.print(ConsoleReport.sweepTable(SweepSummary.of(at), at));
        }
        ConsistencyCost cost = ConsistencyCost.of(done);
        if (cost != null) {
            env.line("");
            ConsistencyText.lines(cost).forEach(env::line);
        }
    }

    private static String levelOf(RunPlan plan) {
        return plan.cluster().consistency() == null ? "none" : plan.cluster().consistency().level();
    }

    private static String levelNames(List<RunPlan> levels) {
        List<String> names = new ArrayList<>();
        levels.forEach(l -> names.add(levelOf(l)));
        return String.join(",", names);
    }

    private static String duration(long seconds) {
        return seconds >= 60 ? seconds / 60 + "m" + String.format(Locale.ROOT, "%02d", seconds % 60) + "s" : seconds + "s";
    }
}
