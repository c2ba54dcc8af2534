package io.clusterbench.cli;

import io.clusterbench.testing.Cli;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A mistyped workload, a mistyped sysbench spelling of an option and a mistyped command word each get one line
 * naming the word typed and the nearest valid one, exit 2, before anything connects ({@code --host=x} would not
 * resolve). In clusterbench's order and in sysbench's ({@code WORKLOAD [OPTIONS] COMMAND}).
 */
class MistypedWordsTest {
    private static void assertOneLine(Cli.Result r, String expected) {
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.errLines().get(0).startsWith("error: " + expected), r.err());
    }

    @Test
    void aMistypedWorkloadGetsTheNearestWorkload() {
        String expected = "unknown workload 'oltp_read_writ' (did you mean oltp_read_write?)";
        assertOneLine(Cli.run("run", "oltp_read_writ", "--time=1", "--host=x"), expected);
        assertOneLine(Cli.run("oltp_read_writ", "--time=1", "--mysql-host=x", "run"), expected);
        assertOneLine(Cli.run("oltp_read_writ", "--time=1", "--mysql-host=x"), expected);
        assertOneLine(Cli.run("prepare", "oltp_read_writ", "--host=x"), expected);
        assertOneLine(Cli.run("inspect", "oltp_read_writ", "--host=x"), expected);
        assertOneLine(Cli.run("probe", "stale-reads", "oltp_read_writ", "--host=x"), expected);
        assertOneLine(Cli.run("run", "tpc", "--host=x"), "unknown workload 'tpc' (did you mean tpcc?)");
    }

    @Test
    void aMistypedSysbenchSpellingGetsTheSysbenchSpelling() {
        assertOneLine(Cli.run("run", "oltp_read_write", "--mysql-hots=127.0.0.1"),
                "unknown option '--mysql-hots' (did you mean --mysql-host?)");
        assertOneLine(Cli.run("oltp_read_write", "--mysql-hots=127.0.0.1", "--time=1", "run"),
                "unknown option '--mysql-hots' (did you mean --mysql-host?)");
        assertOneLine(Cli.run("oltp_read_write", "--mysql_usr=sbtest", "prepare"),
                "unknown option '--mysql_usr' (did you mean --mysql-user?)");
        assertOneLine(Cli.run("cleanup", "oltp_read_write", "--mysql-pasword=x"),
                "unknown option '--mysql-pasword' (did you mean --mysql-password?)");
    }

    @Test
    void aMistypedPrewarmGetsPrewarm() {
        assertOneLine(Cli.run("oltp_read_write", "--mysql-host=x", "prewarmm"),
                "unknown command 'prewarmm' (did you mean prewarm?)");
        assertOneLine(Cli.run("prewam", "oltp_read_write"), "unknown command 'prewam' (did you mean prewarm?)");
    }

    /** prewarm warms a server's tables: the embedded server starts empty, and only oltp_* have sysbench's prewarm. */
    @Test
    void prewarmSaysWhatToDoWhereItCannotAct() {
        assertOneLine(Cli.run("oltp_read_write", "--tables=2", "prewarm"),
                "prewarm needs a server that keeps its tables: the embedded server starts empty on every command — "
                        + "give your server with --host");
        assertOneLine(Cli.run("prewarm", "tpcc", "--host=x"),
                "prewarm loads the tables of the oltp_* workloads (sbtest1..N), not tpcc's — run the workload's own "
                        + "warm-up instead");
    }
}
