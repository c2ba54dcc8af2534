package io.clusterbench.engine;

import io.clusterbench.metrics.Counter;
import io.clusterbench.metrics.EndpointMetrics;
import io.clusterbench.metrics.WorkerMetrics;
import io.clusterbench.workload.StatementRecorder;

import java.util.Arrays;

/**
 * The statements of the event in progress, held until the event's fate is known: an event that completes in the
 * measured time adds them to its worker's counters ({@link #commit}, in the interval the event completes in), an
 * event cut off by the end of the run counts them once as cut-off statements ({@link #discard}), never as reads,
 * writes or other (docs/metrics.md, "Cut-off events"). So queries, per-class counts and per-class latencies cover
 * exactly the counted events, and an interval's statements belong to that interval's events.
 *
 * <p>The buffers grow to the largest event seen and are reused: the steady state allocates nothing. Not thread-safe:
 * its worker's thread only.
 */
final class PendingStatements {
    /** Per statement: class id, sysbench class, outcome, endpoint slot. */
    private int[] kinds = new int[4 * 16];
    private long[] micros = new long[16];
    private int statements;
    /** Per rows report: class id and rows. */
    private long[] rows = new long[2 * 8];
    private int rowReports;

    /** Holds one statement that returned ({@link StatementRecorder#record}). */
    void statement(int classId, int sysbenchClass, int outcome, int slot, long latencyMicros) {
        if (statements == micros.length) {
            micros = Arrays.copyOf(micros, statements * 2);
            kinds = Arrays.copyOf(kinds, statements * 8);
        }
        int k = statements * 4;
        kinds[k] = classId;
        kinds[k + 1] = sysbenchClass;
        kinds[k + 2] = outcome;
        kinds[k + 3] = slot;
        micros[statements++] = latencyMicros;
    }

    /** Holds the rows a statement of class {@code classId} returned or affected. */
    void rows(int classId, long n) {
        if (rowReports * 2 == rows.length) {
            rows = Arrays.copyOf(rows, rows.length * 2);
        }
        rows[rowReports * 2] = classId;
        rows[rowReports * 2 + 1] = n;
        rowReports++;
    }

    /** @return statements held for the event in progress */
    int size() {
        return statements;
    }

    /** Adds the held statements to the counters, latencies and endpoint outcomes of a counted event, then clears. */
    void commit(WorkerMetrics metrics, EndpointMetrics endpoints) {
        for (int i = 0; i < statements; i++) {
            int k = i * 4;
            int classId = kinds[k];
            metrics.recordStatementMicros(classId, micros[i]);
            metrics.add(Counter.READS + kinds[k + 1], 1);
            metrics.add(Counter.classCount(classId), 1);
            int outcome = kinds[k + 2];
            if (outcome != StatementRecorder.NO_TARGET) {
                boolean hit = outcome == StatementRecorder.HIT;
                metrics.add(hit ? Counter.classHits(classId) : Counter.classMisses(classId), 1);
                endpoints.outcome(kinds[k + 3], hit);
            }
        }
        for (int i = 0; i < rowReports; i++) {
            metrics.add(Counter.classRows((int) rows[i * 2]), rows[i * 2 + 1]);
        }
        clear();
    }

    /**
     * Counts the held statements of a cut-off event once, as cut-off statements, then clears.
     *
     * @return the statements discarded
     */
    int discard(WorkerMetrics metrics) {
        int n = statements;
        metrics.add(Counter.CUT_OFF_STATEMENTS, n);
        clear();
        return n;
    }

    /** Forgets the held statements (an event that neither counts nor is cut off: warmup, a fatal error). */
    void clear() {
        statements = 0;
        rowReports = 0;
    }
}
