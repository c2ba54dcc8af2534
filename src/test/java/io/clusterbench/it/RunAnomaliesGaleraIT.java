package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clusterbench.anomaly.History;
import io.clusterbench.anomaly.HistoryFile;
import io.clusterbench.anomaly.MicroOp;
import io.clusterbench.anomaly.Txn;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.GaleraCluster;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code run oltp_read_write … --anomalies RATE} on the real 3-node sandbox (MariaDB 10.11, galera-4), through the
 * CLI: with every write on n1 and the history's reads on the other nodes, stale reads beside the load at
 * {@code wsrep_sync_wait=0} are counted (how many is the server's doing, reported), and none are seen at 7; the history runs on every endpoint; the exit status follows the findings;
 * {@code compare} puts the two runs' anomalies side by side. Leaves the cluster Synced.
 */
@Tag("galera")
class RunAnomaliesGaleraIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static String db;

    @TempDir
    Path tmp;

    @BeforeAll
    static void cluster() {
        GaleraCluster.get();
        db = GaleraCluster.freshDatabase("cb_run_anomalies");
        Cli.Result p = Cli.run(Cli.args(GaleraCluster.cliTarget(db), "prepare", "oltp_read_write", "--tables=2",
                "--table-size=2000"));
        assertEquals(0, p.exitCode(), p.out() + p.err());
    }

    private static Cli.Result run(Path out, String level) {
        List<String> args = new ArrayList<>(List.of("run", "oltp_read_write", "--tables=2", "--table-size=2000",
                "--threads=6", "--time=15", "--explain=off", "--routing=single-writer", "--consistency=" + level,
                "--anomalies=100", "--anomaly-keys=3", "--anomaly-reads-on=other", "--anomaly-isolation=SER",
                "--out=" + out));
        Cli.Result r = Cli.run(Cli.args(GaleraCluster.cliTarget(db), args.toArray(new String[0])));
        System.out.println(r.out());
        System.out.println(r.err());
        return r;
    }

    private static JsonNode anomalies(Path out) throws Exception {
        return JSON.readTree(out.resolve("result.json").toFile()).get("runs").get(0).get("observerFacts")
                .get("anomalies");
    }

    private static JsonNode count(JsonNode anomalies, String anomaly) {
        for (JsonNode c : anomalies.get("setting").get("checks").get(0).get("counts")) {
            if (c.get("anomaly").asText().equals(anomaly)) {
                return c;
            }
        }
        throw new AssertionError("no " + anomaly + " in " + anomalies);
    }

    /** The run exits 3 exactly when a class its setting forbids was found, and says which in one stderr line. */
    private static void assertExitFollowsTheFindings(Cli.Result r, JsonNode anomalies) {
        List<String> forbidden = new ArrayList<>();
        anomalies.get("setting").get("checks").forEach(c -> c.get("counts").forEach(n -> {
            if (n.get("forbidden").asBoolean() && n.get("count").asLong() > 0) {
                forbidden.add(n.get("anomaly").asText());
            }
        }));
        assertEquals(forbidden.isEmpty() ? 0 : 3, r.exitCode(), forbidden + "\n" + r.err());
        assertEquals(!forbidden.isEmpty(), r.err().contains("check failed: the history beside the run shows anomalies"),
                r.err());
    }

    @Test
    void readsOnOtherNodesBesideTheLoadAreCheckedForStalenessAtSyncWaitZeroAndNeverStaleAtSeven() throws Exception {
        Path zero = tmp.resolve("sync0");
        Path seven = tmp.resolve("sync7");
        Cli.Result r0 = run(zero, "0");
        Cli.Result r7 = run(seven, "7");
        JsonNode a0 = anomalies(zero);
        JsonNode a7 = anomalies(seven);
        assertExitFollowsTheFindings(r0, a0);
        assertExitFollowsTheFindings(r7, a7);
        assertEquals("0", a0.get("setting").get("consistency").asText());
        assertEquals("single-writer", a0.get("setting").get("routing").asText());
        assertEquals(3, a0.get("sessionsPerWorkload").asInt(), "one session per endpoint");

        JsonNode stale0 = count(a0, "stale-read");
        // how many reads the server served stale at level 0 is the server's doing (usually some; 0 of 1,916 seen once):
        // reported, not asserted
        System.out.println("stale reads at wsrep_sync_wait=0 beside the load: " + stale0);
        assertTrue(stale0.get("checked").asLong() > 150, "enough reads to mean something: " + stale0);
        assertTrue(stale0.get("count").asLong() <= stale0.get("checked").asLong(), stale0.toString());
        assertFalse(stale0.get("forbidden").asBoolean(), "level 0 allows them");
        JsonNode stale7 = count(a7, "stale-read");
        assertEquals(0, stale7.get("count").asLong(), "none at 7: " + a7.get("setting").get("checks").get(0)
                .get("witnesses"));
        assertTrue(stale7.get("forbidden").asBoolean(), "level 7 forbids them");
        assertTrue(stale7.get("checked").asLong() > 150, "enough reads to mean something: " + stale7);
        assertEquals(stale0.get("count").asLong() > 0, r0.out().contains("    witness stale-read: "),
                "a level-0 witness is printed exactly when a stale read was found");

        for (Path out : List.of(zero, seven)) {
            History h = HistoryFile.read(out.resolve(HistoryFile.FILE_NAME));
            JsonNode append = anomalies(out).get("setting").get("checks").get(0);
            assertEquals(h.txns().size(), append.get("operations").asLong(), "the record counts the file's");
            assertTrue(h.txns().stream().filter(t -> !t.finalRead() && t.ops().stream().anyMatch(MicroOp::isAppend))
                    .allMatch(t -> t.node().equals("n1")), "--routing single-writer: every append ran on n1");
            assertTrue(h.txns().stream().filter(t -> !t.finalRead() && t.ops().stream().noneMatch(MicroOp::isAppend))
                    .map(Txn::node).distinct().sorted().toList().equals(List.of("n2", "n3")),
                    "--anomaly-reads-on other: read-only transactions on n2 and n3");
            assertEquals(3, append.get("finalReadNodes").size(), "every node read at the end: " + append);
        }

        Cli.Result compare = Cli.run("compare", zero.toString(), seven.toString());
        assertEquals(0, compare.exitCode(), compare.err());
        assertTrue(compare.out().matches("(?s).*\\n +Setting +wsrep_sync_wait=0 SER single-writer +wsrep_sync_wait=7 "
                + "SER single-writer\\n.*"), compare.out());
        if (stale0.get("count").asLong() > 0) {
            assertTrue(compare.out().matches("(?s).*\\n +stale-read +" + stale0.get("count").asLong() + " +0 in "
                    + stale7.get("checked").asLong() + " \\(≤ [0-9.]+%\\)\\n.*"), compare.out());
        } else {
            assertTrue(compare.out().matches("(?s).*\\n +anomalies found +none +none\\n.*"), compare.out());
        }
    }
}
