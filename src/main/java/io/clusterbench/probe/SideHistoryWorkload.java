package io.clusterbench.probe;

import io.clusterbench.anomaly.HistoryWorkload;
import io.clusterbench.workload.Session;
import io.clusterbench.workload.SessionContext;
import io.clusterbench.workload.StatementRecorder;
import io.clusterbench.workload.TablelessWorkload;

import java.util.List;

/**
 * The history workloads as the engine runs them beside a run ({@link SideHistory}): one event is one history
 * operation of the worker's workload ({@link HistoryOperator#step}), recorded in the history whatever its outcome, so
 * an event never fails in the engine's eyes (a failure is a finding of the history, not an error of the load). Worker
 * {@code k} is history session {@code k} and runs workload {@code k / sessionsPerWorkload} of the load's workloads in
 * enum order, as {@code probe anomalies} numbers its sessions. The tables are made by {@link SideHistory}, not here: it has none of its own.
 *
 * <p>Thread-safe: {@link #openSession} is called from every worker thread; each session is confined to its worker,
 * except {@code abort}, which the engine's end-of-run thread calls.
 */
final class SideHistoryWorkload extends TablelessWorkload {
    /** The workload's name in the engine's messages. */
    static final String NAME = "anomalies";
    private final HistoryHost host;
    private final int sessionsPerWorkload;
    private final long seed;

    /**
     * @param host                the history load the sessions belong to
     * @param sessionsPerWorkload sessions of each workload, &ge; 1
     * @param seed                the generators' seed
     */
    SideHistoryWorkload(HistoryHost host, int sessionsPerWorkload, long seed) {
        this.host = host;
        this.sessionsPerWorkload = sessionsPerWorkload;
        this.seed = seed;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<String> statementClasses() {
        return List.of("history");
    }

    /** Opens the worker's writer connection; a node that refuses is retried by the operations, never thrown. */
    @Override
    public Session openSession(SessionContext context) {
        int k = context.workerIndex();
        List<HistoryWorkload> ordered = host.ordered();
        HistoryWorkload kind = ordered.get(Math.min(ordered.size() - 1, k / sessionsPerWorkload));
        HistoryOperator operator = new HistoryOperator(k, kind, host, seed * 31 + k);
        operator.openWriter();
        return new HistoryEventSession(operator, context.target().endpoints().get(operator.writer()).label(), host);
    }

    /** One worker's history session. Confined to its worker, except {@link #abort}. */
    private static final class HistoryEventSession implements Session {
        private final HistoryOperator operator;
        private final String endpoint;
        private final HistoryHost host;

        HistoryEventSession(HistoryOperator operator, String endpoint, HistoryHost host) {
            this.operator = operator;
            this.endpoint = endpoint;
            this.host = host;
        }

        /** Runs one operation; its outcome is in the history. A broken history file stops nothing but is noted. */
        @Override
        public void event(StatementRecorder recorder) {
            try {
                operator.step();
            } catch (RuntimeException e) {
                host.note("a history session's operation failed outside the database: " + e);
            }
        }

        /** The operations reconnect and fail over on their own; nothing to do. */
        @Override
        public void reconnect(int endpointShift) {
        }

        @Override
        public String endpointLabel() {
            return endpoint;
        }

        @Override
        public void abort() {
            operator.abort();
        }

        @Override
        public void close() {
            operator.close();
        }
    }
}
