package io.clusterbench.runner;

import io.clusterbench.UserException;
import io.clusterbench.observe.QuietWait;
import io.clusterbench.report.ConsoleReport;
import io.clusterbench.result.ResultJson;
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
 * The core of {@code sweep}: thread counts × repeats in one result. Order: every thread count, then the
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
        List<Integer> threads = new ArrayList<>(new TreeSet<>(settings.threadCounts()));
        StopSignal stop = new StopSignal();
        try (Console.Registration hook = env.onStop(stop::fire);
             RunContext ctx = RunContext.open(settings, env, threads.get(threads.size() - 1))) {
            Path dir = settings.outDir();
            Path json = dir.resolve("result.json");
            Endpoint first = ctx.target().endpointFor(0);
            long idle = QuietWait.threadsRunning(ctx.target(), first);
            int steps = threads.size() * repeats;
            double stepSeconds = settings.timeSeconds() + settings.warmupSeconds() + 2;
            env.line("Sweep: " + settings.describe(ctx.target()).replaceFirst(", \\d+ threads?", "")
                    + "; threads " + threads + " x " + repeats + " repeat(s) = " + steps + " steps — server "
                    + ctx.server.version());
            env.line("Results go to " + dir);
            List<RunRecord> runs = new ArrayList<>();
            Integer wall = null;
            RunStatus code = RunStatus.COMPLETED;
            int step = 0;
            outer:
            for (int r = 1; r <= repeats; r++) {
                for (int t : threads) {
                    step++;
                    if (stop.fired()) {
                        code = RunStatus.INTERRUPTED;
                        break outer;
                    }
                    if (wall != null && t >= wall) {
                        continue;
                    }
                    env.print(String.format(Locale.ROOT, "[step %d/%d] %d %s, repeat %d/%d — about %s left%n", step,
                            steps, t, t == 1 ? "thread" : "threads", r, repeats, duration((long) ((steps - step + 1) * stepSeconds))));
                    double waited = QuietWait.await(ctx.target(), first, idle, Duration.ofSeconds(quietTimeoutSeconds));
                    if (waited < 0) {
                        env.line("  (server not quiet after " + quietTimeoutSeconds + " s; starting anyway)");
                    }
                    int index = runs.size();
                    runs.add(null);
                    Path stepDir = dir.resolve(String.format(Locale.ROOT, "steps/t%04d-r%d", t, r));
                    StepRunner.Step s = StepRunner.run(ctx, t, r, stepDir, stop, false, rec -> {
                        runs.set(index, rec);
                        ResultJson.write(json, ctx.document(List.copyOf(runs.subList(0, index + 1))));
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
                                null, List.of(), Map.of()));
                        ResultJson.write(json, ctx.document(List.copyOf(runs)));
                        env.line("  connection wall: " + why + " — larger thread counts are skipped");
                        continue;
                    }
                    env.line("  " + ConsoleReport.stepLine(s.record()));
                    RunStatus stepCode = RunDriver.status(s, stepDir, env);
                    if (stepCode == RunStatus.COMPLETED && s.record().observerFacts().get("ledger")
                            instanceof io.clusterbench.result.LedgerRecord ledger && !ledger.passed()) {
                        io.clusterbench.report.FaultText.ledgerLines(ledger).forEach(line -> env.line("  " + line));
                        code = RunStatus.CHECK_FAILED;
                    }
                    if (stepCode == RunStatus.COMPLETED && s.record().observerFacts().get("faults")
                            instanceof io.clusterbench.result.FaultReport faults) {
                        io.clusterbench.report.FaultText.lines(faults).forEach(line -> env.line("  " + line));
                    }
                    if (stepCode == RunStatus.COMPLETED && s.record().observerFacts().get("checksums")
                            instanceof io.clusterbench.result.ChecksumRecord sums) {
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
            List<RunRecord> done = runs.stream().filter(x -> x != null).toList();
            ResultJson.write(json, ctx.document(done));
            env.line("");
            env.print(ConsoleReport.sweepTable(SweepSummary.of(done), done));
            env.line("Results: " + json + " (per step: " + dir.resolve("steps") + ")");
            return code;
        }
    }

    private static String duration(long seconds) {
        return seconds >= 60 ? seconds / 60 + "m" + String.format(Locale.ROOT, "%02d", seconds % 60) + "s" : seconds + "s";
    }
}
