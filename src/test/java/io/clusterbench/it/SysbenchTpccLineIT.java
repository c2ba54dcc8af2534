package io.clusterbench.it;

import io.clusterbench.testing.Cli;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The field report's sysbench-tpcc line (README) serves prepare, run, check and cleanup unchanged, as one variable
 * of options serves a sysbench rig: each command takes every option, and those that do not act on it are named
 * in one note. Small scale and time on the embedded server; the rig's own overrides come last (last value wins).
 */
class SysbenchTpccLineIT {
    /** README's line, without the command word. */
    private static final List<String> LINE = List.of("tpcc", "--rand-type=uniform", "--report-interval=1", "--histogram",
            "--report_csv=yes", "--stats_format=csv", "--db-ps-mode=disable", "--trx_level=RR", "--enable_purge=yes",
            "--time=600", "--threads=64", "--mysql-ssl=PREFERRED", "--mysql-ignore-errors=none", "--reconnect=0");

    @TempDir
    Path tmp;

    private static Cli.Result sysbenchStyle(String db, String command, Path out) {
        List<String> args = new ArrayList<>(LINE);
        args.addAll(List.of("--mysql-host=127.0.0.1", "--mysql-port=" + TestServer.port(), "--mysql-user=root",
                "--mysql-db=" + db, "--scale=1", "--time=3", "--threads=1", "--out=" + out, command));
        return Cli.run(args.toArray(new String[0]));
    }

    @Test
    void theFieldReportsSysbenchTpccLineWorksForPrepareRunCheckAndCleanup() {
        String db = TestServer.freshDatabase("tpccline");
        Cli.Result prepare = sysbenchStyle(db, "prepare", tmp.resolve("p"));
        assertEquals(0, prepare.exitCode(), prepare.out() + prepare.err());
        assertTrue(prepare.out().contains("Note: --report-interval, --histogram, --report_csv, --stats_format, --time, "
                + "--mysql-ignore-errors, --reconnect, --out have no effect on prepare; ignored."),
                "each named as typed: " + prepare.out());

        Cli.Result run = sysbenchStyle(db, "run", tmp.resolve("r"));
        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertTrue(!run.out().contains("no effect on run"), run.out());
        assertTrue(run.out().contains("TEST SUMMARY:"), "the fork's CSV summary: " + run.out());
        assertTrue(run.out().contains("Latency histogram (values are in milliseconds)"), run.out());
        assertTrue(ResultFiles.summary(tmp.resolve("r")).get("events").asLong() > 0);

        Cli.Result check = sysbenchStyle(db, "check", tmp.resolve("c"));
        assertEquals(0, check.exitCode(), check.out() + check.err());
        assertTrue(check.out().contains("have no effect on check; ignored.") && check.out().contains("--rand-type"),
                check.out());
        assertTrue(check.out().contains("Consistency check PASSED"), check.out());

        Cli.Result cleanup = sysbenchStyle(db, "cleanup", tmp.resolve("x"));
        assertEquals(0, cleanup.exitCode(), cleanup.out() + cleanup.err());
        assertTrue(cleanup.out().contains("--rand-type, --report-interval") && cleanup.out().contains(
                "have no effect on cleanup; ignored."), cleanup.out());
        assertTrue(cleanup.out().contains("Dropped table 'warehouse1'"), cleanup.out());
        assertEquals(1, cleanup.out().lines().filter(l -> l.contains("--rand-type")).count(),
                "each option named once: " + cleanup.out());
    }
}
