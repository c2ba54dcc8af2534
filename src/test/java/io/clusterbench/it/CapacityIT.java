package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** capacity end to end on the embedded server: the closed-loop step, the open-loop bisection, both result files. */
class CapacityIT {
    @TempDir
    Path tmp;

    @Test
    void aTargetTheClosedLoopMeetsGivesItsMaximumInOneStep() throws Exception {
        List<String> target = prepared("cap_met");
        Path out = tmp.resolve("met");
        Cli.Result r = Cli.run(Cli.args(target, "capacity", "oltp_point_select", "--table-size=1000", "--threads=2",
                "--time=2", "--target-latency=5000", "--explain=off", "--out=" + out));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        JsonNode capacity = new ObjectMapper().readTree(out.resolve("capacity.json").toFile());
        assertTrue(capacity.get("closedLoopMet").asBoolean(), capacity.toString());
        JsonNode runs = ResultFiles.read(out).get("runs");
        assertEquals(1, runs.size());
        assertEquals(runs.get(0).get("summary").get("tps").asDouble(), capacity.get("capacityTps").asDouble(), 1e-9);
        assertTrue(r.out().contains("Capacity at p99 within 5000.00 ms, 2 threads: at least "), r.out());
    }

    @Test
    void aTargetNoRateMeetsBisectsBelowTheMaximumAndSaysSo() throws Exception {
        List<String> target = prepared("cap_missed");
        Path out = tmp.resolve("missed");
        Cli.Result r = Cli.run(Cli.args(target, "capacity", "oltp_point_select", "--table-size=1000", "--threads=2",
                "--time=2", "--target-latency=0.001", "--capacity-steps=2", "--explain=off", "--out=" + out));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        JsonNode capacity = new ObjectMapper().readTree(out.resolve("capacity.json").toFile());
        JsonNode steps = capacity.get("steps");
        JsonNode runs = ResultFiles.read(out).get("runs");
        assertEquals(3, steps.size(), capacity.toString());
        assertEquals(3, runs.size());
        double max = steps.get(0).get("tps").asDouble();
        assertEquals(0, steps.get(0).get("rate").asDouble());
        assertEquals(max / 2, steps.get(1).get("rate").asDouble(), 0.01);
        assertEquals(max / 4, steps.get(2).get("rate").asDouble(), 0.01);
        for (int i = 0; i < 3; i++) {
            JsonNode run = runs.get(i);
            assertFalse(steps.get(i).get("met").asBoolean());
            assertEquals(steps.get(i).get("rate").asDouble(), run.get("plan").get("rateEventsPerSecond").asDouble(),
                    1e-9, "each step ran at its rate");
            assertEquals(run.get("summary").get("tps").asDouble(), steps.get(i).get("tps").asDouble(), 1e-9);
            if (i > 0) {
                assertTrue(run.get("summary").get("tps").asDouble() <= 1.05 * steps.get(i).get("rate").asDouble(),
                        "an open-loop step holds its rate: " + run.get("summary"));
            }
        }
        assertEquals(0, capacity.get("capacityTps").asDouble());
        assertTrue(r.out().contains("not met at any rate tried"), r.out());
    }

    @Test
    void badTargetsAreOneLineAndExit2() {
        Cli.Result r = Cli.run("capacity", "oltp_point_select", "--target-latency=0");
        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("--target-latency must be > 0 ms"), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
    }

    private static List<String> prepared(String prefix) {
        List<String> target = TestServer.cliTarget(TestServer.freshDatabase(prefix));
        assertEquals(0, Cli.run(Cli.args(target, "prepare", "oltp_point_select", "--table-size=1000")).exitCode());
        return target;
    }
}
