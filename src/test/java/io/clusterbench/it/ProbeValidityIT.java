package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A setting of {@code probe anomalies} carries a validity verdict like a run (docs/metrics.md, "Validity"), on the
 * embedded test server: a setting bounded to fewer acknowledged operations than its "0 in N" needs is flagged
 * {@code too-few-samples} with the count its check holds; the host figures of the load are there (the server is on
 * this host); the verdict is printed with the setting, stored in anomalies.json and shown by {@code report}.
 */
class ProbeValidityIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void anAnomalySettingWithTooFewOperationsIsFlaggedPrintedStoredAndShown() throws Exception {
        Path out = tmp.resolve("anomalies");
        String[] args = Cli.args(TestServer.cliTarget(TestServer.freshDatabase("probe_validity")), "probe",
                "anomalies", "--isolation", "SER", "--sessions", "2", "--transactions", "30", "--time", "30", "--out", out.toString());
        Cli.Result r = Cli.run(args);
        assertEquals(0, r.exitCode(), r.out() + r.err());
        JsonNode setting = JSON.readTree(out.resolve("anomalies.json").toFile()).get("settings").get(0);
        JsonNode validity = setting.get("validity");
        assertNotNull(validity, setting.toString());
        JsonNode check = setting.get("checks").get(0);
        long ok = check.get("ok").asLong();
        assertTrue(ok <= 30 + check.get("finalReadNodes").size(), "30 operations and the final reads: " + check);
        JsonNode few = flag(validity, "too-few-samples");
        assertNotNull(few, validity.toString());
        assertEquals(ok, few.get("figures").get("operations").asLong(), "the evidence is the check's own count");
        JsonNode host = setting.get("host");
        assertTrue(host.get("hostCpuPercent").isNumber() && host.get("clientCpuPercentOfHost").isNumber(),
                host.toString());
        assertTrue(host.get("serverOnThisHost").asBoolean(), "the embedded server runs on this host: " + host);
        assertTrue(host.get("serverCpuPercent").isNumber(), host.toString());
        assertEquals(host.get("hostCpuPercent").asDouble(), validity.get("hostCpuPercent").asDouble(), 1e-9);
        assertEquals(host.get("hostCpuPercent").asDouble() >= 90, flag(validity, "host-cpu-saturated") != null,
                validity.toString());
        assertTrue(r.out().contains("  Validity: "), r.out());
        assertTrue(r.out().contains("too-few-samples: append: " + ok + " acknowledged operations"), r.out());
        assertTrue(r.out().matches("(?s).*\\n  Setting 1 flagged: [^\\n]*too-few-samples.*"), r.out());

        Cli.Result rep = Cli.run("report", out.toString());
        assertEquals(0, rep.exitCode(), rep.out() + rep.err());
        String page = Files.readString(out.resolve("report.html"));
        assertTrue(page.contains("<li>too-few-samples: append: " + ok + " acknowledged operations"), page);
    }

    private static JsonNode flag(JsonNode validity, String name) {
        for (JsonNode f : validity.get("flags")) {
            if (f.get("flag").asText().equals(name)) {
                return f;
            }
        }
        return null;
    }
}
