package io.clusterbench.result;

import io.clusterbench.testing.Cli;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The verdict rule reads the same in README, docs/sweeps.md and {@code compare --help}. */
class RuleTextTest {
    private static String flat(String s) {
        return s.replaceAll("\\s+", " ");
    }

    @Test
    void oneRuleTextEverywhere() throws Exception {
        String rule = flat(Verdict.RULE);
        assertTrue(flat(Files.readString(Path.of("README.md"))).contains(rule), "README.md");
        assertTrue(flat(Files.readString(Path.of("docs/sweeps.md"))).contains(rule), "docs/sweeps.md");
        assertTrue(flat(Cli.run("compare", "--help").out()).contains(rule), "compare --help");
    }
}
