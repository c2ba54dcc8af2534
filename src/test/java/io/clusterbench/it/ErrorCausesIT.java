package io.clusterbench.it;

import io.clusterbench.testing.Cli;
import io.clusterbench.testing.OwnServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Errors of a run are named by their real cause, before the run where they can be foreseen (issue 32): a lowered
 * {@code max_prepared_stmt_count} is an inspect and pre-flight finding and the run's error line names 1461's cause;
 * a table dropped mid-run, a lock wait timeout and an insert under NO_AUTO_VALUE_ON_ZERO are never "unreachable".
 * On a throwaway embedded server (its global settings are changed).
 */
class ErrorCausesIT {
    private static OwnServer own;

    @BeforeAll
    static void start() throws Exception {
        own = OwnServer.start("causes");
        Cli.Result p = Cli.run(Cli.args(own.cliTarget(), "prepare", "oltp_read_write", "--tables", "100",
                "--table-size", "100", "--threads", "4"));
        assertEquals(0, p.exitCode(), p.out() + p.err());
    }

    @AfterAll
    static void stop() {
        own.close();
    }

    private static List<String> args(String... more) {
        List<String> a = new ArrayList<>(List.of("--tables", "100", "--table-size", "100"));
        a.addAll(List.of(more));
        return a;
    }

    @Test
    void aLoweredMaxPreparedStmtCountIsFoundBeforeTheRunAndTheRunsErrorNamesItsRealCause(@TempDir Path out)
            throws Exception {
        own.execute("SET GLOBAL max_prepared_stmt_count = 1000");
        try {
            List<String> inspect = new ArrayList<>(List.of("inspect", "--workload", "oltp_read_write", "--threads", "4"));
            inspect.addAll(args());
            Cli.Result i = Cli.run(Cli.args(own.cliTarget(), inspect.toArray(new String[0])));
            assertEquals(3, i.exitCode(), i.out() + i.err());
            assertTrue(i.out().contains("ERROR max-prepared-stmt-count: ") && i.out().contains(
                    "max_prepared_stmt_count = 1000 < 3600 server-side prepared statements planned (4 threads × 100 "
                            + "tables × 9 statements of the mix)"), i.out());

            List<String> run = new ArrayList<>(List.of("run", "oltp_read_write", "--threads", "4", "--time", "10",
                    "--report-interval", "1", "--out", out.toString()));
            run.addAll(args());
            Cli.Result r = Cli.run(Cli.args(own.cliTarget(), run.toArray(new String[0])));
            assertEquals(4, r.exitCode(), r.out() + r.err());
            assertTrue(r.out().contains("ERROR max-prepared-stmt-count: "), "the pre-flight said so first: " + r.out());
            String line = r.errLines().get(r.errLines().size() - 1);
            assertTrue(line.contains("1461") && line.contains("raise max_prepared_stmt_count"), line);
            assertFalse((r.out() + r.err()).contains("unreachable"), r.out() + r.err());
        } finally {
            own.execute("SET GLOBAL max_prepared_stmt_count = 16382");
        }
    }

    @Test
    void aTableDroppedMidRunIsNamedAsMissingNotAsAnUnreachableServer(@TempDir Path out) throws Exception {
        List<String> run = new ArrayList<>(List.of("run", "oltp_point_select", "--threads", "2", "--time", "6",
                "--report-interval", "1", "--out", out.toString(), "--fault", "2s sql:n1:DROP TABLE sbtest100"));
        run.addAll(args());
        try {
            Cli.Result r = Cli.run(Cli.args(own.cliTarget(), run.toArray(new String[0])));
            assertEquals(4, r.exitCode(), r.out() + r.err());
            String line = r.errLines().get(r.errLines().size() - 1);
            assertTrue(line.contains("1146") && line.contains("run prepare"), line);
            assertFalse((r.out() + r.err()).contains("unreachable"), r.out() + r.err());
        } finally {
            Cli.Result p = Cli.run(Cli.args(own.cliTarget(), "prepare", "oltp_read_write", "--tables", "100",
                    "--table-size", "100", "--threads", "4", "--force"));
            assertEquals(0, p.exitCode(), p.out() + p.err());
        }
    }

    @Test
    void aLockWaitTimeoutOutsideIgnoreErrorsNamesTheContendedRows(@TempDir Path out) throws Exception {
        own.execute("SET GLOBAL innodb_lock_wait_timeout = 1");
        try (Connection holder = DriverManager.getConnection(jdbc("causes")); Statement s = holder.createStatement()) {
            holder.setAutoCommit(false);
            s.executeQuery("SELECT id FROM sbtest1 FOR UPDATE").close(); // every row of the only table, held
            Cli.Result r = Cli.run(Cli.args(own.cliTarget(), "run", "oltp_update_index", "--tables", "1",
                    "--table-size", "100", "--threads", "2", "--time", "8", "--ignore-errors", "none", "--out",
                    out.toString()));
            holder.rollback();
            assertEquals(4, r.exitCode(), r.out() + r.err());
            String line = r.errLines().get(r.errLines().size() - 1);
            assertTrue(line.contains("1205") && line.contains("rows are contended"), line);
            assertFalse((r.out() + r.err()).contains("unreachable"), r.out() + r.err());
        } finally {
            own.execute("SET GLOBAL innodb_lock_wait_timeout = 50");
        }
    }

    @Test
    void anInsertUnderNoAutoValueOnZeroTakesANewIdEveryTime(@TempDir Path out) throws Exception {
        own.execute("SET GLOBAL sql_mode = CONCAT(@@GLOBAL.sql_mode, ',NO_AUTO_VALUE_ON_ZERO')");
        try {
            long before = count("sbtest1") + count("sbtest2");
            Cli.Result r = Cli.run(Cli.args(own.cliTarget(), "run", "oltp_insert", "--tables", "2", "--table-size",
                    "100", "--threads", "2", "--time", "3", "--auto-inc", "on", "--out", out.toString()));
            assertEquals(0, r.exitCode(), r.out() + r.err());
            assertFalse(r.out().contains("1062"), r.out());
            long inserted = count("sbtest1") + count("sbtest2") - before;
            io.clusterbench.result.RunRecord run = io.clusterbench.result.ResultJson.read(out.resolve("result.json"))
                    .runs().get(0);
            assertTrue(inserted >= run.summary().events(), "each event inserted its row with a new id: " + inserted
                    + " rows for " + run.summary().events() + " events");
        } finally {
            own.execute("SET GLOBAL sql_mode = REPLACE(@@GLOBAL.sql_mode, ',NO_AUTO_VALUE_ON_ZERO', '')");
        }
    }

    private static long count(String table) throws Exception {
        try (Connection c = DriverManager.getConnection(jdbc("causes")); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static String jdbc(String db) {
        String port = own.cliTarget().get(1).substring("--port=".length());
        return "jdbc:mariadb://127.0.0.1:" + port + "/" + db + "?user=root";
    }
}
