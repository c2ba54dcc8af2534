package io.clusterbench.runner;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The latency targets of a capacity search in both spellings, and what they refuse. */
class CapacitySpecTest {
    @Test
    void aLatencyTakesMsUsOrSAndABareNumberIsMs() {
        assertEquals(20_000, CapacitySpec.parseLatencyMicros("20ms"));
        assertEquals(20_000, CapacitySpec.parseLatencyMicros("20 ms"));
        assertEquals(500, CapacitySpec.parseLatencyMicros("500us"));
        assertEquals(500, CapacitySpec.parseLatencyMicros("500µs"));
        assertEquals(1_500_000, CapacitySpec.parseLatencyMicros("1.5s"));
        assertEquals(2_500, CapacitySpec.parseLatencyMicros("2.5"));
        assertEquals(-1, CapacitySpec.parseLatencyMicros("0ms"));
        assertEquals(-1, CapacitySpec.parseLatencyMicros("20 minutes"));
        assertEquals(-1, CapacitySpec.parseLatencyMicros("-3ms"));
    }

    private static CapacitySpec parse(List<String> problems, String... args) {
        CapacityOptions o = new CapacityOptions();
        new CommandLine(o).parseArgs(args);
        return o.spec(3, 10, problems);
    }

    @Test
    void theSweepSpellingNamesItsPercentile() {
        List<String> problems = new ArrayList<>();
        CapacitySpec p95 = parse(problems, "--target-p95", "20ms");
        CapacitySpec p999 = parse(problems, "--target-p999", "0.5s");
        CapacitySpec classic = parse(problems, "--target-latency", "20");
        assertEquals(List.of(), problems);
        assertEquals(95, p95.percentile());
        assertEquals(20_000, p95.targetMicros());
        assertEquals(99.9, p999.percentile());
        assertEquals(500_000, p999.targetMicros());
        assertEquals(99, classic.percentile());
        assertEquals(20_000, classic.targetMicros());
        assertEquals(3, classic.repeats());
    }

    @Test
    void conflictingOrMissingTargetsAreProblems() {
        for (String[] args : new String[][]{{}, {"--target-p99", "20ms", "--target-p95", "10ms"},
                {"--target-p99", "20ms", "--target-latency", "20"}, {"--target-p99", "20ms", "--target-percentile", "90"},
                {"--target-p99", "fast"}, {"--target-latency", "5", "--target-percentile", "100"},
                {"--target-p99", "20ms", "--tail-events", "0"}, {"--target-p99", "20ms", "--max-run-time", "5"}}) {
            List<String> problems = new ArrayList<>();
            assertNull(parse(problems, args), String.join(" ", args));
            assertTrue(problems.size() >= 1, String.join(" ", args));
        }
    }
}
