package io.clusterbench.explain;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One reading of a server's wait-related counters: a few {@code SHOW GLOBAL STATUS} counters, performance_schema's
 * wait summary, statement digests and prepared statements, the wanted {@code INNODB_METRICS} and the semaphore
 * section of {@code SHOW ENGINE INNODB STATUS}. Two readings make a {@link WaitDeltas}.
 *
 * <p>Immutable.
 *
 * @param status     the {@link #STATUS} counters by name
 * @param ps         what performance_schema measures
 * @param waits      per wait event: {@code {COUNT_STAR, SUM_TIMER_WAIT (ps)}}; empty when performance_schema is off
 * @param statements per digest ({@code d:SCHEMA/DIGEST}) or prepared statement instance ({@code p:OBJECT_INSTANCE});
 *                   empty when performance_schema is off
 * @param metrics    the wanted {@code INNODB_METRICS} rows the server has, by name
 * @param semaphores the lines of the SEMAPHORES section
 * @param atNanos    when the reading began ({@link System#nanoTime})
 * @param tookNanos  how long it took
 */
record WaitSnapshot(Map<String, Long> status, PerfSchemaState ps, Map<String, long[]> waits,
                    Map<String, StatementRow> statements, Map<String, MetricRow> metrics, List<String> semaphores,
                    long atNanos, long tookNanos) {
    /** The status counters read, to check the window against the client's counts. */
    static final List<String> STATUS = List.of("Questions", "Com_commit", "Com_rollback", "Innodb_row_lock_time",
            "Innodb_row_lock_waits");

    /**
     * The INNODB_METRICS the profile wants (lock waits and time, rw-lock spins and OS waits, purge and history
     * length, buffer-pool reads, redo, transactions), in the order they are listed; servers have a subset.
     */
    static final List<String> METRICS = List.of("lock_row_lock_waits", "lock_row_lock_time",
            "lock_row_lock_current_waits", "lock_row_lock_time_max", "lock_deadlocks", "lock_timeouts",
            "lock_rec_lock_waits", "lock_table_lock_waits", "lock_rec_lock_requests",
            "innodb_rwlock_s_spin_waits", "innodb_rwlock_x_spin_waits", "innodb_rwlock_sx_spin_waits",
            "innodb_rwlock_s_spin_rounds", "innodb_rwlock_x_spin_rounds", "innodb_rwlock_sx_spin_rounds",
            "innodb_rwlock_s_os_waits", "innodb_rwlock_x_os_waits", "innodb_rwlock_sx_os_waits",
            "trx_rseg_history_len", "purge_invoked", "purge_del_mark_records", "purge_upd_exist_or_extern_records",
            "purge_undo_log_pages", "buffer_pool_reads", "buffer_pool_read_requests", "buffer_data_reads",
            "buffer_pool_wait_free", "log_write_requests", "log_writes", "log_waits", "os_log_bytes_written",
            "os_log_fsyncs", "log_lsn_current", "trx_rw_commits", "trx_ro_commits", "trx_nl_ro_commits",
            "trx_rollbacks");
    /** Metrics that are levels rather than counters: their start and end are what matters. */
    static final List<String> GAUGES = List.of("lock_row_lock_current_waits", "lock_row_lock_time_max",
            "trx_rseg_history_len");

    /**
     * A statement's summary row.
     *
     * @param schema       schema, "" for none
     * @param digest       digest, or {@code prepared} for a prepared statement
     * @param text         digest text or SQL text
     * @param count        executions
     * @param timerPicos   their time, ps
     * @param lockPicos    their lock time, ps
     * @param rowsExamined rows examined
     * @param rowsSent     rows sent
     * @param errors       executions ending in an error
     */
    record StatementRow(String schema, String digest, String text, long count, long timerPicos, long lockPicos,
                        long rowsExamined, long rowsSent, long errors) {
    }

    /**
     * An INNODB_METRICS row.
     *
     * @param subsystem {@code SUBSYSTEM}
     * @param enabled   whether the counter runs ({@code ENABLED = 1}, MySQL: {@code STATUS = 'enabled'})
     * @param count     {@code COUNT}
     */
    record MetricRow(String subsystem, boolean enabled, long count) {
    }

    /**
     * Reads the server behind {@code c}.
     *
     * @throws SQLException when a query fails (the reading is then lost, never half-used)
     */
    static WaitSnapshot read(Connection c) throws SQLException {
        long t0 = System.nanoTime();
        PerfSchemaState ps = PerfSchemaState.read(c);
        try (Statement s = c.createStatement()) {
            Map<String, Long> status = status(s);
            Map<String, long[]> waits = new HashMap<>();
            Map<String, StatementRow> statements = new HashMap<>();
            if (ps.usable()) {
                try (ResultSet rs = s.executeQuery("SELECT EVENT_NAME, COUNT_STAR, SUM_TIMER_WAIT FROM "
                        + "performance_schema.events_waits_summary_global_by_event_name WHERE COUNT_STAR > 0")) {
                    while (rs.next()) {
                        waits.put(rs.getString(1), new long[]{rs.getLong(2), rs.getLong(3)});
                    }
                }
                digests(s, statements);
                prepared(s, statements);
            }
            return new WaitSnapshot(status, ps, waits, statements, metrics(s), semaphores(s), t0,
                    System.nanoTime() - t0);
        }
    }

    private static Map<String, Long> status(Statement s) throws SQLException {
        Map<String, Long> status = new LinkedHashMap<>();
        try (ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS WHERE Variable_name IN ('"
                + String.join("','", STATUS) + "')")) {
            while (rs.next()) {
                try {
                    status.put(rs.getString(1), Long.parseLong(rs.getString(2)));
                } catch (NumberFormatException ignored) {
                    // not a number on this server: left out
                }
            }
        }
        return status;
    }

    private static void digests(Statement s, Map<String, StatementRow> out) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT SCHEMA_NAME, DIGEST, LEFT(DIGEST_TEXT, 200), COUNT_STAR, "
                + "SUM_TIMER_WAIT, SUM_LOCK_TIME, SUM_ROWS_EXAMINED, SUM_ROWS_SENT, SUM_ERRORS "
                + "FROM performance_schema.events_statements_summary_by_digest WHERE COUNT_STAR > 0")) {
            while (rs.next()) {
                String schema = rs.getString(1) == null ? "" : rs.getString(1);
                String digest = rs.getString(2) == null ? "" : rs.getString(2);
                out.put("d:" + schema + "/" + digest, new StatementRow(schema, digest,
                        rs.getString(3) == null ? "(other statements: the digest table is full)" : rs.getString(3),
                        rs.getLong(4), rs.getLong(5), rs.getLong(6), rs.getLong(7), rs.getLong(8), rs.getLong(9)));
            }
        }
    }

    /** The key of the executions of all prepared statements together (when the server does not itemise them). */
    static final String EXECUTE_KEY = "e:statement/com/Execute";
    /** The text shown for them. */
    static final String EXECUTE_TEXT = "(prepared statements, not itemised by this server: statement/com/Execute)";

    /**
     * Prepared statements (the binary protocol) have no digest row on MariaDB: they are read per instance
     * ({@code prepared_statements_instances}), and as one row of all executions
     * ({@code statement/com/Execute}), which MariaDB 10.11 fills while it leaves the instances' counts at 0.
     */
    private static void prepared(Statement s, Map<String, StatementRow> out) {
        try (ResultSet rs = s.executeQuery("SELECT COUNT_STAR, SUM_TIMER_WAIT, SUM_LOCK_TIME, SUM_ROWS_EXAMINED, "
                + "SUM_ROWS_SENT, SUM_ERRORS FROM performance_schema.events_statements_summary_global_by_event_name "
                + "WHERE EVENT_NAME = 'statement/com/Execute'")) {
            if (rs.next()) {
                out.put(EXECUTE_KEY, new StatementRow("", "statement/com/Execute", EXECUTE_TEXT, rs.getLong(1),
                        rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5), rs.getLong(6)));
            }
        } catch (SQLException noSuchTable) {
            // left out
        }
        try (ResultSet rs = s.executeQuery("SELECT OBJECT_INSTANCE_BEGIN, LEFT(SQL_TEXT, 200), COUNT_EXECUTE, "
                + "SUM_TIMER_EXECUTE, SUM_LOCK_TIME, SUM_ROWS_EXAMINED, SUM_ROWS_SENT, SUM_ERRORS "
                + "FROM performance_schema.prepared_statements_instances WHERE COUNT_EXECUTE > 0")) {
            while (rs.next()) {
                out.put("p:" + rs.getString(1), new StatementRow("", "prepared", rs.getString(2), rs.getLong(3),
                        rs.getLong(4), rs.getLong(5), rs.getLong(6), rs.getLong(7), rs.getLong(8)));
            }
        } catch (SQLException noSuchTable) {
            // a server without prepared_statements_instances: its prepared statements are not profiled
        }
    }

    private static Map<String, MetricRow> metrics(Statement s) {
        Map<String, MetricRow> out = new LinkedHashMap<>();
        try (ResultSet rs = s.executeQuery("SELECT * FROM information_schema.INNODB_METRICS WHERE NAME IN ('"
                + String.join("','", METRICS) + "')")) {
            ResultSetMetaData md = rs.getMetaData();
            boolean mariadb = false;
            for (int i = 1; i <= md.getColumnCount(); i++) {
                mariadb |= md.getColumnLabel(i).equalsIgnoreCase("ENABLED");
            }
            while (rs.next()) {
                boolean enabled = mariadb ? rs.getInt("ENABLED") == 1 : "enabled".equalsIgnoreCase(rs.getString("STATUS"));
                out.put(rs.getString("NAME"), new MetricRow(rs.getString("SUBSYSTEM"), enabled, rs.getLong("COUNT")));
            }
        } catch (SQLException noInnodb) {
            // no InnoDB (or no privilege on information_schema): every metric is absent
        }
        return out;
    }

    private static List<String> semaphores(Statement s) {
        try (ResultSet rs = s.executeQuery("SHOW ENGINE INNODB STATUS")) {
            return rs.next() ? semaphoreSection(rs.getString(3)) : List.of();
        } catch (SQLException noPrivilege) {
            return List.of(); // needs PROCESS: the section is left out
        }
    }

    /**
     * @param status the text of {@code SHOW ENGINE INNODB STATUS}
     * @return the lines between the {@code SEMAPHORES} heading and the next heading, blank lines left out
     */
    static List<String> semaphoreSection(String status) {
        List<String> out = new ArrayList<>();
        if (status == null) {
            return out;
        }
        String[] lines = status.split("\n");
        int i = 0;
        while (i < lines.length && !lines[i].strip().equals("SEMAPHORES")) {
            i++;
        }
        for (i += 2; i < lines.length; i++) { // past the heading and its underline
            boolean rule = lines[i].strip().matches("-{3,}");
            if (rule && i + 1 < lines.length && lines[i + 1].strip().matches("[A-Z][A-Z /&-]+")) {
                break; // the next section's overline
            }
            if (!lines[i].isBlank() && !rule) {
                out.add(lines[i].strip());
            }
        }
        return out;
    }
}
