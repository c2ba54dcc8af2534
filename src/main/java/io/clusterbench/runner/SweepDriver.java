package io.clusterbench.runner;

import io.clusterbench.UserException;
import io.clusterbench.observe.QuietWait;
import io.clusterbench.report.ConsoleReport;
import io.clusterbench.report.ConsistencyText;
import io.clusterbench.result.ConsistencyCost;
import io.clusterbench.result.RunRecord;
import io.clusterbench.result.SweepSummary;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.VendorCodes;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * The core of {@code sweep}: thread counts × repeats (× consistency levels) in one result. Order: every thread count, then the
 * next repeat. Each step's interval files go to {@code steps/tNNNN-rR/}; result.json holds every step.
 *
 * <p>Confined to the command's thread, apart from the stop hook it registers.
 */
public final class SweepDriver {
    private SweepDriver() {
    }

    /**
     * @param settings            the plan (its thread counts are run in ascending order)
     * @param repeats             runs per thread count, &gt;= 1
     * @param quietTimeoutSeconds longest wait for the server to be quiet before a step, in seconds
     * @param env                 where lines go, and Ctrl-C
     * @return how the sweep ended
     * @throws UserException for an unusable target, missing tables or unwritable results
     */
    public static RunStatus run(RunPlan settings, int repeats, int quietTimeoutSeconds, Console env) {
        return run(List.of(settings), repeats, quietTimeoutSeconds, env);
    }

    /**
     * A sweep over consistency levels too: thread counts × levels × repeats. Order: for each repeat, each level
     * in turn (so levels alternate and drift hits them alike), each thread count. Step directories are
     * {@code steps/tNNNN-rR-cLEVEL/} when there are several levels.
     *
     * @param levels the plan at each {@code --consistency} level (same options otherwise), first level first
     * @see #run(RunPlan, int, int, Console)
     */
    public static RunStatus run(List<RunPlan> levels, int repeats, int quietTimeoutSeconds, Console env) {
        RunPlan settings = levels.get(0);
        List<Integer> threads = new ArrayList<>(new TreeSet<>(settings.threadCounts()));
        io.clusterbench.lifecycle.Lifecycle stop = env.lifecycle();
        stop.nothingMeasuredSentence(StepRunner.NOTHING_MEASURED);
        try (RunContext base = RunContext.open(settings, env, threads.get(threads.size() - 1))) {
            List<RunContext> contexts = new ArrayList<>(List.of(base));
            for (int i = 1; i < levels.size(); i++) {
                contexts.add(base.atLevel(levels.get(i)));
            }
            RunContext ctx = base;
            Path dir = settings.outDir();
            Path json = dir.resolve("result.json");
            Endpoint first = ctx.target().endpointFor(0);
            long idle = QuietWait.threadsRunning(ctx.target(), first);
            int steps = threads.size() * repeats * levels.size();
            double stepSeconds = settings.timeSeconds() + settings.warmupSeconds() + 2;
            env.line("Sweep: " + settings.describe(ctx.target()).replaceFirst(", \\d+ threads?", "")
                    + "; threads " + threads + (levels.size() > 1 ? " x consistency " + levelNames(levels) : "")
                    + " x " + repeats + " repeat(s) = " + steps + " steps — server "
                    + ctx.server.version());
            StepRunner.nothingMeasuredAhead(ctx, stop, dir, threads.get(0));
            env.line("Results go to " + dir);
            List<RunRecord> runs = new ArrayList<>();
            Integer wall = null;
            RunStatus code = RunStatus.COMPLETED;
            int step = 0;
            outer:
            for (int r = 1; r <= repeats; r++) {
              for (RunContext level : contexts) {
                ctx = level;
                for (int t : threads) {
                    step++;
                    if (stop.stopRequested()) {
                        code = RunStatus.INTERRUPTED;
                        break outer;
                    }
                    if (wall != null && t >= wall) {
                        continue;
                    }
                    String levelText = levels.size() > 1 ? ", consistency " + levelOf(ctx.settings) : "";
                    env.print(String.format(Locale.ROOT, "[step %d/%d] %d %s%s, repeat %d/%d — about %s left%n", step,
                            steps, t, t == 1 ? "thread" : "threads", levelText, r, repeats,
                            duration((long) ((steps - step + 1) * stepSeconds))));
                    double waited = QuietWait.await(ctx.target(), first, idle, Duration.ofSeconds(quietTimeoutSeconds));
                    if (waited < 0) {
                        env.line("  (server not quiet after " + quietTimeoutSeconds + " s; starting anyway)");
                    }
                    int index = runs.size();
                    runs.add(null);
                    Path stepDir = dir.resolve(String.format(Locale.ROOT, "steps/t%04d-r%d", t, r)
                            + (levels.size() > 1 ? "-c" + levelOf(ctx.settings) : ""));
                    RunContext stepCtx = ctx;
                    StepRunner.Step s = StepRunner.run(ctx, t, r, step - 1, stepDir, stop,
                            ctx.settings.reportIntervalSeconds() > 0, rec -> {
                        runs.set(index, rec);
                        ResultDirs.writeJson(json, stepCtx.document(List.copyOf(runs.subList(0, index + 1))));
                    });
                    if (s.refused() != null) {
                        if (s.refused().vendorCode() != VendorCodes.TOO_MANY_CONNECTIONS) {
                            throw ctx.target().explain(first, s.refused());
                        }
                        wall = t;
                        String why = "too many connections (1040) at " + t + " threads; max_connections="
                                + ctx.maxConnections();
                        runs.set(index, new RunRecord(settings.workload().name(), t, r, settings.planRecord(
                                settings.engine(ctx.target(), t)), "connection_refused", why, Map.of(), List.of(),
                                null, List.of(), null));
                        ResultDirs.writeJson(json, ctx.document(List.copyOf(runs)));
                        env.line("  connection wall: " + why + " — larger thread counts are skipped");
                        continue;
                    }
                    env.line("  " + ConsoleReport.stepLine(s.record()));
                    RunStatus stepCode = RunDriver.status(s, stepDir, env);
                    io.clusterbench.result.LedgerRecord ledger = s.record().fact(io.clusterbench.result.FactKeys.LEDGER);
                    if (stepCode == RunStatus.COMPLETED && ledger != null && !ledger.passed()) {
                        io.clusterbench.report.FaultText.ledgerLines(ledger).forEach(line -> env.line("  " + line));
                        code = RunStatus.CHECK_FAILED;
                    }
                    io.clusterbench.result.FaultReport faults = s.record().fact(io.clusterbench.result.FactKeys.FAULTS);
                    if (stepCode == RunStatus.COMPLETED && faults != null) {
                        io.clusterbench.report.FaultText.lines(faults).forEach(line -> env.line("  " + line));
                    }
                    io.clusterbench.result.ChecksumRecord sums = s.record().fact(io.clusterbench.result.FactKeys.CHECKSUMS);
                    if (stepCode == RunStatus.COMPLETED && sums != null) {
                        io.clusterbench.report.FaultText.checksumLines(sums).forEach(line -> env.line("  " + line));
                        if (!sums.passed()) {
                            code = RunStatus.CHECK_FAILED;
                        }
                    }
                    if (stepCode != RunStatus.COMPLETED) {
                        code = stepCode;
                        break outer;
                    }
                }
              }
            }
            List<RunRecord> done = runs.stream().filter(x -> x != null).toList();
            ResultDirs.writeJson(json, ctx.document(done));
            env.line("");
            if (levels.size() > 1) {
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
            } else {
                env.print(ConsoleReport.sweepTable(SweepSummary.of(done), done));
            }
            env.line("Results: " + json + " (per step: " + dir.resolve("steps") + ")");
            return code;
        }
    }

    private static String levelOf(RunPlan plan) {
        return plan.consistency() == null ? "none" : plan.consistency().level();
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
