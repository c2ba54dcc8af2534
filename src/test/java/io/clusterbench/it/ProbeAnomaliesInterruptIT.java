package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clusterbench.anomaly.History;
import io.clusterbench.anomaly.HistoryFile;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Ctrl-C on the real process during a {@code probe anomalies} load (on the embedded test server: isolation anomalies
 * need no cluster): the probe ends within the lifecycle's bounds with exit 130, its anomalies.json says interrupted
 * and holds the interrupted setting, and the history file keeps every operation the setting's record counts.
 */
class ProbeAnomaliesInterruptIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    @TempDir
    Path tmp;

    @Test
    void ctrlCEndsTheProbeWithinASecondAndKeepsTheHistory() throws Exception {
        Path out = tmp.resolve("out");
        List<String> cmd = Cli.java();
        cmd.addAll(List.of("-jar", System.getProperty("clusterbench.jar", "target/clusterbench.jar"), "probe",
                "anomalies", "--time", "120", "--sessions", "4", "--out", out.toString()));
        cmd.addAll(TestServer.cliTarget(TestServer.freshDatabase("anomaly_intr")));
        Process p = new ProcessBuilder(cmd).redirectOutput(tmp.resolve("stdout").toFile())
                .redirectError(tmp.resolve("stderr").toFile()).start();
        double seconds;
        try {
            Path history = out.resolve("01-default-RR-all-writers").resolve(HistoryFile.FILE_NAME);
            waitForLines(history, 200);
            long sent = System.nanoTime();
            new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "process ended");
            seconds = (System.nanoTime() - sent) / 1e9;
        } finally {
            p.destroyForcibly();
        }
        String stdout = Files.readString(tmp.resolve("stdout"));
        System.out.printf("probe anomalies ended %.2f s after Ctrl-C%n", seconds);
        assertEquals(130, p.exitValue(), stdout + Files.readString(tmp.resolve("stderr")));
        assertTrue(seconds < io.clusterbench.testing.ExitBound.SECONDS, "ended " + seconds + " s after Ctrl-C");
        JsonNode doc = JSON.readTree(out.resolve("anomalies.json").toFile());
        assertEquals("interrupted", doc.get("status").asText());
        assertEquals(1, doc.get("settings").size(), "the interrupted setting is kept: " + doc);
        JsonNode setting = doc.get("settings").get(0);
        assertEquals("interrupted", setting.get("status").asText());
        JsonNode append = setting.get("checks").get(0);
        History h = HistoryFile.read(out.resolve(setting.get("directory").asText()).resolve(HistoryFile.FILE_NAME));
        assertEquals(h.txns().size(), append.get("operations").asLong(), "the file holds what the record counts");
        assertTrue(append.get("operations").asLong() >= 199, append.toString());
        assertTrue(stdout.contains("interrupted: the load was cut short"), stdout);
        assertTrue(stdout.contains("Anomalies per setting (interrupted"), stdout);
    }

    private static void waitForLines(Path file, int lines) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (System.nanoTime() < deadline) {
            if (Files.exists(file) && Files.readAllLines(file).size() > lines) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no history in " + file);
    }
}
