package io.clusterbench.sandbox;

import io.clusterbench.testing.Cli;
import io.clusterbench.testing.GaleraCluster;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Ctrl-C during {@code sandbox galera} (the real process): the deploy is owned by the command's lifecycle until its
 * cluster is up, so the nodes and the relay started so far are killed and the directory it made is removed; the
 * process ends with 130 within the bound.
 */
@Tag("galera")
class SandboxDeployInterruptIT {
    /** The lifecycle's 1 s, and 0.5 s of slack for a loaded 2-core CI machine (the JVM's own exit there). */
    private static final double EXIT_BOUND_SECONDS = 1.5;

    @Test
    void ctrlCDuringTheDeployKillsTheNodesStartedAndRemovesTheDirectory() throws Exception {
        GaleraCluster.assumeInstalled();
        Path dir = Files.createTempDirectory(Path.of("/tmp"), "clusterbench-it-deploy-");
        Files.delete(dir);
        Path log = Files.createTempFile("sandbox-deploy", ".log");
        List<String> cmd = new ArrayList<>(Cli.java());
        cmd.addAll(List.of("-jar", System.getProperty("clusterbench.jar", "target/clusterbench.jar"), "sandbox",
                "galera", "--nodes=2", "--dir=" + dir, "--base-port=" + GaleraCluster.freeBasePort()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (!Files.readString(log).contains("Starting n2") && p.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertTrue(p.isAlive(), Files.readString(log));
            long sent = System.nanoTime(); // n2 joining: its state transfer takes seconds
            new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "process ended");
            double took = (System.nanoTime() - sent) / 1e9;
            assertEquals(130, p.exitValue(), Files.readString(log));
            assertFalse(Files.readString(log).contains("sandbox ready"), "the Ctrl-C came during the deploy:\n"
                    + Files.readString(log));
            assertTrue(took < EXIT_BOUND_SECONDS, "ended " + took + " s after Ctrl-C:\n" + Files.readString(log));
            assertEquals(List.of(), left(dir), "no node or relay left running");
            assertFalse(Files.exists(dir), "the half-made sandbox is removed: " + dir);
        } finally {
            p.destroyForcibly();
            for (ProcessHandle h : ProcessHandle.allProcesses().toList()) {
                if (h.info().commandLine().orElse("").contains(dir.toString())) {
                    h.destroyForcibly();
                }
            }
            io.clusterbench.embedded.Trees.delete(dir);
            Files.deleteIfExists(log);
        }
    }

    /** @return command lines of processes naming {@code dir} still there 1 s after the call (a kill's teardown) */
    private static List<String> left(Path dir) throws InterruptedException {
        long deadline = System.nanoTime() + 1_000_000_000L;
        List<String> left;
        do {
            left = ProcessHandle.allProcesses().filter(ProcessHandle::isAlive)
                    .map(h -> h.info().commandLine().orElse("")).filter(c -> c.contains(dir.toString())).toList();
            if (!left.isEmpty()) {
                Thread.sleep(20);
            }
        } while (!left.isEmpty() && System.nanoTime() < deadline);
        return left;
    }
}
