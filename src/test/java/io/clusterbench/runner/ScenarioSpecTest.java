package io.clusterbench.runner;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --scenario NAME=WORKLOAD:THREADS[:RATE]}, the scenario file's lines and the presets: parsed as typed, every
 * problem named in a sentence that says what to type instead.
 */
class ScenarioSpecTest {
    @Test
    void aDefinitionHasANameAWorkloadThreadsAndAnOptionalRate() {
        List<String> problems = new ArrayList<>();
        ScenarioSpec closed = ScenarioSpec.parse("reads=oltp_point_select:8", List.of(), problems);
        ScenarioSpec paced = ScenarioSpec.parse(" writes=oltp_update_index:2:500.5 ", List.of("--tables", "2"),
                problems);
        assertEquals(List.of(), problems);
        assertEquals(new ScenarioSpec("reads", "oltp_point_select", 8, 0, List.of()), closed);
        assertEquals(new ScenarioSpec("writes", "oltp_update_index", 2, 500.5, List.of("--tables", "2")), paced);
        assertEquals("reads=oltp_point_select:8", closed.describe());
        assertEquals("writes=oltp_update_index:2:500.5 --tables 2", paced.describe());
    }

    @Test
    void eachBadPartIsNamed() {
        List<String> problems = new ArrayList<>();
        assertNull(ScenarioSpec.parse("oltp_point_select:8", List.of(), problems));
        assertNull(ScenarioSpec.parse("r=oltp_point_selct:8", List.of(), problems));
        assertNull(ScenarioSpec.parse("r=oltp_point_select:0", List.of(), problems));
        assertNull(ScenarioSpec.parse("r=oltp_point_select:x", List.of(), problems));
        assertNull(ScenarioSpec.parse("r=oltp_point_select:2:-5", List.of(), problems));
        assertEquals(5, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith("--scenario 'oltp_point_select:8' is not NAME=WORKLOAD:THREADS[:RATE]"),
                problems.get(0));
        assertTrue(problems.get(1).startsWith("--scenario r: unknown workload 'oltp_point_selct'")
                && problems.get(1).contains("oltp_point_select"), problems.get(1));
        assertEquals("--scenario r: threads must be a whole number from 1 to 100000 (got '0')", problems.get(2));
        assertEquals("--scenario r: threads must be a whole number from 1 to 100000 (got 'x')", problems.get(3));
        assertEquals("--scenario r: rate must be events per second >= 0, 0 = closed loop (got '-5')", problems.get(4));
    }

    @Test
    void aNameUsedTwiceIsAProblem() {
        ScenarioOptions o = new ScenarioOptions();
        o.scenarios = List.of("a=oltp_point_select:1", "a=oltp_read_only:1");
        List<String> problems = new ArrayList<>();
        assertEquals(2, o.specs(problems).size());
        assertEquals(List.of("--scenario a is defined twice; give each scenario its own name"), problems);
    }

    @Test
    void fileLinesCarryTheirOwnOptionsAndSkipCommentsAndBlankLines() {
        List<ScenarioSpec> out = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        ScenarioOptions.lines(List.of("# a comment", "", "hot=oltp_read_write:4 --table-size 16  # hot spot",
                "  churn=oltp_point_select:2:100\t--reconnect 10"), out, problems);
        assertEquals(List.of(), problems);
        assertEquals(List.of(new ScenarioSpec("hot", "oltp_read_write", 4, 0, List.of("--table-size", "16")),
                new ScenarioSpec("churn", "oltp_point_select", 2, 100, List.of("--reconnect", "10"))), out);
    }

    @Test
    void theTrainingPresetParsesRunsAllOltpVariantsAndStaysWithinSixtyFourThreadsWithTheRunsOwnFour() {
        ScenarioOptions o = new ScenarioOptions();
        o.preset = "training";
        List<String> problems = new ArrayList<>();
        List<ScenarioSpec> specs = o.specs(problems);
        assertEquals(List.of(), problems);
        int threads = specs.stream().mapToInt(ScenarioSpec::threads).sum();
        assertTrue(threads + 4 >= 4 && threads + 4 <= 64, "threads " + threads);
        List<String> workloads = specs.stream().map(ScenarioSpec::workload).toList();
        for (String w : WorkloadRegistry.names()) {
            if (w.startsWith("oltp_") || w.equals("tpcc") || w.equals("joins") || w.equals("ddl")) {
                assertTrue(workloads.contains(w), w + " in the training mix: " + workloads);
            }
        }
        assertTrue(specs.stream().anyMatch(s -> s.options().contains("--reconnect")), "reconnects");
        assertTrue(specs.stream().anyMatch(s -> s.rateEventsPerSecond() > 0), "an open-loop scenario");
    }

    @Test
    void anUnknownPresetIsNamedWithTheChoices() {
        ScenarioOptions o = new ScenarioOptions();
        o.preset = "trainig";
        List<String> problems = new ArrayList<>();
        o.specs(problems);
        assertEquals(List.of("--scenario-preset trainig is not a preset; choose one of: training"), problems);
    }
}
