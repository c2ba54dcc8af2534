package io.clusterbench.workload.joins;

import io.clusterbench.UserException;
import io.clusterbench.workload.Distribution;
import io.clusterbench.workload.oltp.OltpOptions;
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

    /** A command holding the two mixins the joins family reads, as {@code run joins} does. */
    @CommandLine.Command(name = "run")
    static final class Command {
        @CommandLine.Parameters(index = "0")
        String workload;
        @CommandLine.Mixin
        OltpOptions oltp = new OltpOptions();
        @CommandLine.Mixin
        JoinsOptions joins = new JoinsOptions();
    }

    /** @return the arguments with sysbench's {@code _} in option names turned into {@code -}, as the CLI does */
    private static String[] dashes(String... args) {
        String[] out = new String[args.length];
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            int eq = a.indexOf('=');
            out[i] = a.startsWith("--") ? (eq < 0 ? a.replace('_', '-') : a.substring(0, eq).replace('_', '-')
                    + a.substring(eq)) : a;
        }
        return out;
    }

    private static JoinsConfig config(String... args) {
        Command cmd = new Command();
        new CommandLine(cmd).parseArgs(dashes(args));
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
