package io.clusterbench.runner;

import io.clusterbench.metrics.IntervalSample;
import io.clusterbench.report.ConsoleReport;
import io.clusterbench.report.ForkFormat;
import io.clusterbench.result.IntervalFiles;
import io.clusterbench.result.IntervalRecord;

import io.clusterbench.prom.StepSeries;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The standard outputs of a step: {@code intervals.csv} and {@code latency.hlog}, the console progress
 * line, the result.json checkpoint, and the {@code --metrics-listen} endpoint's series.
 *
 * <p>Thread-safe (stateless factory); each output is confined to the coordinator thread.
 */
final class Outputs {
    /** result.json is rewritten at most this often while a step runs (and always at its end). */
    static final double CHECKPOINT_SECONDS = 10;

    private Outputs() {
    }

    /**
     * Every output of one step, in order: the interval files, the console lines (with {@code printIntervals}), the
     * result.json checkpoint and the metrics series.
     *
     * @param files       the step's {@code intervals.csv} and {@code latency.hlog}
     * @param series      the step's metrics series, or null without {@code --metrics-listen}
     * @param compactLine the observers' short figures of the interval just sampled
     * @param checkpoint  writes the step's record as it stands
     * @return one output feeding each in order
     */
    static RunOutput forStep(RunContext ctx, boolean printIntervals, long warmupSeconds, IntervalFiles files,
                             StepSeries series, Supplier<String> compactLine, Runnable checkpoint) {
        List<RunOutput> wired = new java.util.ArrayList<>();
        wired.add(intervalFiles(files));
        if (printIntervals) {
            wired.add(progress(ctx.env, ctx.settings, warmupSeconds, compactLine));
        }
        wired.add(checkpoint(checkpoint));
        if (series != null) {
            wired.add(metrics(series));
        }
        return all(wired);
    }

    /** @param files the step's {@code intervals.csv} and {@code latency.hlog}, started by the step */
    static RunOutput intervalFiles(IntervalFiles files) {
        return new RunOutput() {
            @Override
            public void interval(IntervalRecord record, IntervalSample sample) {
                files.append(record, sample);
            }

            @Override
            public void close() {
                files.close();
            }
        };
    }

    /**
     * The console lines of {@code run}: "Warmup done" and, with {@code --report-interval}, one line per
     * interval (the final partial one too), in the plan's interval format: sysbench's human line, the fork's
     * CSV line, or one object of the fork's JSON array (closed when the step ends).
     *
     * @param console       where lines go
     * @param plan          the run's plan (report interval, percentile, open loop, console formats)
     * @param warmupSeconds warmup of the step in seconds
     * @param compactLine   the observers' short figures of the interval just sampled (human lines only)
     */
    static RunOutput progress(Console console, RunPlan plan, long warmupSeconds, Supplier<String> compactLine) {
        long every = plan.reporting().reportIntervalSeconds();
        ConsoleFormat.Style format = plan.reporting().console().intervals();
        return new RunOutput() {
            private boolean jsonOpen;

            @Override
            public void measuringStarted() {
                if (warmupSeconds > 0) {
                    console.line("Warmup done (" + warmupSeconds + " s); measuring.");
                }
            }

            @Override
            public void interval(IntervalRecord record, IntervalSample sample) {
                if (every <= 0) {
                    return;
                }
                switch (format) {
                    case CSV -> console.line(ForkFormat.intervalCsv(record));
                    case JSON -> {
                        console.print(ForkFormat.intervalJson(record, !jsonOpen));
                        jsonOpen = true;
                    }
                    default -> console.line(ConsoleReport.intervalLine(record, plan.reporting().percentile(),
                            plan.load().rateEventsPerSecond() > 0, compactLine.get(), every));
                }
            }

            @Override
            public void close() {
                if (jsonOpen) {
                    console.print(ForkFormat.JSON_END);
                    jsonOpen = false;
                }
            }
        };
    }

    /**
     * Rewrites result.json with the intervals so far at most every {@link #CHECKPOINT_SECONDS}.
     *
     * @param checkpoint writes the step's record as it stands ("running")
     */
    static RunOutput checkpoint(Runnable checkpoint) {
        return new RunOutput() {
            private double last;

            @Override
            public void interval(IntervalRecord record, IntervalSample sample) {
                if (sample.endSeconds() - last >= CHECKPOINT_SECONDS) {
                    last = sample.endSeconds();
                    checkpoint.run();
                }
            }
        };
    }

    /**
     * The step's series on the {@code --metrics-listen} endpoint, fed from the same samples as the other outputs.
     *
     * @param series the step's series ({@link #metricsSeries})
     */
    static RunOutput metrics(StepSeries series) {
        return new RunOutput() {
            @Override
            public void interval(IntervalRecord record, IntervalSample sample) {
                series.interval(record, sample);
            }

            @Override
            public void close() {
                series.finished();
            }
        };
    }

    /**
     * @param ctx          the run context (its metrics endpoint, plan and target)
     * @param wholeThreads the step's thread count as given (the whole run's when sharded)
     * @param repeat       1-based repeat
     * @param stepIndex    0-based step of a sweep (0 for a run)
     * @return the step's series, labelled with the run labels, or null when no endpoint was asked for
     */
    static StepSeries metricsSeries(RunContext ctx, int wholeThreads, int repeat, int stepIndex) {
        if (ctx.metrics() == null) {
            return null;
        }
        RunPlan plan = ctx.settings;
        ShardSpec shard = plan.shard();
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put("run", String.valueOf(plan.output().dir().toAbsolutePath().normalize().getFileName()));
        labels.put("workload", plan.workload().workload().name());
        labels.put("threads", Integer.toString(shard.wholeThreads(wholeThreads)));
        labels.put("step", Integer.toString(stepIndex + 1));
        labels.put("repeat", Integer.toString(repeat));
        labels.put("consistency", plan.cluster().consistency() == null ? "none" : plan.cluster().consistency().level());
        labels.put("shard", shard.sharded() ? (shard.index() + 1) + "/" + shard.count() : "none");
        return ctx.metrics().step(labels, plan.workload().workload().statementClasses());
    }

    /** @return one output feeding each of {@code outputs} in order */
    static RunOutput all(List<RunOutput> outputs) {
        return new RunOutput() {
            @Override
            public void measuringStarted() {
                outputs.forEach(RunOutput::measuringStarted);
            }

            @Override
            public void interval(IntervalRecord record, IntervalSample sample) {
                for (RunOutput o : outputs) {
                    o.interval(record, sample);
                }
            }

            @Override
            public void close() {
                outputs.forEach(RunOutput::close);
            }
        };
    }
}
