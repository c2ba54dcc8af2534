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
 * Issue 16: "the final partial interval is never printed". With {@code --time 3 --report-interval 2} the run
 * prints the full interval at 2 s and the partial one that ends the run at 3 s, and its events are in the total.
 */
class FinalPartialIntervalIT {
    @TempDir
    Path tmp;

    @Test
    void theFinalPartialIntervalIsPrinted() {
        String db = TestServer.freshDatabase("partial");
        List<String> target = TestServer.cliTarget(db);
        assertEquals(0, Cli.run(Cli.args(target, "prepare", "oltp_point_select", "--table-size=100")).exitCode());
        Path out = tmp.resolve("r");
        Cli.Result r = Cli.run(Cli.args(target, "run", "oltp_point_select", "--table-size=100", "--time=3",
                "--report-interval=2", "--out=" + out));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        List<String> lines = r.out().lines().filter(l -> l.matches("^\\[ *[0-9.]+s \\].*")).toList();
        assertEquals(2, lines.size(), r.out());
        assertTrue(lines.get(0).matches("^\\[ *2s \\].*"), lines.get(0));
        assertTrue(lines.get(1).matches("^\\[ *3s \\].*"), lines.get(1));
        long sum = 0;
        for (var i : ResultFiles.run(out).get("intervals")) {
            sum += i.get("events").asLong();
        }
        assertEquals(ResultFiles.summary(out).get("events").asLong(), sum, "the intervals add up to the total");
    }
}
