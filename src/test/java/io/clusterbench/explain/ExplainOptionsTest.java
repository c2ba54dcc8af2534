package io.clusterbench.explain;

import io.clusterbench.UserException;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The explain options: defaults, every problem at once, off turning the perf collectors off. */
class ExplainOptionsTest {
    @CommandLine.Command(name = "t")
    static final class Cmd {
        @CommandLine.Mixin
        ExplainOptions explain = new ExplainOptions();
    }

    private static ExplainOptions parse(String... args) {
        Cmd c = new Cmd();
        new CommandLine(c).parseArgs(args);
        return c.explain;
    }

    @Test
    void defaultsExplainAndCountWithoutTheProfile() {
        assertEquals(ExplainSpec.DEFAULT, parse().spec());
        assertTrue(ExplainSpec.DEFAULT.enabled() && !ExplainSpec.DEFAULT.profiling() && ExplainSpec.DEFAULT.counting());
        assertTrue(parse("--profile", "on").spec().profiling() && parse("--profile", "auto").spec().profiling());
    }

    @Test
    void offTurnsEveryCollectorOff() {
        ExplainSpec s = parse("--explain", "off").spec();
        assertTrue(!s.enabled() && !s.profiling() && !s.counting());
    }

    @Test
    void everyProblemIsNamedAtOnce() {
        List<String> problems = new ArrayList<>();
        parse("--explain", "maybe", "--profile", "always", "--hw-counters", "x", "--profile-frequency", "0",
                "--server-proc-cmd", " ").problems(problems);
        assertEquals(5, problems.size(), problems.toString());
        UserException e = assertThrows(UserException.class, () -> parse("--explain", "off", "--profile", "on").spec());
        assertTrue(e.getMessage().contains("--explain off turns off --profile"), e.getMessage());
    }
}
