package io.clusterbench.runner;

import io.clusterbench.UserException;
import io.clusterbench.lifecycle.Lifecycle;
import io.clusterbench.report.CapacityText;
import io.clusterbench.report.ConsoleReport;
import io.clusterbench.report.SysbenchSummary;
import io.clusterbench.result.CapacityRecord;
import io.clusterbench.result.PercentileInterval;
import io.clusterbench.result.RunAccumulator;
import io.clusterbench.result.RunRecord;

import io.clusterbench.result.Summary;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The core of {@code capacity} and {@code sweep --target-p99}: how many events per second the target takes with a
 * latency percentile within a target. {@link CapacitySearch} picks each step's rate (a closed-loop step, then
 * open-loop bracketing and bisection), {@link CapacityStepRuns} how long and how often each step runs and its
 * verdict. Each run is run by {@link StepRunner} and checked by {@link StepVerdict}; its files go to
 * {@code steps/sNN-closed-kK} or {@code steps/sNN-rRATE-kK}; result.json holds every run and {@code capacity.json}
 * the search ({@link CapacityRecord}), both rewritten after every step.
 *
 * <p>Confined to the command's thread.
 */
public final class CapacityDriver {
    private CapacityDriver() {
    }

    /**
     * @param plan the run's plan (its rate and time are the search's per run; {@code --time} is the shortest run)
     * @param spec the latency target and the trust rule
     * @param env  where lines go, and the command's lifecycle
     * @return how the search ended: the first run that did not complete ends it
     * @throws UserException for an unusable target, missing tables or unwritable results
     */
    public static RunStatus run(RunPlan plan, CapacitySpec spec, Console env) {
        Lifecycle life = env.lifecycle();
        life.nothingMeasuredSentence(StepRecords.NOTHING_MEASURED);
        int threads = plan.load().threads();
        CapacitySearch search = new CapacitySearch(spec, threads);
        Path dir = plan.output().dir();
        try (RunContext base = RunContext.open(plan.withRate(0), env, threads)) {
            env.line(String.format(Locale.ROOT, "Capacity: %s; %s within %s ms — server %s",
                    plan.describe(base.target()), CapacityText.pName(spec.percentile()),
                    String.format(Locale.ROOT, "%.2f", spec.targetMicros() / 1000.0), base.server.version()));
            CapacityText.rule(search.result()).forEach(env::line);
            StepRunner.announce(base, dir, threads);
            env.line("Results go to " + dir);
            Search s = new Search(base, plan, spec, search, env);
            RunStatus status = RunStatus.COMPLETED;
            for (double rate = search.nextRate(); rate >= 0 && !life.stopRequested(); rate = search.nextRate()) {
                status = s.step(rate);
                if (status != RunStatus.COMPLETED) {
                    break;
                }
            }
            life.enter(Lifecycle.Phase.REPORT);
            CapacityRecord result = search.result();
            s.write(result);
            env.line("");
            CapacityText.curve(result).forEach(env::line);
            env.line(CapacityText.verdict(result));
            env.line("Results: " + dir.resolve("result.json") + ", " + dir.resolve(CapacityRecord.FILE));
            return life.stopRequested() ? RunStatus.INTERRUPTED : status;
        }
    }

    /** One search's runs and files. Confined to the command's thread. */
    private static final class Search {
        private final RunContext base;
        private final RunPlan plan;
        private final CapacitySpec spec;
        private final CapacitySearch search;
        private final Console env;
        private final List<RunRecord> runs = new ArrayList<>();
        private final Path json;

        Search(RunContext base, RunPlan plan, CapacitySpec spec, CapacitySearch search, Console env) {
            this.base = base;
            this.plan = plan;
            this.spec = spec;
            this.search = search;
            this.env = env;
            this.json = plan.output().dir().resolve("result.json");
        }

        /** Runs one step to its verdict; a step cut short (a stop, a failed run) is not judged. */
        RunStatus step(double rate) {
            int number = search.result().steps().size() + 1;
            CapacityStepRuns step = new CapacityStepRuns(spec, rate, plan.load().time().toSeconds());
            env.line(CapacityText.stepHead(number, rate, step.nextRunTime().toSeconds()));
            for (Duration length = step.nextRunTime(); length != null; length = step.nextRunTime()) {
                if (env.lifecycle().stopRequested()) {
                    return RunStatus.INTERRUPTED;
                }
                int repeat = step.runCount() + 1;
                Path stepDir = plan.output().dir().resolve(String.format(Locale.ROOT, "steps/s%02d-%s-k%d", number,
                        rate == 0 ? "closed" : String.format(Locale.ROOT, "r%.0f", rate), repeat));
                StepRunner.Step s = runOne(plan.withRate(rate).withTime(length), stepDir, repeat);
                StepVerdict verdict = StepVerdict.of(s.outcome(), s.record(), stepDir, json);
                verdict.blocks().forEach(block -> block.forEach(line -> env.line("  " + line)));
                if (verdict.error() != null) {
                    env.error(verdict.error());
                }
                if (verdict.status() != RunStatus.COMPLETED) {
                    return verdict.status();
                }
                env.line("  run " + repeat + ": " + ConsoleReport.stepLine(s.record()));
                io.clusterbench.report.ScenarioBlock.stepLines(s.record()).forEach(line -> env.line("    " + line));
                CapacityRecord.Run judged = judge(step, s.record());
                Duration next = judged.counted() ? null : step.nextRunTime();
                env.line("  " + CapacityText.runLine(search.result(), judged, rate,
                        next == null ? null : next.toSeconds()));
            }
            CapacityRecord.Step judged = search.record(step.step());
            env.line("  " + CapacityText.stepLine(search.result(), judged));
            write(search.result());
            return RunStatus.COMPLETED;
        }

        /** @return the run judged by the step's rule, its percentile's interval read from its histogram */
        private CapacityRecord.Run judge(CapacityStepRuns step, RunRecord r) {
            Summary sum = r.summary();
            long p = SysbenchSummary.percentileMicros(sum, spec.percentile());
            long[] interval = sum.histogram() == null || sum.events() == 0 ? new long[]{p, p}
                    : PercentileInterval.micros(RunAccumulator.decode(sum.histogram()), spec.percentile());
            return step.add(sum.measuredSeconds(), sum.events(), sum.tps(), p, interval, sum.errors());
        }

        /** @return the finished run; result.json is rewritten as it goes */
        private StepRunner.Step runOne(RunPlan runPlan, Path stepDir, int repeat) {
            RunContext ctx = base.atLevel(runPlan);
            int index = runs.size();
            runs.add(null);
            StepRunner.Step s = StepRunner.run(ctx, new StepRunner.StepSpec(plan.load().threads(), repeat, index,
                    stepDir, plan.reporting().reportIntervalSeconds() > 0), rec -> {
                        runs.set(index, rec);
                        ResultDirs.writeJson(json, ctx.document(List.copyOf(runs.subList(0, index + 1))));
                    });
            if (s.refused() != null) {
                runs.remove(index);
                throw ctx.target().explain(ctx.target().endpointFor(0), s.refused());
            }
            return s;
        }

        /** Writes result.json and capacity.json as they stand. */
        void write(CapacityRecord result) {
            List<RunRecord> done = runs.stream().filter(java.util.Objects::nonNull).toList();
            if (!done.isEmpty()) {
                ResultDirs.writeJson(json, base.document(done));
            }
            ResultDirs.writeValue(plan.output().dir().resolve(CapacityRecord.FILE), result);
        }
    }
}
