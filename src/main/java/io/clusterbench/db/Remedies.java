package io.clusterbench.db;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The one table of what an error code means for a benchmark and what to do about it; every message that
 * advises on a server or client error takes its hint from here.
 *
 * <p>Immutable and thread-safe. Only errors that are expected under concurrent load (lock conflicts, a
 * cluster's commit-time conflicts, a lost connection) ever suggest {@code --ignore-errors}; a schema,
 * privilege or configuration error never does.
 */
public final class Remedies {
    /**
     * One row of the table.
     *
     * @param name      the server's symbolic name, e.g. ER_LOCK_DEADLOCK
     * @param remedy    what to do, one clause without a trailing period; may contain {@code {endpoint}}
     * @param expectedUnderLoad true when the error is expected under load, so restarting the event is legitimate
     */
    public record Remedy(String name, String remedy, boolean expectedUnderLoad) {
    }

    private static final Map<Integer, Remedy> TABLE = new LinkedHashMap<>();

    static {
        put(1005, "ER_CANT_CREATE_TABLE", "the storage engine refused the CREATE TABLE: check --storage-engine and "
                + "--table-options (ROW_FORMAT, KEY_BLOCK_SIZE, ...) against the server's settings and error log", false);
        put(1064, "ER_PARSE_ERROR", "the server could not parse a statement: in prepare most often --table-options, "
                + "appended as written to every CREATE TABLE; check it against the server's CREATE TABLE syntax", false);
        put(1286, "ER_UNKNOWN_STORAGE_ENGINE", "the server has no such engine: choose one SHOW ENGINES lists as "
                + "supported with --storage-engine", false);
        put(1478, "ER_ILLEGAL_HA_CREATE_OPTION", "the storage engine refuses a table option: check --table-options "
                + "against the engine's documentation and the server's settings", false);
        put(1045, "ER_ACCESS_DENIED_ERROR", "check --user and --password (or ~/.my.cnf [client], MYSQL_PWD); an "
                + "account created REQUIRE SSL needs --ssl-mode=REQUIRED (sysbench: --mysql-ssl=on)", false);
        put(1049, "ER_BAD_DB_ERROR", "create the database (CREATE DATABASE name) or choose another with --db", false);
        put(1054, "ER_BAD_FIELD_ERROR", "the table is not the one this workload made (another tool or version): "
                + "run cleanup --force and prepare, or choose another --db", false);
        put(1062, "ER_DUP_ENTRY", "two events wrote the same key: another client writes the workload's tables, or "
                + "they hold rows this workload did not make (run cleanup and prepare); when the collisions are "
                + "expected, add 1062 to --ignore-errors", true);
        put(1146, "ER_NO_SUCH_TABLE", "run prepare with the same workload, --tables and --table-size (or --scale)",
                false);
        put(1173, "ER_REQUIRES_PRIMARY_KEY", "the server refuses tables without a primary key "
                + "(innodb_force_primary_key or sql_require_primary_key): prepare tpcc with --force-pk", false);
        put(1180, "ER_ERROR_DURING_COMMIT", "the storage engine failed the commit (on a cluster often a conflicting "
                + "write set); add 1180 to --ignore-errors to retry such events, as 1213", true);
        put(1205, "ER_LOCK_WAIT_TIMEOUT", "rows are contended: fewer --threads or more rows (--table-size), or raise "
                + "innodb_lock_wait_timeout; it is in --ignore-errors by default", true);
        put(1213, "ER_LOCK_DEADLOCK", "a deadlock, or on Galera a certification conflict: in --ignore-errors by "
                + "default; fewer --threads or more rows lower the rate", true);
        put(1290, "ER_OPTION_PREVENTS_STATEMENT", "{endpoint} is read-only (read_only, a replica or a non-primary "
                + "node): give the writable server with --host, or run a read-only workload there", false);
        put(1461, "ER_MAX_PREPARED_STMT_COUNT_REACHED", "raise max_prepared_stmt_count (threads x statements per "
                + "session) on the server, or use --db-ps-mode disable", false);
        put(2013, "CR_SERVER_LOST", "the connection dropped mid-statement: look at the server's error log (crash, "
                + "KILL, wait_timeout, max_allowed_packet) and at the network; workers reconnect by themselves", false);
        put(3100, "ER_RUN_HOOK_ERROR", "MySQL Group Replication refused the commit (a secondary in single-primary "
                + "mode, or the group lost quorum): write to the primary (--routing single-writer) and check "
                + "performance_schema.replication_group_members", false);
        put(3101, "ER_TRANSACTION_ROLLBACK_DURING_COMMIT", "Group Replication rolled the transaction back at commit "
                + "(a certification conflict, as 1213 on Galera): add 3101 to --ignore-errors to retry such events",
                true);
        put(4062, "ER_ISOLATION_LEVEL_WITH_CONSISTENT_SNAPSHOT", "the engine (RocksDB) allows a consistent-snapshot "
                + "transaction only under REPEATABLE READ: use --trx-level RR or another storage engine", false);
    }

    private Remedies() {
    }

    private static void put(int code, String name, String remedy, boolean isTransient) {
        TABLE.put(code, new Remedy(name, remedy, isTransient));
    }

    /** @return the codes of the table, in order */
    public static java.util.Set<Integer> codes() {
        return java.util.Collections.unmodifiableSet(TABLE.keySet());
    }

    /**
     * @param code     vendor code
     * @param endpoint the endpoint that gave the error, for remedies that name it
     * @return what to do; for a code outside the table a sentence that suggests {@code --ignore-errors} only for
     *         errors the user expects under load
     */
    public static String hint(int code, String endpoint) {
        Remedy r = TABLE.get(code);
        if (r == null) {
            return "look up error " + code + " in the server's documentation; only if it is expected under "
                    + "concurrent load (never for a schema or privilege error) add it to --ignore-errors";
        }
        return r.remedy().replace("{endpoint}", endpoint == null ? "the server" : endpoint);
    }

    /** The 1062 remedy when the run had {@code --skip-trx} on. */
    static final String DUP_ENTRY_SKIP_TRX = "two events wrote the same key: with --skip-trx on, oltp's delete and "
            + "re-insert of a row are not one transaction, so concurrent events collide on it (sysbench behaves the "
            + "same); turn --skip-trx off, or, when the collisions are expected, add 1062 to --ignore-errors";
    /** The 1062 remedy when the duplicate is id 0: an insert's 0 was stored as 0, not as a new auto-increment id. */
    static final String DUP_ENTRY_ZERO = "an insert of id 0 was stored as 0 instead of taking the next auto-increment "
            + "id: the server's sql_mode has NO_AUTO_VALUE_ON_ZERO (the table's rows were loaded, or another client "
            + "inserts, with it); remove NO_AUTO_VALUE_ON_ZERO from sql_mode";
    private static final java.util.regex.Pattern PREVENTING_OPTION =
            java.util.regex.Pattern.compile("running with the (--[a-z0-9_-]+) option");

    /**
     * The remedy for an error, read against the evidence of its message and the run's settings: the same table
     * row as {@link #hint(int, String)} except where the row names a cause that the evidence rules out.
     * <ul>
     *   <li>1062 blames {@code --skip-trx} only when it was on; a duplicate of id {@code '0'} is named as
     *       {@code NO_AUTO_VALUE_ON_ZERO}'s;</li>
     *   <li>1290 names the option the server's message names ({@code --read-only} is the read-only row, any
     *       other option is named as such).</li>
     * </ul>
     *
     * @param code     vendor code
     * @param endpoint the endpoint that gave the error, or null
     * @param message  the error line or the server's message, or null
     * @param skipTrx  true when the run had {@code --skip-trx} on
     * @return what to do
     */
    public static String hint(int code, String endpoint, String message, boolean skipTrx) {
        String m = message == null ? "" : message;
        if (code == VendorCodes.DUPLICATE_KEY) {
            return m.contains("Duplicate entry '0' for key") ? DUP_ENTRY_ZERO
                    : skipTrx ? DUP_ENTRY_SKIP_TRX : hint(code, endpoint);
        }
        java.util.regex.Matcher option = PREVENTING_OPTION.matcher(m);
        if (code == 1290 && option.find() && !option.group(1).contains("read-only")) {
            return (endpoint == null ? "the server" : endpoint) + " runs with " + option.group(1) + ", which "
                    + "prevents the statement: start the server without it, or choose a workload that does not need "
                    + "the statement";
        }
        return hint(code, endpoint);
    }

    /** @return the row for {@code code}, or null */
    public static Remedy of(int code) {
        return TABLE.get(code);
    }

    /**
     * Reads the code at the start of an error line {@code CODE[/STATE] [at ENDPOINT]: message}.
     *
     * @return the code, or -1 when the line does not start with one
     */
    public static int codeOf(String line) {
        int i = 0;
        while (line != null && i < line.length() && Character.isDigit(line.charAt(i))) {
            i++;
        }
        return i == 0 ? -1 : Integer.parseInt(line.substring(0, i));
    }

    /** @return the endpoint in an error line {@code CODE[/STATE] at ENDPOINT: message}, or null */
    public static String endpointOf(String line) {
        int at = line == null ? -1 : line.indexOf(" at ");
        int colon = at < 0 ? -1 : line.indexOf(": ", at);
        int firstColon = at < 0 ? -1 : line.indexOf(':');
        if (at < 0 || colon < 0 || firstColon >= 0 && firstColon < at) {
            return null; // no " at " before the message
        }
        return line.substring(at + 4, colon);
    }
}
