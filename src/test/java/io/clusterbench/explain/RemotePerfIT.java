package io.clusterbench.explain;

import io.clusterbench.db.Endpoint;
import io.clusterbench.lifecycle.Lifecycle;
import io.clusterbench.observe.HostObserver;
import io.clusterbench.result.CpuProfile;
import io.clusterbench.result.FactKeys;
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
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --server-perf-cmd}: a server taken for one on another host is profiled through the command template. The
 * command here runs perf on this host against the embedded server (as ssh would run it there), with the hot spot of
 * CpuProfileIT: the hash function leads the profile. Skips where perf cannot sample the server, unless
 * {@code CLUSTERBENCH_REQUIRE_PERF=1}.
 */
class RemotePerfIT {
    private static long pid;
    /** The embedded server as a node elsewhere: no pid here, so only the command can profile it. */
    private static List<ExplainNode> remote;

    @BeforeAll
    static void server() {
        pid = HostObserver.findServerPid(TestServer.port());
        Perf.require(pid);
        remote = List.of(new ExplainNode(0, new Endpoint("127.0.0.1", TestServer.port(), null), -1));
    }

    private static CpuProfile.Node profile(String template, Path dir) throws Exception {
        Lifecycle life = Lifecycle.detached();
        CpuProfileObserver o = new CpuProfileObserver(remote, 499, dir, life, null, template);
        o.startAndAwait(ExplainStep.PROFILER_READY_DEADLINE); // nothing local: no wait
        o.connect();
        AtomicBoolean stop = new AtomicBoolean();
        Thread load = new Thread(() -> {
            try (Connection c = TestServer.connect(""); Statement s = c.createStatement()) {
                while (!stop.get()) {
                    s.execute("SELECT BENCHMARK(20000, SHA2(REPEAT('x', 64), 256))");
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, "sha2-load");
        load.start();
        Thread.sleep(300);
        life.enter(Lifecycle.Phase.MEASURED);
        o.start();
        Thread.sleep(3000);
        o.measuringEnded();
        stop.set(true);
        load.join();
        o.close();
        o.finish();
        return o.facts().get(FactKeys.CPU_PROFILE).nodes().get(0);
    }

    @Test
    void aServerElsewhereIsProfiledThroughTheCommand(@TempDir Path dir) throws Exception {
        String template = "perf record -e cpu-clock -F {hz} -g -p " + pid + " -o - -- dd of=/dev/null status=none "
                + "2>/dev/null | perf script -i - -F comm,pid,tid,time,ip,sym,dso --show-lost-events";
        CpuProfile.Node n = profile(template, dir);
        assertNull(n.absentReason(), n.absentReason());
        assertNull(n.pid(), "the server is elsewhere: no pid of this host");
        assertTrue(n.samples() > 100, n.toString());
        assertTrue(n.topUserSelf().stream().limit(3).anyMatch(f -> f.name().toLowerCase(java.util.Locale.ROOT)
                .contains("sha")), "the hash function leads: " + n.topUserSelf());
        assertTrue(n.coveredSeconds() > 1.5 && n.coveredSeconds() <= n.windowSeconds(), n.toString());
        assertEquals("profile.folded", n.foldedFile());
        assertTrue(Files.isRegularFile(dir.resolve("profile.folded")));
        try (var files = Files.list(dir)) {
            assertEquals(List.of("profile.folded"), files.map(p -> p.getFileName().toString()).sorted().toList(),
                    "the command's output and log are removed once folded");
        }
    }

    @Test
    void aFailingCommandIsTheProfilesReasonNotZeros(@TempDir Path dir) throws Exception {
        CpuProfile.Node n = profile("cat >/dev/null; echo 'ssh: connect to host db7: Connection refused' >&2; exit 255",
                dir);
        assertEquals("--server-perf-cmd exited 255 without a sample (ssh: connect to host db7: Connection refused) "
                + "(its output and log are in the step's folder)", n.absentReason());
        assertEquals(0, n.samples());
    }
}
