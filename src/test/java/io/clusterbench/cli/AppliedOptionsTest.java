package io.clusterbench.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Which typed workload options act on the chosen workload (issue 16: {@code oltp_point_select --point-selects 3}
 * and {@code oltp_read_write --scale 10} were ignored in silence). Parses only; runs nothing.
 */
class AppliedOptionsTest {
    private static List<String> notApplying(boolean eventOptions, String... args) {
        CliEnv env = new CliEnv(java.util.Map.of(), null, new java.io.PrintWriter(java.io.Writer.nullWriter()),
                new java.io.PrintWriter(java.io.Writer.nullWriter()), io.clusterbench.lifecycle.Lifecycle.detached(), List.of());
        RunCommand run = new RunCommand(env);
        CommandLine line = new CommandLine(run);
        WorkloadCommand.install(line, run);
        line.parseArgs(args);
        return AppliedOptions.notApplying(line.getCommandSpec(), List.of(args[0]), eventOptions);
    }

    @Test
    void statementCountsTheVariantNeverReadsAndOtherFamiliesOptionsDoNotApply() {
        assertEquals(List.of("--point-selects", "--scale"), notApplying(true, "oltp_point_select", "--tables=4",
                "--point-selects=3", "--scale=10", "--storage-engine=innodb", "--threads=2"));
        assertEquals(List.of("--index-updates"), notApplying(true, "oltp_read_only", "--point-selects=3",
                "--index-updates=2"));
        assertEquals(List.of(), notApplying(true, "oltp_read_write", "--point-selects=3", "--index-updates=2",
                "--skip-trx=on"));
    }

    @Test
    void sharedOptionsApplyToTheFamilyThatReadsThem() {
        assertEquals(List.of("--table-size"), notApplying(true, "tpcc", "--scale=1", "--tables=2",
                "--table-options=ROW_FORMAT=COMPACT", "--table-size=5"));
        assertEquals(List.of("--point-selects"), notApplying(true, "joins", "--tables=2", "--index-updates=1",
                "--point-selects=3"));
    }

    @Test
    void prepareJudgesOnlyTheFamily() {
        assertEquals(List.of("--scale"), notApplying(false, "oltp_point_select", "--point-selects=3", "--scale=10"));
    }

    @Test
    void noteNamesTheOptionsOnce() {
        assertNull(AppliedOptions.note(List.of(), List.of("oltp_point_select")));
        assertEquals("Note: --point-selects does not apply to oltp_point_select; ignored (its options: 'clusterbench "
                        + "run oltp_point_select --help').",
                AppliedOptions.note(List.of("--point-selects"), List.of("oltp_point_select")));
    }
}
