package io.clusterbench.workload;

import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Target;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.function.Consumer;

/**
 * The workload SPI (DESIGN.md): a name, the tables it owns, a loader, and one {@link Session} per worker.
 *
 * <p>Implementations are thread-safe: {@link #openSession} is called from every worker thread after a
 * single call of {@link #init}. A workload never sees a thread, a clock or a histogram.
 */
public interface Workload {
    /** @return the workload name as typed on the command line, e.g. {@code oltp_read_write} */
    String name();

    /** @return statement class names; a class's index is the {@code classId} sessions record with */
    List<String> statementClasses();

    /** @return the tables this workload owns, which {@code prepare} creates and {@code cleanup} drops */
    List<String> tables();

    /**
     * The tables whose copies are compared across nodes after a run with faults (docs/metrics.md, "Cross-node
     * table checksums"): by default {@link #tables()}; a family that makes tables while it runs adds those that
     * exist and are replicated.
     *
     * @param connection a connection to the first node, on the workload's schema
     * @throws SQLException when the schema cannot be read
     */
    default List<String> checkedTables(Connection connection) throws SQLException {
        return tables();
    }

    /**
     * Creates and loads the tables.
     *
     * @param target   where to load
     * @param threads  loader connections, &ge; 1
     * @param force    drop the workload's own tables first when they exist
     * @param progress receives one human-readable line per step
     * @throws io.clusterbench.UserException when tables exist and {@code force} is false
     * @throws SQLException when the server fails a statement
     */
    void prepare(Target target, int threads, boolean force, Consumer<String> progress) throws SQLException;

    /**
     * Creates and loads the tables, resuming an interrupted load when asked, and records progress in
     * {@code ledger} so that an interrupted or failed load can say what is complete. By default resume is
     * refused and the ledger stays empty.
     *
     * @param mode   what to do with existing tables
     * @param ledger filled as chunks commit
     * @throws io.clusterbench.UserException when tables exist under {@link PrepareMode#REFUSE}, or resume is
     *         not supported
     * @throws SQLException when the server fails a statement
     */
    default void prepare(Target target, int threads, PrepareMode mode, LoadLedger ledger, Consumer<String> progress)
            throws SQLException {
        if (mode == PrepareMode.RESUME) {
            throw new io.clusterbench.UserException("--resume is not supported for " + name(),
                    "use --force to reload, or the workload's own resume option");
        }
        prepare(target, threads, mode == PrepareMode.DROP, progress);
    }

    /**
     * Drops this workload's own tables and nothing else.
     *
     * @return the names of the tables dropped
     */
    List<String> cleanup(Connection connection) throws SQLException;

    /**
     * @return each table of {@link #tables()} with the columns and primary key that make it this workload's
     *         (checked by {@link TableShape#refuseForeign} before a command reads, writes or drops it);
     *         empty (the default) for a workload without tables of its own
     */
    default java.util.Map<String, TableShape> shapes() {
        return java.util.Map.of();
    }

    /**
     * @return the storage engine and extra options this workload appends to the CREATE TABLEs it runs, or null
     *         (the default) for a workload that creates no tables
     */
    default TableOptions tableOptions() {
        return null;
    }

    /** @return true when every table this workload needs exists in the target schema */
    boolean tablesExist(Connection connection) throws SQLException;

    /**
     * Reads shared state before the run (for example the real id set of each table).
     *
     * @throws io.clusterbench.UserException when tables are missing ("run prepare first")
     */
    void init(Connection connection) throws SQLException;

    /**
     * {@link #init(Connection)} with more connections, a clock and progress, so that key spaces of large tables
     * are read in parallel and their load time is recorded. By default the extras are not used.
     *
     * @throws io.clusterbench.UserException when tables are missing ("run prepare first")
     */
    default void init(Connection connection, InitContext context) throws SQLException {
        init(connection);
    }

    /**
     * Opens a worker's session: connects and prepares statements.
     *
     * @throws DbFailure when the connection fails
     */
    Session openSession(SessionContext context) throws DbFailure;

    /**
     * Lines the workload wants shown once before the measured run, after {@link #init} (for example the
     * joins family's plan check under {@code --verify-plans}).
     *
     * @return the lines, without trailing newlines; empty by default
     */
    default List<String> startReport() {
        return List.of();
    }

    /**
     * Rows the workload's tables will hold once prepared, for {@code inspect}'s working-set estimate before
     * the tables exist (docs/inspect.md).
     *
     * @return rows over all tables, or -1 when the family has no such figure (the default)
     */
    default long plannedRows() {
        return -1;
    }

    /**
     * Server-side prepared statements one session holds once it has run every statement of its mix on every table
     * (with {@code --db-ps-mode auto}), for {@code inspect}'s check against {@code max_prepared_stmt_count}
     * (docs/inspect.md).
     *
     * @return statements per session, or 0 when the family does not say (the default: no check)
     */
    default long preparedStatementsPerSession() {
        return 0;
    }

    /**
     * @return true when the workload's events write, so that {@code --routing single-writer} sends its workers to
     *         the writer endpoint (as its sessions' routing does); false (the default) when they are spread
     */
    default boolean eventsWrite() {
        return false;
    }

    /**
     * Observers the workload needs beside the engine (e.g. TPC-C reads {@code SUM(d_next_o_id)} for NOPM at
     * the start and end of the measured time). They run with the run's other observers.
     *
     * @param target the run's target
     * @return observers to add to the run, possibly none
     */
    default List<io.clusterbench.observe.Observer> observers(Target target) {
        return List.of();
    }

    /**
     * @return the windows of statements whose cluster cost is measured apart (DDL, big transactions), which
     *         a workload run beside this one attributes its intervals to; null when the workload marks none
     */
    default io.clusterbench.observe.MarkedWindows markedWindows() {
        return null;
    }

    /** @return statistics the workload gathered that belong in the result (e.g. key space shapes) */
    default java.util.Map<String, Object> facts() {
        return java.util.Map.of();
    }
}
