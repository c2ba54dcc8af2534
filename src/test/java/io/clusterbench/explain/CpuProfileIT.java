package io.clusterbench.explain;

import io.clusterbench.db.Endpoint;
import io.clusterbench.observe.HostObserver;
import io.clusterbench.lifecycle.Lifecycle;
import io.clusterbench.result.CpuProfile;
import io.clusterbench.result.FactKeys;
import io.clusterbench.result.Facts;
import io.clusterbench.result.HardwareCounters;
import io.clusterbench.testing.Perf;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The on-CPU profile and the hardware counters of the real embedded server, with a known hot spot: a statement that
 * spends its time in SHA-256 ({@code SELECT BENCHMARK(N, SHA2(...))}, looped by a small workload of its own). Skips
 * with the reason where perf cannot sample the server, unless {@code CLUSTERBENCH_REQUIRE_PERF=1}.
 */
class CpuProfileIT {
    private static long pid;
    private static List<ExplainNode> nodes;

    @BeforeAll
    static void server() {
        pid = HostObserver.findServerPid(TestServer.port());
        assertTrue(pid > 0, "the embedded server is a process of this host");
        Perf.require(pid);
        nodes = ExplainNode.of(List.of(new Endpoint("127.0.0.1", TestServer.port(), null)), 0);
    }

    /** Runs the hot statement on one connection until {@code stop}. */
    private static Thread hashing(AtomicBoolean stop) {
        Thread t = new Thread(() -> {
            try (Connection c = TestServer.connect(""); Statement s = c.createStatement()) {
                while (!stop.get()) {
                    s.execute("SELECT BENCHMARK(20000, SHA2(REPEAT('x', 64), 256))");
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, "sha2-load");
        t.start();
        return t;
    }

    /**
     * Before the load (perf attaches), connect, load, the measured phase, its end, close and finish: as a step drives
     * them; {@code stopped} makes a Ctrl-C come just after the measured end.
     *
     * @return how long closing and finishing took, s
     */
    private static double step(Finishing o, Lifecycle life, double seconds, boolean stopped) throws Exception {
        return step(o, life, seconds, stopped, () -> { });
    }

    /** As above, running {@code atMeasuredEnd} just after the measured end (a checkpoint's record being built). */
    private static double step(Finishing o, Lifecycle life, double seconds, boolean stopped, Runnable atMeasuredEnd)
            throws Exception {
        if (o instanceof CpuProfileObserver p) {
            p.startAndAwait(ExplainStep.PROFILER_READY_DEADLINE);
        }
        o.connect();
        AtomicBoolean stop = new AtomicBoolean();
        Thread load = hashing(stop);
        Thread.sleep(300); // the connection ramp
        life.enter(Lifecycle.Phase.MEASURED);
        o.start();
        Thread.sleep((long) (seconds * 1000));
        o.measuringEnded();
        atMeasuredEnd.run();
        if (stopped) {
            life.stop(Lifecycle.StopCause.INTERRUPT);
        }
        stop.set(true);
        load.join();
        long t0 = System.nanoTime();
        o.close();
        o.finish();
        return (System.nanoTime() - t0) / 1e9;
    }

    @Test
    void theHashFunctionIsAtTheTopOfTheProfile(@TempDir Path dir) throws Exception {
        Lifecycle life = Lifecycle.detached();
        CpuProfileObserver o = new CpuProfileObserver(nodes, 999, dir, life, null);
        step(o, life, 3, false);
        CpuProfile.Node n = o.facts().get(FactKeys.CPU_PROFILE).nodes().get(0);
        assertNull(n.absentReason(), n.absentReason());
        CpuProfile.Share top = n.topSelf().get(0);
        assertTrue(top.name().toLowerCase(java.util.Locale.ROOT).contains("sha") && top.sharePercent() > 30,
                "top function: " + n.topSelf());
        assertEquals(FrameCategories.EXECUTE, n.categories().get(0).name(), n.categories().toString());
        assertTrue(n.coveredSeconds() > 2.0 && n.coveredSeconds() <= n.windowSeconds(), "perf sampled before the "
                + "measured phase began: " + n);
        // perf's own cost: measured (not rounded to a 10 ms tick), and a plausible share of the server's CPU
        assertTrue(n.perfCpuSeconds() > 0, "perf's own CPU in the window: " + n.perfCpuSeconds() + " s");
        assertTrue(n.perfCpuPercentOfServer() != null && n.perfCpuPercentOfServer() > 0
                && n.perfCpuPercentOfServer() < 100, "perf's share of the server's CPU: " + n.perfCpuPercentOfServer());
        // every sample the server's CPU time makes is there: about CPU seconds x Hz, none lost on an idle machine
        assertNotNull(n.expectedSamples(), n.toString());
        assertTrue(n.samplesPercentOfExpected() > CpuProfile.MIN_SAMPLES_PERCENT_OF_EXPECTED
                && n.samplesPercentOfExpected() < 120, n.samples() + " samples of " + n.expectedSamples() + " expected");
        Map<String, Long> folded = ProfileAnalysis.readFolded(dir.resolve("profile.folded"));
        assertEquals(n.samples(), folded.values().stream().mapToLong(Long::longValue).sum(),
                "the folded stacks hold exactly the samples analysed");
        assertTrue(folded.keySet().stream().anyMatch(s -> s.contains("Item_func_sha2::val_str_ascii")));
        assertTrue(n.topUserSelf().stream().limit(3).anyMatch(f -> f.name().toLowerCase(java.util.Locale.ROOT)
                .contains("sha")), "the user-space view leads with the hash too: " + n.topUserSelf());
        assertFalse(Files.exists(dir.resolve("perf.data")), "perf.data is removed once folded");
        // a server busy for 3 s on one connection: up to one CPU-second (less on a loaded machine), 999 samples each
        assertTrue(n.samples() > 200 && n.samples() < 999 * 3 * 1.2, n.samples() + " samples");
    }

    @Test
    void aRecordWrittenWhileTheSamplesAreAnalysedLeavesTheProfileToTheAnalysis(@TempDir Path dir) throws Exception {
        Lifecycle life = Lifecycle.detached();
        CpuProfileObserver o = new CpuProfileObserver(nodes, 999, dir, life, null);
        AtomicReference<Facts> checkpoint = new AtomicReference<>();
        step(o, life, 2, false, () -> checkpoint.set(o.facts()));
        assertFalse(checkpoint.get().has(FactKeys.CPU_PROFILE) && checkpoint.get().get(FactKeys.CPU_PROFILE)
                .nodes().get(0).absentReason() != null, "the checkpoint settled the profile: " + checkpoint.get());
        CpuProfile.Node n = o.facts().get(FactKeys.CPU_PROFILE).nodes().get(0);
        assertNull(n.absentReason(), n.absentReason());
        assertTrue(n.samples() > 0, n.toString());
    }

    @Test
    void aStoppedStepKillsPerfAtOnceAndKeepsItsSamplesUnanalysed(@TempDir Path dir) throws Exception {
        Lifecycle life = Lifecycle.detached();
        CpuProfileObserver o = new CpuProfileObserver(nodes, 499, dir, life, null);
        double closing = step(o, life, 1, true);
        CpuProfile.Node n = o.facts().get(FactKeys.CPU_PROFILE).nodes().get(0);
        assertTrue(n.absentReason().startsWith("not analysed: the step was stopped"), n.absentReason());
        assertTrue(Files.exists(dir.resolve("perf.data")));
        assertTrue(ProcessHandle.allProcesses().noneMatch(p -> p.info().commandLine().orElse("")
                .contains(dir.resolve("perf.data").toString())), "no perf left");
        assertTrue(closing < 1, "closing took " + closing + " s: it waited for perf or an analysis");
    }

    @Test
    void hardwareCountersAreCountedOrSaidToBeUnsupportedNeverZero(@TempDir Path dir) throws Exception {
        Lifecycle life = Lifecycle.detached();
        HardwareCounterObserver o = new HardwareCounterObserver(nodes, dir, life);
        step(o, life, 1, false);
        HardwareCounters.Node n = o.facts().get(FactKeys.HARDWARE_COUNTERS).perEvent(1000).nodes().get(0);
        if (n.supported()) { // real hardware
            assertTrue(n.counts().cycles() > 0 && n.counts().instructions() > 0, n.toString());
            assertTrue(n.derived().ipc() > 0, n.toString());
        } else { // a virtual machine, as this one
            assertEquals(HardwareCounters.NOT_SUPPORTED, n.absentReason());
            assertNull(n.counts());
            assertNull(n.derived());
        }
        try (var files = Files.list(dir)) {
            assertEquals(List.of(), files.toList(), "perf stat's files are removed");
        }
    }

    @Test
    void theStepWaitsForPerfEvenWhenTheObserversThreadStartedIt(@TempDir Path dir) throws Exception {
        Lifecycle life = Lifecycle.detached();
        CpuProfileObserver o = new CpuProfileObserver(nodes, 499, dir, life, null);
        Thread observer = new Thread(o::connect, "observer"); // starts perf, does not wait
        observer.start();
        observer.join();
        long t0 = System.nanoTime();
        o.startAndAwait(ExplainStep.PROFILER_READY_DEADLINE); // the step: waits until perf samples
        assertTrue(ProcessHandle.allProcesses().anyMatch(p -> p.info().command().orElse("").endsWith("/cat")
                && p.parent().flatMap(q -> q.info().commandLine()).orElse("").contains(dir.toString())),
                "perf samples (runs its cat) when the step goes on, after " + (System.nanoTime() - t0) / 1e6 + " ms");
        AtomicBoolean stop = new AtomicBoolean();
        Thread load = hashing(stop); // a connection opened now: its server thread must be sampled
        life.enter(Lifecycle.Phase.MEASURED);
        o.start();
        Thread.sleep(2000);
        o.measuringEnded();
        stop.set(true);
        load.join();
        o.close();
        o.finish();
        CpuProfile.Node n = o.facts().get(FactKeys.CPU_PROFILE).nodes().get(0);
        assertNull(n.warning(), n.toString());
    }
}
