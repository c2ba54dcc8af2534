package io.clusterbench.workload;

import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.SqlErrors;
import io.clusterbench.db.WatchedSocketFactory;

import java.net.Socket;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The connection half every JDBC session shares: opening the worker's connection on its endpoint with a
 * plain statement, moving to another endpoint on {@link #reconnect}, cancelling or aborting from the
 * end-of-run thread, and turning a failed event's error into a {@link DbFailure} after a rollback. A family's
 * session extends it and adds its statements ({@link #configure} runs on every new connection).
 *
 * <p>Confined to its worker thread, except {@link #cancel()} and {@link #abort()}, which another thread
 * calls at the end of the run (the connection field is volatile for them).
 */
public abstract class JdbcSession implements Session {
    /** The worker's context: target, worker index, random source. */
    protected final SessionContext context;
    /** A plain statement on the current connection, for text SQL; replaced on every connect. */
    protected Statement plain;
    /** True between BEGIN and COMMIT: a failed event rolls back only then. */
    protected boolean inTransaction;
    /**
     * Index into the workload's statement classes of the statement running now (set by the subclass before each
     * statement), -1 when unknown; reported by {@link #failedStatementClass()}.
     */
    protected int statementClass = -1;
    /** Index into the statement classes of the running event's type (TPC-C transaction type), -1 for none. */
    protected int eventClass = -1;
    /** Endpoints moved along so far (failovers or a shift asked by the engine), &ge; 0. */
    private int reroutes;
    /** Volatile: the canceller thread reads it at the end of the run. */
    private volatile Connection connection;
    /**
     * The TCP socket under {@link #connection} ({@link WatchedSocketFactory}), null for a unix socket; volatile:
     * {@link #abort()} closes it from another thread.
     */
    private volatile Socket socket;

    /** Does not connect: the subclass calls {@link #connect()} once its own fields are set. */
    protected JdbcSession(SessionContext context) {
        this.context = context;
    }

    /**
     * Opens a connection to {@link #endpoint()}, creates {@link #plain} and runs {@link #configure}.
     *
     * @throws DbFailure classified by {@link SqlErrors}; a connection half set up is closed
     */
    protected final void connect() throws DbFailure {
        Connection c = WatchedSocketFactory.capture(s -> socket = s, () -> context.target().open(endpoint()));
        connection = c;
        try {
            plain = c.createStatement();
            configure(c);
        } catch (SQLException e) {
            SessionSql.closeQuietly(c);
            connection = null;
            throw SqlErrors.classify(e);
        }
    }

    /**
     * Sets up a new connection (session variables, statement caches); runs after {@link #plain} exists.
     * Does nothing by default.
     *
     * @throws SQLException when a setting fails (the connection is then closed)
     */
    protected void configure(Connection c) throws SQLException {
    }

    /**
     * @return true when the worker's events write, so that {@code --routing single-writer} sends it to the
     *         writer endpoint; false (the default) spreads workers round-robin whatever the routing
     */
    protected boolean routesAsWriter() {
        return false;
    }

    /** @return the endpoint this worker's connection goes to now */
    protected final Endpoint endpoint() {
        return context.target().route(context.workerIndex(), reroutes, routesAsWriter());
    }

    /** @return the TCP socket under the current connection, or null (a unix socket, or closed) */
    protected final Socket socket() {
        return socket;
    }

    /** @return the current connection, or null while closed */
    protected final Connection connection() {
        return connection;
    }

    /**
     * Classifies a failed event's error (the session's causal-wait level included) and rolls back an open
     * transaction on a still-usable connection; clears {@link #inTransaction}.
     *
     * @return the failure, for the session to throw
     */
    protected final DbFailure fail(SQLException e) {
        DbFailure failure = SessionSql.failEvent(e, plain, inTransaction, context.target().causalWaitLevel());
        inTransaction = false;
        return failure;
    }

    @Override
    public void reconnect(int endpointShift) throws DbFailure {
        close();
        reroutes += endpointShift;
        connect();
    }

    @Override
    public int failedStatementClass() {
        return statementClass;
    }

    @Override
    public int failedEventClass() {
        return eventClass;
    }

    @Override
    public String endpointLabel() {
        return endpoint().label();
    }

    @Override
    public void cancel() {
        SessionSql.cancel(connection);
    }

    /**
     * Closes the socket under the statement in progress, so a read blocked on a node that stopped answering fails
     * at once as a lost connection; without a captured socket (unix socket), the driver's abort.
     */
    @Override
    public void abort() {
        Socket s = socket;
        if (s != null && WatchedSocketFactory.close(s)) {
            return;
        }
        SessionSql.abort(connection); // a unix socket, or a close that failed
    }

    @Override
    public void close() {
        inTransaction = false;
        SessionSql.closeQuietly(connection);
        connection = null;
        socket = null;
    }
}
