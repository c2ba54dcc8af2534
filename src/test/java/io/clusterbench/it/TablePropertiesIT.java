package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 16, "the result claims what did not happen", against the embedded MariaDB: table collation, charset and
 * row format were recorded nowhere, so {@code compare} of latin1_bin vs utf8mb4 tables said "differing variables:
 * none"; sysbench-tpcc's {@code --mysql_table_options} was an unknown option; and options that do not act on the
 * workload ({@code oltp_point_select --point-selects 3}) were ignored in silence and recorded as if they had run.
 */
class TablePropertiesIT {
    private static final String LATIN1 = "DEFAULT CHARSET=latin1 COLLATE=latin1_bin ROW_FORMAT=COMPACT";

    @TempDir
    Path tmp;

    @Test
    void sysbenchTableOptionsActAtPrepareAndResultRecordsWhatRan() throws Exception {
        String db = TestServer.freshDatabase("tblopt");
        List<String> target = TestServer.cliTarget(db);
        Cli.Result p = Cli.run(Cli.args(target, "prepare", "oltp_read_only", "--tables=2", "--table_size=200",
                "--mysql_table_options=" + LATIN1));
        assertEquals(0, p.exitCode(), p.out() + p.err());
        assertTrue(p.out().contains("Tables: sbtest1, sbtest2: InnoDB, latin1_bin, Compact, row_format=COMPACT"),
                p.out());
        assertEquals("latin1_bin Compact", property(db, "sbtest2", "CONCAT(table_collation, ' ', row_format)"));

        Path out = tmp.resolve("run");
        Cli.Result r = Cli.run(Cli.args(target, "run", "oltp_read_only", "--tables=2", "--table-size=200", "--time=1",
                "--out=" + out));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("Tables: sbtest1, sbtest2: InnoDB, latin1_bin, Compact, row_format=COMPACT"),
                r.out());
        JsonNode tables = ResultFiles.read(out).get("tables");
        assertEquals(2, tables.size(), tables.toString());
        for (JsonNode t : tables) {
            assertEquals("InnoDB", t.get("engine").asText(), t.toString());
            assertEquals("latin1", t.get("charset").asText(), t.toString());
            assertEquals("latin1_bin", t.get("collation").asText(), t.toString());
            assertEquals("Compact", t.get("rowFormat").asText(), t.toString());
            assertTrue(t.get("createOptions").asText().contains("row_format=COMPACT"), t.toString());
            assertEquals("[\"latin1_bin\"]", t.get("columnCollations").toString(), t.toString());
        }
    }

    @Test
    void tpccTakesTheTableOptionsOfSysbenchTpcc() throws Exception {
        String db = TestServer.freshDatabase("tpccopt");
        Cli.Result p = Cli.run(Cli.args(TestServer.cliTarget(db), "prepare", "tpcc", "--scale=1", "--threads=2",
                "--use-fk=off", "--mysql_storage_engine=innodb", "--mysql_table_options=ROW_FORMAT=COMPACT"));
        assertEquals(0, p.exitCode(), p.out() + p.err());
        assertEquals("9", property(db, null, "COUNT(*)"), "all nine tables of set 1");
        assertEquals("9", property(db, null, "SUM(row_format = 'Compact')"), "every table took the option");
    }

    @Test
    void compareListsDifferingTableProperties() {
        Path utf8 = runOn("cmputf8", "DEFAULT CHARSET=utf8mb4");
        Path latin1 = runOn("cmplatin1", LATIN1, "--db-ps-mode=disable");
        Cli.Result c = Cli.run("compare", utf8.toString(), latin1.toString());
        assertEquals(0, c.exitCode(), c.err());
        String out = c.out();
        assertTrue(out.contains("differing table properties (5):"), out);
        assertTrue(out.matches("(?s).*column collations of sbtest1\\s+utf8mb\\d_\\w+\\s+latin1_bin\\n.*"), out);
        assertTrue(out.matches("(?s).*charset of sbtest1\\s+utf8mb\\d\\s+latin1\\n.*"), out);
        assertTrue(out.matches("(?s).*collation of sbtest1\\s+utf8mb\\d_\\w+\\s+latin1_bin\\n.*"), out);
        assertTrue(out.matches("(?s).*row format of sbtest1\\s+Dynamic\\s+Compact\\n.*"), out);
        assertTrue(out.matches("(?s).*create options of sbtest1\\s+none\\s+row_format=COMPACT\\n.*"), out);
        assertTrue(out.matches("(?s).*differing options \\(1;.*--db-ps-mode\\s+auto\\s+disable\\n.*"), out);

        Cli.Result same = Cli.run("compare", utf8.toString(), utf8.toString());
        assertTrue(same.out().contains("differing table properties: none"), same.out());
    }

    @Test
    void optionsThatDoNotApplyAreNotedAndNotRecorded() {
        String db = TestServer.freshDatabase("notapply");
        List<String> target = TestServer.cliTarget(db);
        assertEquals(0, Cli.run(Cli.args(target, "prepare", "oltp_point_select", "--table-size=100")).exitCode());

        Path out = tmp.resolve("point");
        Cli.Result r = Cli.run(Cli.args(target, "run", "oltp_point_select", "--table-size=100", "--time=1",
                "--point-selects=3", "--scale=5", "--tables=1", "--out=" + out));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("Note: --point-selects, --scale do not apply to oltp_point_select; ignored"),
                r.out());
        assertFalse(r.out().contains("--tables do"), "--tables applies: " + r.out());
        JsonNode plan = ResultFiles.run(out).get("plan");
        assertFalse(plan.has("pointSelects"), plan.toString());
        assertFalse(plan.has("scale"), plan.toString());
        assertEquals(1, plan.get("tables").asInt(), plan.toString());

        Path rw = tmp.resolve("rw");
        Cli.Result applies = Cli.run(Cli.args(target, "run", "oltp_read_only", "--table-size=100", "--time=1",
                "--point-selects=3", "--storage-engine=MyISAM", "--out=" + rw));
        assertEquals(0, applies.exitCode(), applies.out() + applies.err());
        assertFalse(applies.out().contains("do not apply") || applies.out().contains("does not apply"), applies.out());
        assertEquals(3, ResultFiles.run(rw).get("plan").get("pointSelects").asInt());
        assertTrue(applies.out().contains("Note: the tables are InnoDB, not --storage-engine MyISAM; --storage-engine "
                + "acts only when tables are created"), applies.out());
    }

    @Test
    void tableOptionsWithASemicolonAreRefusedAndAServerRefusalNamesTheOption() {
        String db = TestServer.freshDatabase("badopt");
        List<String> target = TestServer.cliTarget(db);
        Cli.Result semi = Cli.run(Cli.args(target, "prepare", "oltp_read_only", "--table-options=ROW_FORMAT=COMPACT; "
                + "DROP TABLE x"));
        assertEquals(2, semi.exitCode(), semi.out() + semi.err());
        assertEquals(1, semi.errLines().size(), semi.err());
        assertTrue(semi.err().contains("--table-options"), semi.err());

        Cli.Result bad = Cli.run(Cli.args(target, "prepare", "oltp_read_only", "--table-size=10",
                "--table-options=ROW_FORMAT=NO_SUCH_FORMAT"));
        assertEquals(2, bad.exitCode(), bad.out() + bad.err());
        assertEquals(1, bad.errLines().size(), bad.err());
        assertTrue(bad.err().contains("1064") && bad.err().contains("--table-options"), bad.err());
        assertFalse(bad.err().contains("--ignore-errors"), bad.err());
    }

    /**
     * Prepares 1 × 100 rows with {@code tableOptions} in a fresh database and runs oltp_point_select for 1 s with
     * {@code runOptions}.
     */
    private Path runOn(String prefix, String tableOptions, String... runOptions) {
        String db = TestServer.freshDatabase(prefix);
        List<String> target = TestServer.cliTarget(db);
        Cli.Result p = Cli.run(Cli.args(target, "prepare", "oltp_point_select", "--table-size=100",
                "--table-options=" + tableOptions));
        assertEquals(0, p.exitCode(), p.out() + p.err());
        Path out = tmp.resolve(prefix);
        List<String> args = new java.util.ArrayList<>(List.of("run", "oltp_point_select", "--table-size=100",
                "--time=1", "--out=" + out));
        args.addAll(List.of(runOptions));
        Cli.Result r = Cli.run(Cli.args(target, args.toArray(new String[0])));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        return out;
    }

    /** @return {@code expression} over information_schema.TABLES of {@code db} (one table, or all when null) */
    private static String property(String db, String table, String expression) throws Exception {
        try (Connection c = TestServer.connect(db); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT " + expression + " FROM information_schema.TABLES WHERE "
                     + "TABLE_SCHEMA = '" + db + "'" + (table == null ? "" : " AND TABLE_NAME = '" + table + "'"))) {
            rs.next();
            return rs.getString(1);
        }
    }
}
