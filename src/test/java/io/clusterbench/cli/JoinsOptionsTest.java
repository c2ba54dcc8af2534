package io.clusterbench.cli;

import io.clusterbench.UserException;
import io.clusterbench.workload.Distribution;
import io.clusterbench.workload.joins.JoinScenario;
import io.clusterbench.workload.joins.JoinsConfig;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Scenario selection on the command line: count options, --scenarios, unknown names. */
class JoinsOptionsTest {
    private static final Distribution UNIFORM = Distribution.parse("uniform", 12, 1, 75, 0.2, 0.8);

    private static RunCommand parse(String... args) {
        CliEnv env = new CliEnv(java.util.Map.of(), null, null, null, CliEnv.Hooks.NONE, List.of());
        RunCommand cmd = new RunCommand(env);
        new CommandLine(cmd).parseArgs(ArgNormalizer.normalize(args));
        return cmd;
    }

    private static JoinsConfig config(String... args) {
        RunCommand cmd = parse(args);
        cmd.joins.rejectUnmatched(cmd.workload);
        return cmd.joins.toConfig(cmd.oltp, UNIFORM);
    }

    @Test
    void everyScenarioIsACountOptionInTheReferenceSpelling() {
        for (JoinScenario s : JoinScenario.values()) {
            JoinsConfig c = config("joins", "--" + s.scenarioName() + "=3");
            for (JoinScenario other : JoinScenario.values()) {
                assertEquals(other == s ? 3 : 0, c.count(other), s.scenarioName() + " -> " + other.scenarioName());
            }
        }
        assertEquals(2, config("joins", "--simple-inner-pk-gb", "2").count(JoinScenario.SIMPLE_INNER_PK_GB));
    }

    @Test
    void scenariosListsNamesCountsAndGroups() {
        JoinsConfig c = config("joins", "--scenarios", "simple_inner_pk,multi_left_pk:3,index_updates:2");
        assertEquals(1, c.count(JoinScenario.SIMPLE_INNER_PK));
        assertEquals(3, c.count(JoinScenario.MULTI_LEFT_PK));
        assertEquals(2, c.indexUpdates());
        assertEquals(0, c.deleteInserts());
        JoinsConfig all = config("joins", "--scenarios=all", "--multilevel_inner_pk=4");
        for (JoinScenario s : JoinScenario.values()) {
            assertEquals(s == JoinScenario.MULTILEVEL_INNER_PK ? 4 : 1, all.count(s));
        }
        JoinsConfig reads = config("joins", "--scenarios=reads");
        assertEquals(0, reads.count(JoinScenario.UPDATE_MULTI_INNER_JOIN_PK));
        assertTrue(!reads.writes());
        JoinsConfig writes = config("joins", "--scenarios=writes");
        assertEquals(0, writes.count(JoinScenario.SIMPLE_INNER_PK));
        assertEquals(1, writes.deleteInserts());
        assertTrue(writes.writes());
    }

    @Test
    void oltpWriteCountsApplyOnlyWhenTyped() {
        assertEquals(0, config("joins", "--simple_inner_pk=1").indexUpdates());
        assertEquals(5, config("joins", "--index_updates=5").indexUpdates());
    }

    @Test
    void unknownNamesAreRejectedWithTheValidOnes() {
        UserException option = assertThrows(UserException.class, () -> config("joins", "--simple_inner_foo=1"));
        assertTrue(option.getMessage().contains("'simple_inner_foo'"), option.getMessage());
        assertTrue(option.hint().contains("simple_inner_pk_GB, multilevel_inner_pk"), option.hint());
        UserException listed = assertThrows(UserException.class, () -> config("joins", "--scenarios=simple_inner_pk,nope"));
        assertTrue(listed.getMessage().contains("'nope'"), listed.getMessage());
        assertThrows(UserException.class, () -> config("joins", "--scenarios=simple_inner_pk:-1"));
        assertThrows(UserException.class, () -> config("joins", "--join-forcing=sometimes"));
        assertThrows(UserException.class, () -> JoinsOptions.requireEnabled(config("joins")));
    }

    @Test
    void forcingForms() {
        assertNull(config("joins", "--scenarios=all").forcing());
        assertEquals("STRAIGHT_JOIN", config("joins", "--join-forcing=straight_join").forcing().name());
        assertEquals("HINT", config("joins", "--join_forcing=hint").forcing().name());
    }
}
