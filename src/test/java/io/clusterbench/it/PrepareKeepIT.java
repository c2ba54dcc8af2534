package io.clusterbench.it;

import io.clusterbench.embedded.Trees;
import io.clusterbench.testing.Cli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code prepare --keep} on the embedded server says how to use the kept tables, and what it prints works: the server
 * command it gives starts on the data directory, and a run against it finds the prepared tables.
 */
class PrepareKeepIT {
    @TempDir
    Path tmp;

    @Test
    void theKeptDataDirectoryServesARunThroughThePrintedServerCommand() throws Exception {
        Cli.Result p = Cli.run("prepare", "oltp_point_select", "--table-size=100", "--keep");
        assertEquals(0, p.exitCode(), p.out() + p.err());
        String start = p.out().lines().filter(l -> l.contains("or start a server on it:")).findFirst()
                .orElseThrow(() -> new AssertionError("no server command:\n" + p.out()));
        String kept = p.out().lines().filter(l -> l.startsWith("Kept: ")).findFirst().orElseThrow();
        Path data = Path.of(kept.substring("Kept: ".length(), kept.indexOf(" holds")));
        Process server = null;
        try {
            assertTrue(Files.isDirectory(data.resolve("sbtest")), kept);
            int port = io.clusterbench.testing.Prometheus.freePort();
            List<String> cmd = new ArrayList<>(Arrays.asList(start.substring(start.indexOf(':') + 1).strip()
                    .replace(" &", "").replace("--port=3307", "--port=" + port).split(" ")));
            server = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(tmp.resolve("server.log").toFile())
                    .start();
            String runLine = p.out().lines().filter(l -> l.strip().startsWith("clusterbench run ")).findFirst()
                    .orElseThrow(() -> new AssertionError("no run command:\n" + p.out()));
            List<String> run = new ArrayList<>(Arrays.asList(runLine.strip().substring("clusterbench ".length())
                    .replace("--port 3307", "--port " + port).split(" ")));
            run.addAll(List.of("--time=1", "--out=" + tmp.resolve("run")));
            Cli.Result r = null;
            for (int i = 0; i < 60 && (r == null || r.exitCode() != 0); i++) {
                Thread.sleep(500);
                r = Cli.run(run.toArray(String[]::new));
            }
            assertEquals(0, r.exitCode(), r.out() + r.err() + Files.readString(tmp.resolve("server.log")));
            assertTrue(!r.out().contains("Creating table") && !r.out().contains("fewer than --table-size"),
                    "the kept tables were used as prepared:\n" + r.out());
            assertTrue(p.out().contains("rm -rf " + data.getParent()), p.out());
            assertTrue(start.contains("--bind-address=127.0.0.1"), "loopback only, as the embedded server: " + start);
        } finally {
            if (server != null) {
                server.destroy();
                server.waitFor(30, TimeUnit.SECONDS);
                server.destroyForcibly();
            }
            Trees.delete(data.getParent());
        }
    }
}
