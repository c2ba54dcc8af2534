package io.clusterbench.it;

import io.clusterbench.testing.Cli;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code clusterbench help ab} lists {@code --report-interval=SECONDS} "Print an interval line every N seconds";
 * ab accepts it and records it (each run's plan.reportIntervalSeconds = 1) but prints no interval line in any
 * step. The same holds for sweep (the kind: a step runner that never printed interval lines).
 */
class AbReportIntervalIT {
    /** An interval line: "[ 3s ]" on the whole-second schedule, "[ 1.00-2.16s ]" when late (IntervalLabelTest). */
    private static final java.util.regex.Pattern INTERVAL_LINE =
            java.util.regex.Pattern.compile("\\s*\\[ [0-9.]+(-[0-9.]+)?s \\] thds: .*");

    @TempDir
    Path tmp;

    @Test
    void reportIntervalPrintsIntervalLinesDuringTheSteps() {
        String db = TestServer.freshDatabase("abri");
        assertEquals(0, Cli.run(Cli.args(TestServer.cliTarget(db), "prepare", "oltp_point_select", "--table-size=1000"))
                .exitCode());
        Cli.Result r = Cli.run(Cli.args(List.of("--a=127.0.0.1:" + TestServer.port(), "--user=root", "--db=" + db),
                "ab", "oltp_point_select", "--table-size=1000", "--threads=1", "--repeat=2", "--time=3",
                "--report-interval=1", "--out=" + tmp.resolve("ab")));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        long lines = r.out().lines().filter(l -> INTERVAL_LINE.matcher(l).matches()).count();
        assertTrue(lines >= 8, "4 steps of 3 s at --report-interval 1 print about 12 interval lines, got " + lines
                + ":\n" + r.out());
    }

    @Test
    void sweepPrintsIntervalLinesWithReportIntervalToo() {
        String db = TestServer.freshDatabase("swri");
        assertEquals(0, Cli.run(Cli.args(TestServer.cliTarget(db), "prepare", "oltp_point_select", "--table-size=1000"))
                .exitCode());
        Cli.Result r = Cli.run(Cli.args(TestServer.cliTarget(db), "sweep", "oltp_point_select", "--table-size=1000",
                "--threads=1,2", "--time=3", "--report-interval=1", "--out=" + tmp.resolve("sweep")));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        long lines = r.out().lines().filter(l -> INTERVAL_LINE.matcher(l).matches()).count();
        assertTrue(lines >= 4, "2 steps of 3 s at --report-interval 1 print about 6 interval lines, got " + lines
                + ":\n" + r.out());
        Cli.Result quiet = Cli.run(Cli.args(TestServer.cliTarget(db), "sweep", "oltp_point_select", "--table-size=1000",
                "--threads=1", "--time=2", "--out=" + tmp.resolve("quiet")));
        assertEquals(0, quiet.exitCode(), quiet.err());
        assertTrue(quiet.out().lines().noneMatch(l -> INTERVAL_LINE.matcher(l).matches()),
                "no interval lines without --report-interval (sysbench's default 0): " + quiet.out());
    }
}
