package io.clusterbench.explain;

import io.clusterbench.db.Endpoint;
import io.clusterbench.observe.HostObserver;
import io.clusterbench.testing.Perf;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * perf never outlives the command: a JVM that started the profiler and is then killed with SIGKILL (no shutdown
 * hook, no close) leaves no perf behind, because perf runs until its input pipe from the JVM closes.
 */
class PerfOrphanIT {
    /** The child JVM: starts the profiler of the given server process, then waits to be killed. */
    public static void main(String[] args) throws Exception {
        long pid = Long.parseLong(args[0]);
        CpuProfileObserver o = new CpuProfileObserver(List.of(new ExplainNode(0, new Endpoint("127.0.0.1", 1, null),
                pid)), 99, Path.of(args[1]), io.clusterbench.lifecycle.Lifecycle.detached(), null);
        o.startAndAwait(java.time.Duration.ofSeconds(5));
        Thread.sleep(600_000);
    }

    private static Optional<ProcessHandle> perfOf(Path dir) {
        String data = dir.resolve("perf.data").toString();
        return ProcessHandle.allProcesses().filter(p -> p.info().commandLine().orElse("").contains(data)).findFirst();
    }

    @Test
    void aKilledCommandLeavesNoPerfBehind(@TempDir Path dir) throws Exception {
        long server = HostObserver.findServerPid(TestServer.port());
        Perf.require(server);
        String java = ProcessHandle.current().info().command().orElse("java");
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                PerfOrphanIT.class.getName(), Long.toString(server), dir.toString())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        Optional<ProcessHandle> perf = Optional.empty();
        for (int i = 0; i < 200 && perf.isEmpty(); i++) {
            Thread.sleep(100);
            perf = perfOf(dir);
        }
        assertTrue(perf.isPresent(), "the child started perf");
        List<ProcessHandle> family = new ArrayList<>(List.of(perf.get()));
        perf.get().descendants().forEach(family::add); // cat
        child.destroyForcibly(); // SIGKILL: no hook, no close
        child.waitFor(10, TimeUnit.SECONDS);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (family.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertTrue(family.stream().noneMatch(ProcessHandle::isAlive), "perf (and its cat) ended with the JVM");
    }
}
