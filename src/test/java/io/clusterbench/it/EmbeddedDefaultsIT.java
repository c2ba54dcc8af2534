package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.clusterbench.result.Finding;
import io.clusterbench.result.FindingLevel;
import io.clusterbench.result.ResultJson;
import io.clusterbench.testing.Cli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * README's first run, on the embedded server the tool starts itself, passes the tool's own pre-flight checks: no
 * warning or error about the server's own settings (its performance_schema is on, which MariaDB leaves off, so the
 * explain block has its wait events and top statements). The same kind as {@code SandboxDefaultsIT}.
 */
class EmbeddedDefaultsIT {
    @TempDir
    Path tmp;

    @Test
    void theFirstRunOnTheEmbeddedServerHasNoPreflightWarningAboutItsOwnSettings() throws Exception {
        Path out = tmp.resolve("first");
        Cli.Result r = Cli.run("run", "oltp_read_write", "--time", "3", "--report-interval", "1", "--profile", "off",
                "--out", out.toString());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        List<String> findings = ResultJson.read(out.resolve("result.json")).preflight().stream()
                .filter(f -> f.level() != FindingLevel.INFO).map(Finding::toString).toList();
        assertEquals(List.of(), findings, "pre-flight warnings and errors about the embedded server's own settings:\n"
                + r.out());
        assertTrue(r.out().lines().noneMatch(l -> l.startsWith("WARNING ") || l.startsWith("ERROR ")), r.out());
        JsonNode w = ResultFiles.run(out).get("observerFacts").get("waitProfile").get("nodes").get(0);
        assertTrue(w.get("performanceSchema").get("enabled").asBoolean(), w.toString());
        assertTrue(w.get("statements").size() > 0, "the explain block has the top statements: " + w);
    }
}
