package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.OwnServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * FLUSH STATUS mid-run on the embedded server (issue 32, counter resets): MariaDB's FLUSH STATUS resets the session's
 * counters only, so the global rates across it stay true — no gap, no negative rate, and the server's Com_select over
 * the run agrees with the client's events. (A flush that does lower counters is a gap: CounterResetTest.)
 */
class FlushStatusIT {
    @Test
    void aFlushStatusMidRunLeavesEveryRateTrueAndNoneNegative(@TempDir Path out) throws Exception {
        try (OwnServer own = OwnServer.start("flush")) {
            assertEquals(0, Cli.run(Cli.args(own.cliTarget(), "prepare", "oltp_point_select", "--table-size=1000"))
                    .exitCode());
            Cli.Result r = Cli.run(Cli.args(own.cliTarget(), "run", "oltp_point_select", "--table-size=1000",
                    "--threads=2", "--time=8", "--report-interval=1", "--out=" + out,
                    "--fault", "3s sql:n1:FLUSH STATUS; 5s sql:n1:FLUSH STATUS"));
            assertEquals(0, r.exitCode(), r.out() + r.err());
            assertTrue(r.out().contains("FLUSH STATUS done"), r.out());
            JsonNode run = ResultFiles.run(out);
            double selects = 0;
            for (JsonNode iv : run.get("intervals")) {
                JsonNode server = iv.get("observed").path("server");
                assertFalse(server.has("gap"), "no counter went down: no gap " + server);
                for (var it = server.fields(); it.hasNext(); ) {
                    var f = it.next();
                    assertTrue(!f.getValue().isNumber() || f.getValue().asDouble() >= 0, f.getKey() + " < 0: " + server);
                }
                selects += server.path("Com_selectPerSecond").asDouble()
                        * (iv.get("endSeconds").asDouble() - iv.get("startSeconds").asDouble());
            }
            long events = run.get("summary").get("events").asLong();
            // the observer's window is shifted by up to a tenth of an interval against the client's (docs/metrics.md)
            assertEquals(events, selects, 0.1 * events, "the server's Com_select over the run against the events");
        }
    }
}
