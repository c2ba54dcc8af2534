package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clusterbench.sandbox.GaleraInstall;
import io.clusterbench.testing.Cli;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real 3-node sandbox behind the relay (docs/relay.md), deployed as a user would: {@code sandbox galera --link
 * n3=20ms}. A far n3 adds at least one round trip (40 ms) to the commit p50 of single-row writes on n1 and nothing
 * to reads on n1; {@code partition n3} in a fault schedule makes n3 refuse (non-Primary) while the run on all three
 * nodes reroutes and ends on time, and {@code heal} brings it back Synced; {@code slow n3 30%} makes n3 the node
 * that sends flow control; {@code probe anomalies} through a partition loses nothing, and with n3 at 25 ms its reads
 * on the other nodes are stale at wsrep_sync_wait=0 and never at 7. Short runs: the machine is shared. Skips without
 * the Galera packages (fails in CI).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RelayIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static Path dir;
    private static int base;

    @BeforeAll
    static void deploy() throws IOException {
        List<String> missing = GaleraInstall.missingPackages();
        if (!missing.isEmpty() && !"1".equals(System.getenv("CLUSTERBENCH_REQUIRE_GALERA"))) {
            Assumptions.assumeTrue(false, "relay tests need " + String.join(", ", missing));
        }
        // not a direct child of /tmp: the run finds it by its ports in the sandbox registry, wherever it lives
        Path parent = Files.createTempDirectory(Path.of("/tmp"), "clusterbench-it-relay-");
        Files.setPosixFilePermissions(parent, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        dir = parent.resolve("nested").resolve("far");
        Files.createDirectories(dir.getParent());
        Files.setPosixFilePermissions(dir.getParent(),
                java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        base = freeBase();
        Cli.Result r = Cli.run("sandbox", "galera", "--dir", dir.toString(), "--base-port", Integer.toString(base),
                "--link", "n3=20ms");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("Relay: n1 off, n2 off, n3 20ms"), r.out());
        Cli.Result p = Cli.run(target(1, "prepare", "oltp_update_non_index", "--tables", "1", "--table-size", "1000"));
        assertEquals(0, p.exitCode(), p.out() + p.err());
    }

    @AfterAll
    static void destroy() {
        if (dir != null) {
            Cli.run("sandbox", "destroy", "--dir", dir.toString());
            try {
                Files.deleteIfExists(dir.getParent()); // the empty parents of the nested sandbox
                Files.deleteIfExists(dir.getParent().getParent());
            } catch (IOException ignored) {
                // not empty: leave it
            }
        }
    }

    private static String[] target(int nodes, String... args) {
        List<String> ports = new ArrayList<>();
        for (int i = 0; i < nodes; i++) {
            ports.add(Integer.toString(base + 10 * i));
        }
        return Cli.args(List.of("--host=127.0.0.1", "--port=" + String.join(",", ports), "--user=sbtest", "--db=sbtest"),
                args);
    }

    private static JsonNode run(int nodes, Path out, String workload, String... extra) throws IOException {
        List<String> args = new ArrayList<>(List.of("run", workload, "--tables", "1", "--table-size", "1000",
                "--report-interval", "1", "--out", out.toString()));
        args.addAll(List.of(extra));
        Cli.Result r = Cli.run(target(nodes, args.toArray(new String[0])));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        lastOut = r.out();
        return JSON.readTree(out.resolve("result.json").toFile()).get("runs").get(0);
    }

    /** The console of the last {@link #run}. */
    private static String lastOut;

    private static long p50Micros(JsonNode run) {
        return run.get("summary").get("latency").get("p50Micros").asLong();
    }

    private static Cli.Result sandbox(String... args) {
        List<String> a = new ArrayList<>(List.of("sandbox"));
        a.addAll(List.of(args));
        a.addAll(List.of("--dir", dir.toString()));
        Cli.Result r = Cli.run(a.toArray(new String[0]));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        return r;
    }

    @Test
    @Order(1)
    void aFarNodeAddsOneRoundTripToCommitsAndNothingToLocalReads(@TempDir Path out) throws IOException {
        JsonNode far = run(1, out.resolve("far"), "oltp_update_non_index", "--threads", "1", "--time", "4");
        assertTrue(lastOut.contains("Links (sandbox relay " + dir.toAbsolutePath().normalize() + "): n1 off, n2 off, "
                + "n3 20ms"), "the console prints the links under the topology: " + lastOut);
        JsonNode farReads = run(1, out.resolve("far-reads"), "oltp_point_select", "--threads", "1", "--time", "3");
        assertTrue(far.get("observerFacts").get("relay").get("nodes").get("n3").get("delayMicros").asLong() == 20_000,
                "the result records the link: " + far.get("observerFacts"));
        sandbox("link", "n3", "off");
        JsonNode near = run(1, out.resolve("near"), "oltp_update_non_index", "--threads", "1", "--time", "4");
        JsonNode nearReads = run(1, out.resolve("near-reads"), "oltp_point_select", "--threads", "1", "--time", "3");
        sandbox("link", "n3", "20ms");
        Cli.Result compare = Cli.run("compare", out.resolve("near").toString(), out.resolve("far").toString());
        assertEquals(0, compare.exitCode(), compare.out() + compare.err());
        assertTrue(compare.out().contains("link n3") && compare.out().contains("20ms"),
                "compare names the far node like any other setup difference: " + compare.out());
        // every commit waits for its write set's delivery through n3, one round trip (40 ms), and the near run's
        // own commit time (2 ms) partly overlaps that wait, so the bound is on the far commit itself: measuring the
        // difference against 40 ms failed at 41.3 - 2.0 = 39.3 ms (a helper's run)
        assertTrue(p50Micros(far) >= 40_000 && p50Micros(far) > p50Micros(near) + 20_000, "commit p50 "
                + p50Micros(far) + " µs at 20 ms vs " + p50Micros(near)
                + " µs at 0 ms: the far node must add a round trip (40 ms) to every commit");
        // reads on n1 never wait for n3: they must not rise by a round trip (half of one is the bound; a loaded
        // machine moved a 1-thread point-select p50 from 0.08 to 13.8 ms between two runs with no link involved)
        assertTrue(p50Micros(farReads) - p50Micros(nearReads) < 20_000, "point select p50 " + p50Micros(farReads)
                + " µs at 20 ms vs " + p50Micros(nearReads) + " µs at 0 ms");
        JsonNode n3 = far.get("intervals").get(1).get("observed").get("relay").get("nodes").get("n3");
        assertTrue(n3.get("relayInBytesPerSecond").asLong() > 0, "write sets reach n3 through the relay: " + n3);
        assertTrue(n3.get("relayAddedDelayMicrosMean").asLong() >= 20_000, n3.toString());
    }

    @Test
    @Order(2)
    void aPartitionedNodeRefusesTheMajorityGoesOnAndHealBringsItBack(@TempDir Path out) throws IOException {
        JsonNode run = run(3, out, "oltp_update_non_index", "--threads", "3", "--time", "22",
                "--fault", "2s partition n3; 11s heal n3; 13s heal n1; 14s slow n2 0%", "--sandbox", dir.toString());
        JsonNode iv = run.get("intervals");
        assertEquals(22, iv.get(iv.size() - 1).get("endSeconds").asDouble(), 1.0, "the run ends on time");
        String codes = run.get("summary").get("errorsByCode").toString();
        assertTrue(codes.contains("1047") || codes.contains("1180"), "n3 refuses as non-Primary: " + codes);
        assertTrue(run.get("summary").get("reroutes").asLong() > 0, run.get("summary").toString());
        JsonNode events = run.get("observerFacts").get("faults").get("events");
        assertEquals("partition n3", events.get(0).get("step").asText());
        JsonNode heal = events.get(1);
        assertTrue(heal.get("ok").asBoolean(), "n3 Synced again after heal: " + heal);
        assertEquals("n1 was not cut off: nothing to heal", events.get(2).get("detail").asText(), events.toString());
        assertTrue(events.get(2).path("transfer").isMissingNode() || events.get(2).get("transfer").isNull(),
                "a heal that did nothing reports no state transfer: " + events.get(2));
        JsonNode recovery = run.get("observerFacts").get("faults").get("recovery");
        assertEquals(1, recovery.size(), "a heal and the end of a slowdown are no recovery rows: " + recovery);
        assertEquals("partition n3", recovery.get(0).get("step").asText());
        double lateTps = iv.get(8).get("tps").asDouble();
        assertTrue(lateTps > 0, "the majority goes on while n3 is cut off: " + iv.get(8));
        Cli.Result status = sandbox("status");
        assertTrue(status.out().contains("Relay: n1 off, n2 off, n3 20ms\n") || status.out().contains("n3 20ms"),
                status.out());
    }

    /**
     * Measured after a warm-up: the first seconds of load after the previous test's heal are not the slow node's doing.
     * n3's appliers stand still 80% of the time, so n3 is the slowest applier even on a machine whose two CPUs the
     * three nodes, the relay and the client share (at 50% a loaded run once saw n1 and n2 send more).
     */
    @Test
    @Order(3)
    void aSlowNodeIsTheOneSendingFlowControl(@TempDir Path out) throws IOException {
        sandbox("link", "n3", "off");
        sandbox("slow", "n3", "80%");
        JsonNode run;
        try {
            run = run(2, out, "oltp_update_non_index", "--threads", "4", "--time", "6", "--warmup-time", "2");
        } finally {
            sandbox("slow", "n3", "0%");
            sandbox("link", "n3", "20ms");
        }
        long n3 = 0;
        long others = 0;
        StringBuilder perInterval = new StringBuilder();
        for (JsonNode iv : run.get("intervals")) {
            JsonNode nodes = iv.path("observed").path("galera").path("nodes");
            perInterval.append(" [n1 ").append(nodes.path("n1").path("flowControlSentMessages").asLong())
                    .append(" n2 ").append(nodes.path("n2").path("flowControlSentMessages").asLong())
                    .append(" n3 ").append(nodes.path("n3").path("flowControlSentMessages").asLong()).append(']');
            n3 += nodes.path("n3").path("flowControlSentMessages").asLong();
            others += nodes.path("n1").path("flowControlSentMessages").asLong()
                    + nodes.path("n2").path("flowControlSentMessages").asLong();
        }
        System.out.println("RelayIT slow n3: flow control messages sent per interval:" + perInterval);
        assertTrue(n3 > 0 && n3 > others, "flow control sent by n3 " + n3 + ", by n1+n2 " + others
                + "; per interval:" + perInterval);
        assertEquals(80, run.get("observerFacts").get("relay").get("nodes").get("n3").get("slowPercent").asInt());
    }

    private static int freeBase() {
        for (int b = 26_000 + (int) (ProcessHandle.current().pid() % 40) * 100; b < 60_000; b += 100) {
            boolean free = true;
            for (int i = 0; i < 30 && free; i++) {
                try (ServerSocket s = new ServerSocket(b + i, 1, InetAddress.getLoopbackAddress())) {
                    s.setReuseAddress(true);
                } catch (IOException e) {
                    free = false;
                }
            }
            if (free) {
                return b;
            }
        }
        throw new IllegalStateException("no free port range");
    }

    /**
     * {@code probe anomalies} with a partition beside its load: partition and heal both act, no read is stale at
     * wsrep_sync_wait=7, no acknowledged append or increment is missing after the heal, and the exit status follows
     * the findings.
     */
    @Test
    @Order(4)
    void anomalyProbeThroughAPartitionFindsNoStaleReadAtSevenAndNoLostAppend(@TempDir Path out) throws IOException {
        Cli.Result r = Cli.run(target(3, "probe", "anomalies", "--consistency", "7", "--isolation", "SER",
                "--routing", "single-writer", "--reads-on", "other", "--anomaly-workload", "append,counter",
                "--time", "10", "--fault", "2s partition n3; 6s heal n3", "--sandbox", dir.toString(),
                "--out", out.toString()));
        JsonNode setting = JSON.readTree(out.resolve("anomalies.json").toFile()).get("settings").get(0);
        List<String> faults = new ArrayList<>();
        setting.get("faults").get("events").forEach(e -> faults.add(e.get("step").asText() + " "
                + e.get("ok").asBoolean()));
        assertEquals(List.of("partition n3 true", "heal n3 true"), faults, r.out());
        List<String> forbidden = new ArrayList<>();
        String codes = "";
        for (JsonNode check : setting.get("checks")) {
            codes += check.get("load").get("errorsByCode").toString();
            for (JsonNode n : check.get("counts")) {
                String a = n.get("anomaly").asText();
                if (a.equals("stale-read") || a.equals("lost-append") || a.equals("lost-increment")) {
                    assertEquals(0, n.get("count").asLong(), check.get("workload").asText() + " " + n);
                    assertTrue(n.get("checked").asLong() > 0, "checked: " + n);
                }
                if (n.get("forbidden").asBoolean() && n.get("count").asLong() > 0) {
                    forbidden.add(check.get("workload").asText() + " " + a);
                }
            }
        }
        System.out.println("RelayIT probe anomalies through a partition of n3: errors " + codes);
        assertEquals(forbidden.isEmpty() ? 0 : 3, r.exitCode(), forbidden + "\n" + r.out() + r.err());
    }

    /**
     * {@code probe anomalies} with a far n3 ({@code sandbox link n3 25ms}) and read-only transactions on the other
     * nodes: reads are stale at wsrep_sync_wait=0 and never at 7, where each waits for its node to apply what was
     * acknowledged; the setting records the link; the exit status follows the findings.
     */
    @Test
    @Order(5)
    void anomalyProbeWithAFarNodeIsStaleAtZeroAndNeverAtSeven(@TempDir Path out) throws IOException {
        sandbox("link", "n3", "25ms");
        try {
            Cli.Result r = Cli.run(target(3, "probe", "anomalies", "--consistency", "0,7", "--isolation", "SER",
                    "--routing", "single-writer", "--reads-on", "other", "--keys", "3", "--time", "8",
                    "--out", out.toString()));
            System.out.println(r.out());
            JsonNode settings = JSON.readTree(out.resolve("anomalies.json").toFile()).get("settings");
            assertEquals(2, settings.size(), r.out() + r.err());
            List<String> forbidden = new ArrayList<>();
            long[] stale = new long[2];
            long[] checked = new long[2];
            for (int i = 0; i < 2; i++) {
                JsonNode s = settings.get(i);
                assertEquals(25_000, s.get("relay").get("nodes").get("n3").get("delayMicros").asLong(),
                        "the setting records the far link: " + s.get("relay"));
                for (JsonNode n : s.get("checks").get(0).get("counts")) {
                    if (n.get("anomaly").asText().equals("stale-read")) {
                        stale[i] = n.get("count").asLong();
                        checked[i] = n.get("checked").asLong();
                    }
                    if (n.get("forbidden").asBoolean() && n.get("count").asLong() > 0) {
                        forbidden.add(s.get("name").asText() + " " + n.get("anomaly").asText());
                    }
                }
            }
            System.out.println("RelayIT probe anomalies with n3 at 25ms: stale reads " + stale[0] + " of " + checked[0]
                    + " at 0, " + stale[1] + " of " + checked[1] + " at 7");
            assertTrue(stale[0] > 0, "stale reads at wsrep_sync_wait=0 with a far n3: " + r.out());
            assertEquals(0, stale[1], "none at 7: " + r.out());
            assertTrue(checked[1] > 100, "enough reads at 7 to mean something: " + checked[1]);
            assertEquals(forbidden.isEmpty() ? 0 : 3, r.exitCode(), forbidden + "\n" + r.err());
        } finally {
            sandbox("link", "n3", "20ms");
        }
    }

    /**
     * {@code probe anomalies} with n3 cut off for good from 1 s: at the final reads n1 and n2 are read in the primary
     * component and n3, still outside it, is not read (its stale data would be judged as lost appends and increments
     * the cluster still holds); a note says so, and no acknowledged write is missing.
     */
    @Test
    @Order(6)
    void aNodeStillOutsideThePrimaryComponentAtTheFinalReadsIsNotJudged(@TempDir Path out) throws IOException {
        Cli.Result r;
        try {
            r = Cli.run(target(3, "probe", "anomalies", "--consistency", "7", "--isolation", "SER",
                    "--routing", "single-writer", "--reads-on", "other", "--anomaly-workload", "append,counter",
                    "--time", "10", "--final-read-timeout", "2", "--fault", "1s partition n3", "--sandbox",
                    dir.toString(), "--out", out.toString()));
        } finally {
            sandbox("heal", "n3");
        }
        assertTrue(r.out().contains("n3 was not read for the final reads of append, counter: it stayed outside the "
                + "primary component"), r.out() + r.err());
        assertTrue(r.out().contains("final reads: n1, n2\n") || r.out().contains("final reads: n1, n2;"), r.out());
        JsonNode setting = JSON.readTree(out.resolve("anomalies.json").toFile()).get("settings").get(0);
        for (JsonNode check : setting.get("checks")) {
            for (JsonNode n : check.get("counts")) {
                String a = n.get("anomaly").asText();
                if (a.equals("lost-append") || a.equals("lost-increment")) {
                    assertEquals(0, n.get("count").asLong(), check.get("workload").asText() + " " + n + "\n" + r.out());
                    assertTrue(n.get("checked").asLong() > 0, "checked: " + n);
                }
            }
        }
    }
}
