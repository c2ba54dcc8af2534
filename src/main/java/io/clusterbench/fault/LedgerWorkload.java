package io.clusterbench.fault;

import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.Target;
import io.clusterbench.observe.Observer;
import io.clusterbench.workload.Session;
import io.clusterbench.workload.SessionContext;
import io.clusterbench.workload.SessionSql;
import io.clusterbench.workload.StatementRecorder;
import io.clusterbench.workload.Workload;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A workload whose sessions, after each completed event, append one row to the {@link Ledger} on their own
 * connection to the same endpoint as the worker's session (autocommit, {@value #LEDGER_TIMEOUT_MILLIS} ms socket
 * timeout, so a paused node cannot hold the worker longer). An append never fails the event: its outcome
 * (acknowledged, failed, in doubt) is what the ledger keeps. Everything else is the wrapped workload's.
 *
 * <p>Thread-safe as the wrapped workload; each session is confined to its worker.
 */
final class LedgerWorkload implements Workload {
    static final int LEDGER_TIMEOUT_MILLIS = 2000;
    private final Workload inner;
    private final Ledger ledger;
    private final Target target;

    LedgerWorkload(Workload inner, Ledger ledger, Target target) {
        this.inner = inner;
        this.ledger = ledger;
        this.target = target;
    }

    @Override
    public String name() {
        return inner.name();
    }

    @Override
    public List<String> statementClasses() {
        return inner.statementClasses();
    }

    @Override
    public List<String> tables() {
        return inner.tables();
    }

    @Override
    public void prepare(Target t, int threads, boolean force, Consumer<String> progress) throws SQLException {
        inner.prepare(t, threads, force, progress);
    }

    @Override
    public List<String> cleanup(Connection connection) throws SQLException {
        return inner.cleanup(connection);
    }

    @Override
    public boolean tablesExist(Connection connection) throws SQLException {
        return inner.tablesExist(connection);
    }

    @Override
    public void init(Connection connection) throws SQLException {
        inner.init(connection);
    }

    @Override
    public List<String> startReport() {
        return inner.startReport();
    }

    @Override
    public List<Observer> observers(Target t) {
        return inner.observers(t);
    }

    @Override
    public Map<String, Object> facts() {
        return inner.facts();
    }

    @Override
    public Session openSession(SessionContext context) throws DbFailure {
        return new LedgerSession(inner.openSession(context), ledger.worker(context.workerIndex()));
    }

    /** The worker's session plus its ledger connection. Confined to the worker thread. */
    private final class LedgerSession implements Session {
        private final Session session;
        private final Ledger.Outcomes outcomes;
        private Connection connection;

        LedgerSession(Session session, Ledger.Outcomes outcomes) {
            this.session = session;
            this.outcomes = outcomes;
        }

        @Override
        public void event(StatementRecorder recorder) throws DbFailure {
            session.event(recorder);
            String label = session.endpointLabel();
            try {
                if (connection == null) {
                    connection = target.open(endpoint(label));
                    connection.setNetworkTimeout(Runnable::run, LEDGER_TIMEOUT_MILLIS);
                }
            } catch (DbFailure | SQLException e) {
                SessionSql.closeQuietly(connection);
                connection = null;
                return; // nothing was sent: no id used
            }
            DbFailure f = Ledger.append(connection, ledger.runId(), outcomes, label);
            if (f != null && f.kind() != DbFailure.Kind.STATEMENT) {
                SessionSql.closeQuietly(connection);
                connection = null;
            }
        }

        @Override
        public void settled(boolean counted) {
            session.settled(counted);
        }

        @Override
        public int failedStatementClass() {
            return session.failedStatementClass();
        }

        @Override
        public int failedEventClass() {
            return session.failedEventClass();
        }

        private Endpoint endpoint(String label) {
            for (Endpoint e : target.endpoints()) {
                if (e.label().equals(label)) {
                    return e;
                }
            }
            return target.endpoints().get(0);
        }

        @Override
        public void reconnect(int endpointShift) throws DbFailure {
            SessionSql.closeQuietly(connection);
            connection = null;
            session.reconnect(endpointShift);
        }

        @Override
        public String endpointLabel() {
            return session.endpointLabel();
        }

        @Override
        public void close() {
            SessionSql.closeQuietly(connection);
            session.close();
        }
    }
}
