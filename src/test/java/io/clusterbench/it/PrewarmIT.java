package io.clusterbench.it;

import io.clusterbench.testing.Cli;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * sysbench's {@code prewarm} command on the real server, in sysbench's order with a rig's options: each table is
 * analysed and read through (the server's {@code Com_analyze} and {@code Com_select} count sysbench's statements),
 * every leaf page of each primary key is read and in the buffer pool afterwards, and the page reads it prints are the
 * server's own {@code Innodb_buffer_pool_read_requests} (within what the test's readings bracket).
 */
class PrewarmIT {
    private static final Pattern SUMMARY = Pattern.compile(
            "Prewarmed 2 table\\(s\\) on 127\\.0\\.0\\.1:\\d+ in [\\d.]+ s: (\\d+) page reads, (\\d+) of them from disk; "
                    + "buffer pool (\\d+) of (\\d+) pages hold data");

    @Test
    void prewarmReadsEveryTableIntoTheBufferPoolWithSysbenchsStatements() throws Exception {
        String db = TestServer.freshDatabase("prewarm");
        List<String> target = TestServer.cliTarget(db);
        assertEquals(0, Cli.run(Cli.args(target, "prepare", "oltp_read_write", "--tables=2", "--table-size=5000"))
                .exitCode());
        long[] before = status();
        List<String> args = new ArrayList<>(List.of("oltp_read_write"));
        args.addAll(target);
        args.addAll(List.of("--tables=2", "--table_size=5000", "--threads=2", "--time=60", "--histogram",
                "--mysql-ignore-errors=none", "prewarm"));
        Cli.Result r = Cli.run(args.toArray(new String[0]));
        long[] after = status();
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("Note: --time, --histogram, --mysql-ignore-errors have no effect on prewarm; "
                + "ignored."), r.out());
        assertTrue(r.out().contains("Prewarming table sbtest1\n") && r.out().contains("Prewarming table sbtest2\n"),
                r.out());
        assertTrue(after[0] - before[0] >= 2, "one ANALYZE TABLE per table: " + (after[0] - before[0]));
        assertTrue(after[1] - before[1] >= 4, "two SELECTs per table: " + (after[1] - before[1]));
        Matcher m = SUMMARY.matcher(r.out());
        assertTrue(m.find(), r.out());
        long pageReads = Long.parseLong(m.group(1));
        long leafPages = leafPages(db);
        assertTrue(pageReads <= after[2] - before[2], pageReads + " page reads, the server counted "
                + (after[2] - before[2]) + " over the whole command");
        assertTrue(pageReads >= 2 * leafPages, "both scans read every leaf page of the primary keys (" + leafPages
                + "): " + pageReads);
        assertTrue(Long.parseLong(m.group(3)) <= Long.parseLong(m.group(4)), r.out());
        assertTrue(pagesInBufferPool(db) >= leafPages, "the tables' pages are in the buffer pool");
    }

    /** @return Com_analyze, Com_select, Innodb_buffer_pool_read_requests */
    private static long[] status() throws Exception {
        List<String> names = List.of("Com_analyze", "Com_select", "Innodb_buffer_pool_read_requests");
        long[] v = new long[3];
        try (Connection c = TestServer.connect(""); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS WHERE Variable_name IN "
                     + "('Com_analyze', 'Com_select', 'Innodb_buffer_pool_read_requests')")) {
            while (rs.next()) {
                v[names.indexOf(rs.getString(1))] = rs.getLong(2);
            }
        }
        return v;
    }

    private static long leafPages(String db) throws Exception {
        try (Connection c = TestServer.connect(""); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT SUM(stat_value) FROM mysql.innodb_index_stats WHERE database_name = '"
                     + db + "' AND table_name IN ('sbtest1', 'sbtest2') AND index_name = 'PRIMARY' "
                     + "AND stat_name = 'n_leaf_pages'")) {
            rs.next();
            long pages = rs.getLong(1);
            assertTrue(pages > 2, "the tables span pages: " + pages);
            return pages;
        }
    }

    private static long pagesInBufferPool(String db) throws Exception {
        try (Connection c = TestServer.connect(""); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM information_schema.INNODB_BUFFER_PAGE WHERE "
                     + "TABLE_NAME IN ('`" + db + "`.`sbtest1`', '`" + db + "`.`sbtest2`') AND INDEX_NAME = 'PRIMARY' "
                     + "AND PAGE_TYPE = 'INDEX'")) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
