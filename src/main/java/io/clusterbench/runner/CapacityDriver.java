package io.clusterbench.runner;

import io.clusterbench.UserException;
import io.clusterbench.lifecycle.Lifecycle;
import io.clusterbench.report.ConsoleReport;
import io.clusterbench.report.SysbenchSummary;
import io.clusterbench.result.CapacityRecord;
import io.clusterbench.result.RunRecord;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The core of {@code capacity}: how many events per second the target takes with a latency percentile within a
 * target. A closed-loop step at the plan's threads gives the maximum; open-loop steps ({@code --rate}) then bisect
 * below it ({@link CapacitySearch}). Each step is run by {@link StepRunner} and judged by {@link StepVerdict}; its
 * files go to {@code steps/sNN-closed} or {@code steps/sNN-rRATE}; result.json holds every step and
 * {@code capacity.json} the search ({@link CapacityRecord}).
 *
 * <p>Confined to the command's thread.
 */
public final class CapacityDriver {
    private CapacityDriver() {
    }

    /**
     * @param plan          the run's plan (its rate is ignored: the search sets each step's)
     * @param percentile    the judged latency percentile, e.g. 99
     * @param targetMicros  the latency target, µs
     * @param openLoopSteps the most open-loop steps after the closed-loop one
     * @param env           where lines go, and the command's lifecycle
     * @return how the search ended: the first step that did not complete ends it
     * @throws UserException for an unusable target, missing tables or unwritable results
     */
    public static RunStatus run(RunPlan plan, double percentile, long targetMicros, int openLoopSteps, Console env) {
        Lifecycle life = env.lifecycle();
        life.nothingMeasuredSentence(StepRecords.NOTHING_MEASURED);
        int threads = plan.load().threads();
        CapacitySearch search = new CapacitySearch(percentile, targetMicros, threads, openLoopSteps);
        Path dir = plan.output().dir();
        Path json = dir.resolve("result.json");
        try (RunContext base = RunContext.open(plan.withRate(0), env, threads)) {
            env.line(String.format(Locale.ROOT, "Capacity: %s; p%s within %s ms, at most %d open-loop steps — server %s",
                    plan.describe(base.target()), pct(percentile), ms(targetMicros), openLoopSteps,
                    base.server.version()));
            StepRunner.announce(base, dir, threads);
            env.line("Results go to " + dir);
            List<RunRecord> runs = new ArrayList<>();
            RunStatus status = RunStatus.COMPLETED;
            for (double rate = search.nextRate(); rate >= 0 && !life.stopRequested(); rate = search.nextRate()) {
                status = step(base, plan, rate, runs, search, json, env);
                if (status != RunStatus.COMPLETED) {
                    break;
                }
            }
            life.enter(Lifecycle.Phase.REPORT);
            ResultDirs.writeJson(json, base.document(runs));
            CapacityRecord result = search.result();
            ResultDirs.writeValue(dir.resolve("capacity.json"), result);
            env.line("");
            env.line(verdict(result));
            env.line("Results: " + json + ", " + dir.resolve("capacity.json"));
            return life.stopRequested() ? RunStatus.INTERRUPTED : status;
        }
    }

    private static RunStatus step(RunContext base, RunPlan plan, double rate, List<RunRecord> runs,
                                  CapacitySearch search, Path json, Console env) {
        int number = runs.size() + 1;
        RunContext ctx = base.atLevel(plan.withRate(rate));
        env.line(String.format(Locale.ROOT, "[step %d] %s", number, rate == 0 ? "closed loop (the maximum)"
                : String.format(Locale.ROOT, "rate %.2f events/s", rate)));
        Path stepDir = plan.output().dir().resolve(rate == 0 ? String.format(Locale.ROOT, "steps/s%02d-closed", number)
                : String.format(Locale.ROOT, "steps/s%02d-r%.0f", number, rate));
        int index = runs.size();
        runs.add(null);
        StepRunner.Step s = StepRunner.run(ctx, new StepRunner.StepSpec(plan.load().threads(), 1, number - 1, stepDir,
                plan.reporting().reportIntervalSeconds() > 0), rec -> {
                    runs.set(index, rec);
                    ResultDirs.writeJson(json, ctx.document(List.copyOf(runs.subList(0, index + 1))));
                });
        if (s.refused() != null) {
            runs.remove(index);
            throw ctx.target().explain(ctx.target().endpointFor(0), s.refused());
        }
        StepVerdict verdict = StepVerdict.of(s.outcome(), s.record(), stepDir, json);
        verdict.blocks().forEach(block -> block.forEach(line -> env.line("  " + line)));
        if (verdict.error() != null) {
            env.error(verdict.error());
        }
        if (verdict.status() != RunStatus.COMPLETED) {
            return verdict.status();
        }
        RunRecord r = s.record();
        long latency = SysbenchSummary.percentileMicros(r.summary(), search.result().percentile());
        CapacityRecord.Step judged = search.record(rate, r.summary().tps(), latency, r.summary().errors());
        env.line("  " + ConsoleReport.stepLine(r));
        env.line(String.format(Locale.ROOT, "  p%s %s ms%s: %s", pct(search.result().percentile()), ms(latency),
                judged.keptUp() ? "" : String.format(Locale.ROOT, ", kept up with %.0f%% of the rate",
                        100 * r.summary().tps() / rate), judged.met() ? "met" : "missed"));
        return RunStatus.COMPLETED;
    }

    /** @return the search's one-line verdict, e.g. "Capacity at p99 within 20.00 ms: 1150.00 tps (...)" */
    static String verdict(CapacityRecord c) {
        String head = String.format(Locale.ROOT, "Capacity at p%s within %s ms, %s: ", pct(c.percentile()),
                ms(c.targetLatencyMicros()), io.clusterbench.Format.count(c.threads(), "thread"));
        if (c.closedLoopMet()) {
            return head + String.format(Locale.ROOT, "at least %.2f tps, the closed-loop maximum, which already meets "
                    + "the target (more threads may take more)", c.closedLoopTps());
        }
        if (c.capacityTps() <= 0) {
            return head + String.format(Locale.ROOT, "not met at any rate tried (lowest: %.2f tps; closed-loop maximum "
                    + "%.2f tps)", c.lowestMissedRate() == null ? c.closedLoopTps() : c.lowestMissedRate(),
                    c.closedLoopTps());
        }
        double missed = c.lowestMissedRate() == null ? c.closedLoopTps() : c.lowestMissedRate();
        return head + String.format(Locale.ROOT, "%.2f tps (met; %.2f tps missed), %.0f%% of the closed-loop maximum "
                + "%.2f tps", c.capacityTps(), missed, 100 * c.capacityTps() / c.closedLoopTps(), c.closedLoopTps());
    }

    private static String pct(double p) {
        return p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p);
    }

    private static String ms(long micros) {
        return String.format(Locale.ROOT, "%.2f", micros / 1000.0);
    }
}
