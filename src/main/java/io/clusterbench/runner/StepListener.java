package io.clusterbench.runner;

import io.clusterbench.observe.PreparedStatementCheck;
import io.clusterbench.engine.RunListener;
import io.clusterbench.lifecycle.Lifecycle;
import io.clusterbench.metrics.IntervalSample;
import io.clusterbench.result.IntervalFiles;
import io.clusterbench.result.RunAccumulator;

import java.util.Locale;

/**
 * What a step does at each moment the engine reports: the console's connection and start lines, the start of the
 * measured phase (interval files, client CPU, observers, outputs, the lifecycle's phase), the final readings at the
 * measured end, and every interval into the accumulator and the outputs.
 *
 * <p>Called by the engine as {@link RunListener} says: never concurrently, in order.
 */
final class StepListener implements RunListener {
    private final RunContext ctx;
    private final boolean printIntervals;
    private final IntervalFiles files;
    private final StepListener.ClientCpu cpu;
    private final ObserverSet observers;
    private final RunOutput outputs;
    private final RunAccumulator acc;
    private final PreparedStatementCheck ps;

    /**
     * @param printIntervals print the connection and start lines (with {@code --report-interval})
     * @param files          the step's interval files, started at the measured start
     * @param cpu            this process's CPU, counted from the measured start
     * @param observers      the step's observers
     * @param outputs        every output of the step
     * @param acc            the step's intervals and totals
     * @param ps             the prepared-statement check, read again at the measured end
     */
    StepListener(RunContext ctx, boolean printIntervals, IntervalFiles files, StepListener.ClientCpu cpu, ObserverSet observers,
                 RunOutput outputs, RunAccumulator acc, PreparedStatementCheck ps) {
        this.ctx = ctx;
        this.printIntervals = printIntervals;
        this.files = files;
        this.cpu = cpu;
        this.observers = observers;
        this.outputs = outputs;
        this.acc = acc;
        this.ps = ps;
    }

    @Override
    public void connecting(int opened, int total, double seconds) {
        if (printIntervals) {
            ctx.env.line(String.format(Locale.ROOT, "Opening connections: %d of %d (%.0f s)", opened, total, seconds));
        }
    }

    @Override
    public void sessionsOpened(int threadCount, double connectSeconds, String threadModel) {
        if (printIntervals) {
            ctx.env.line(String.format(Locale.ROOT, "Threads started! (%s opened in %.2f s, %s threads)",
                    io.clusterbench.Format.count(threadCount, "connection"), connectSeconds, threadModel));
        }
    }

    @Override
    public void waitingForStart(long startAtEpochMillis, double waitSeconds) {
        if (printIntervals) {
            ctx.env.line(ShardFacts.waitLine(startAtEpochMillis, waitSeconds));
        }
    }

    @Override
    public void measuringStarted() {
        ctx.env.lifecycle().enter(Lifecycle.Phase.MEASURED);
        files.start(System.currentTimeMillis());
        cpu.start();
        observers.start();
        outputs.measuringStarted();
    }

    /**
     * The step's end work begins: its deadline counts from now ({@link Lifecycle#measuringEnded}). The counters after
     * the step are read beside the final readings, not after them: both bounded.
     */
    @Override
    public void measuringEnded() {
        Lifecycle life = ctx.env.lifecycle();
        life.measuringEnded();
        ps.stepEnded();
        observers.takeFinalReadings(life.stopRequested() ? ObserverSet.FINAL_READING_AFTER_STOP_MILLIS
                : ObserverSet.FINAL_READING_MILLIS, life.endDeadlineNanos());
    }

    @Override
    public boolean copiesHistograms() {
        return true; // the accumulator, the hlog and the metrics series copy or encode them at once
    }

    @Override
    public void interval(IntervalSample s) {
        outputs.interval(acc.add(s, observers.sample(s.durationSeconds())), s);
    }

    /** CPU time of this process (all threads: workers, driver, GC, JIT) since {@link #start}. Thread-safe. */
    static final class ClientCpu {
        private final com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean)
                java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        private volatile long startNanos = -1;

        void start() {
            startNanos = os.getProcessCpuTime();
        }

        /** @return CPU seconds since {@link #start}, 0 before it */
        double secondsSinceStart() {
            return startNanos < 0 ? 0 : (os.getProcessCpuTime() - startNanos) / 1e9;
        }
    }
}
