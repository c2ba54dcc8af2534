package io.clusterbench.it;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Ctrl-C (SIGINT to the real process) while the embedded server is being installed and started: the process
 * ends with 130 and leaves no server process and no data directory behind.
 */
class EmbeddedStartInterruptIT {
    @TempDir
    Path tmp;

    @Test
    void ctrlCDuringStartLeavesNoOrphanServerOrDirectory() throws Exception {
        Path javaTmp = Files.createDirectories(tmp.resolve("javatmp"));
        Path stdout = tmp.resolve("stdout");
        List<String> cmd = io.clusterbench.testing.Cli.java();
        cmd.addAll(List.of("-Djava.io.tmpdir=" + javaTmp, "-jar",
                System.getProperty("clusterbench.jar", "target/clusterbench.jar"), "run", "oltp_point_select",
                "--time=5", "--out=" + tmp.resolve("out")));
        Process p = new ProcessBuilder(cmd)
                .redirectOutput(stdout.toFile()).redirectError(tmp.resolve("stderr").toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (System.nanoTime() < deadline && !serverFilesUnder(javaTmp)) {
                Thread.sleep(100);
            }
            assertTrue(serverFilesUnder(javaTmp), "the embedded server's directory appeared");
            Thread.sleep(1500); // inside mariadb-install-db or the server start
            assertTrue(p.isAlive() && !Files.readString(stdout).contains("is running on"),
                    "still starting when interrupted: " + Files.readString(stdout));
            new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the process ended after Ctrl-C");
        } finally {
            p.destroyForcibly();
        }
        assertEquals(130, p.exitValue(), Files.readString(tmp.resolve("stderr")));
        List<String> orphans = ProcessHandle.allProcesses()
                .map(h -> h.info().commandLine().orElse(""))
                .filter(c -> c.contains(javaTmp.toString())).toList();
        assertEquals(List.of(), orphans, "no process runs from the server's directory");
        assertTrue(!serverFilesUnder(javaTmp), "the server's directory is removed");
    }

    private static boolean serverFilesUnder(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.anyMatch(f -> f.getFileName().toString().startsWith("clusterbench-embedded-"));
        }
    }
}
