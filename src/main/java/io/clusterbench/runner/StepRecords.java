package io.clusterbench.runner;

import io.clusterbench.engine.RunOutcome;
import io.clusterbench.result.ClassRecord;
import io.clusterbench.result.EndpointRecord;
import io.clusterbench.result.Facts;
import io.clusterbench.result.IntervalRecord;
import io.clusterbench.result.PlanRecord;
import io.clusterbench.result.RunRecord;
import io.clusterbench.result.ShardRecord;
import io.clusterbench.result.Summary;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The one builder of a step's {@link RunRecord}, in every state it can be in: running (a checkpoint), interrupted
 * before anything was measured, halted by a second Ctrl-C, refused (no session could be opened), and finished
 * (completed, interrupted, stopped by a fatal error, or failed to write).
 *
 * <p>Immutable.
 *
 * @param workload      the workload's name
 * @param threads       this process's worker threads (a shard's part)
 * @param repeat        1-based repeat
 * @param plan          every option the step used, resolved
 * @param workloadFacts what the workload found at start
 * @param shard         this shard's part of a sharded run, or null
 */
record StepRecords(String workload, int threads, int repeat, PlanRecord plan, Map<String, Object> workloadFacts,
                   ShardRecord shard) {
    /** The status of a step still running. */
    static final String RUNNING = "running";
    /** The status of a step stopped from outside. */
    static final String INTERRUPTED = "interrupted";
    /** The status of a step whose sessions could not be opened. */
    static final String REFUSED = "connection_refused";
    /** What a stop before any measured phase says, on the console and as the step's {@code fatalError}. */
    static final String NOTHING_MEASURED = "interrupted before the measured phase: nothing was measured";
    /** What a halted step says as its {@code fatalError}. */
    static final String HALTED = "a second Ctrl-C ended the process at once: the intervals finished so far are kept,"
            + " without a summary";

    /** @return the step while it runs: the intervals so far, no summary */
    RunRecord running(List<IntervalRecord> intervals, Facts facts) {
        return unfinished(RUNNING, null, intervals, facts);
    }

    /** @return the step stopped before anything was measured */
    RunRecord nothingMeasured(Facts facts) {
        return unfinished(INTERRUPTED, NOTHING_MEASURED, List.of(), facts);
    }

    /** @return the step ended at once by a second Ctrl-C: the intervals finished so far, no summary */
    RunRecord halted(List<IntervalRecord> intervals, Facts facts) {
        return unfinished(INTERRUPTED, HALTED, intervals, facts);
    }

    /** @return the step whose sessions could not be opened, {@code why} as its error */
    RunRecord refused(String why) {
        return new RunRecord(workload, threads, repeat, plan, REFUSED, why, Map.of(), List.of(), null, List.of(),
                Facts.NONE);
    }

    /**
     * @param outcome how the engine ended (status and the error that stopped it)
     * @return the finished step
     */
    RunRecord finished(RunOutcome outcome, List<IntervalRecord> intervals, Summary summary, List<ClassRecord> classes,
                       Facts facts, List<EndpointRecord> endpoints) {
        return new RunRecord(workload, threads, repeat, plan, outcome.reason().name().toLowerCase(Locale.ROOT),
                outcome.fatalError() == null ? null : outcome.fatalError().line(), workloadFacts, intervals, summary,
                classes, withShard(facts), endpoints);
    }

    private RunRecord unfinished(String status, String fatalError, List<IntervalRecord> intervals, Facts facts) {
        return new RunRecord(workload, threads, repeat, plan, status, fatalError, workloadFacts, intervals, null,
                List.of(), withShard(facts));
    }

    private Facts withShard(Facts facts) {
        return ShardFacts.with(facts, shard);
    }

    /**
     * The step's result writes, one at a time: the stop's thread may write the record of a step that measured
     * nothing, or a second Ctrl-C the intervals so far, while the command's or the writer's thread writes a
     * checkpoint. After the step's last record (finished, interrupted before measuring, or halted) nothing more is
     * written, so result.json keeps it even if a checkpoint was still on its way or a Ctrl-C came after the end.
     *
     * <p>Thread-safe.
     */
    static final class Gate implements java.util.function.Consumer<RunRecord> {
        private final java.util.function.Consumer<RunRecord> write;
        private boolean sealed;
        /** True once a last record (any status but {@code running}) is on disk. */
        private volatile boolean lastWritten;
        /** True once a halt wrote its record: nothing is written after it. */
        private volatile boolean halted;

        Gate(java.util.function.Consumer<RunRecord> write) {
            this.write = write;
        }

        /** Writes the record unless the step's last one (any status but {@code running}) was written already. */
        @Override
        public synchronized void accept(RunRecord record) {
            if (!sealed && !halted) {
                sealed = !RUNNING.equals(record.status());
                write.accept(record);
                lastWritten = sealed;
            }
        }

        /**
         * Writes a halted step's record at once, without waiting for a write in progress (the process ends in a
         * moment: a final record being written may not get to its end), unless a last record is on disk already.
         * Writes go through their own temporary file, so the later rename wins whole.
         *
         * @return true when it wrote the record; false when the step's last record was on disk already
         */
        boolean acceptNow(RunRecord record) {
            if (lastWritten) {
                return false;
            }
            halted = true; // no checkpoint after it; never waits for the lock a write in progress holds
            write.accept(record);
            return true;
        }
    }
}
