package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clusterbench.anomaly.History;
import io.clusterbench.anomaly.HistoryFile;
import io.clusterbench.anomaly.Outcome;
import io.clusterbench.anomaly.Txn;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.GaleraCluster;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code probe anomalies} end to end on the real 3-node sandbox (MariaDB 10.11, galera-4), through the CLI, reading the
 * files it writes: reads on other nodes are stale at {@code wsrep_sync_wait=0} and never at 7; every node writing the
 * same keys at REPEATABLE READ is reported as the checker found it, in the console and the file alike, with the exit
 * status following the findings; two nodes killed in quick succession are checked for lost acknowledged appends on
 * the survivor; a node frozen with SIGSTOP does not hold the load past its bounds. Each test leaves the cluster
 * Synced.
 */
@Tag("galera")
class ProbeAnomaliesGaleraIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static String db;

    @BeforeAll
    static void cluster() {
        GaleraCluster.get();
        db = GaleraCluster.freshDatabase("cb_probe_anomalies");
    }

    private static Cli.Result probe(Path out, String... options) {
        List<String> args = new ArrayList<>(List.of("probe", "anomalies"));
        args.addAll(GaleraCluster.cliTarget(db));
        args.addAll(List.of(options));
        args.addAll(List.of("--out", out.toString()));
        Cli.Result r = Cli.run(args.toArray(new String[0]));
        System.out.println(r.out());
        System.out.println(r.err());
        return r;
    }

    @Test
    void readsOnOtherNodesAreStaleAtSyncWaitZeroAndNeverAtSeven(@TempDir Path out) throws Exception {
        Map<String, Long> before = comCommit();
        Cli.Result r = probe(out, "--consistency", "0,7", "--reads-on", "other", "--routing", "single-writer",
                "--keys", "3", "--time", "8");
        JsonNode doc = JSON.readTree(out.resolve("anomalies.json").toFile());
        assertEquals("completed", doc.get("status").asText());
        assertEquals(2, doc.get("settings").size());
        assertExitFollowsTheFindings(r, doc);
        JsonNode zero = append(doc.get("settings").get(0));
        JsonNode seven = append(doc.get("settings").get(1));
        assertEquals("0", doc.get("settings").get(0).get("consistency").asText());
        assertTrue(count(zero, "stale-read").get("count").asLong() > 0, "stale reads at level 0: " + zero);
        assertFalse(count(zero, "stale-read").get("forbidden").asBoolean(), "level 0 allows them");
        JsonNode stale7 = count(seven, "stale-read");
        assertEquals(0, stale7.get("count").asLong(), "no stale read at level 7: " + seven.get("witnesses"));
        assertTrue(stale7.get("forbidden").asBoolean(), "level 7 forbids them");
        assertTrue(stale7.get("checked").asLong() > 300, "enough reads to mean something: " + stale7);
        assertTrue(r.out().matches("(?s).*\\n +stale-read +0 +" + stale7.get("checked").asLong()
                + " +reads +0 in " + stale7.get("checked").asLong() + " \\(≤ [0-9.]+%\\) +forbids\\n.*"), r.out());
        assertTrue(r.out().contains("    witness stale-read: "), "the level-0 witness is printed");
        Map<String, Long> acknowledged = new TreeMap<>();
        for (JsonNode s : doc.get("settings")) {
            History h = history(out, s);
            assertEquals(h.txns().size(), append(s).get("operations").asLong(), "the file holds what the record counts");
            h.txns().stream().filter(t -> t.outcome() == Outcome.OK && !t.finalRead())
                    .collect(Collectors.groupingBy(Txn::node, Collectors.counting()))
                    .forEach((node, n) -> acknowledged.merge(node, n, Long::sum));
            assertTrue(h.txns().stream().filter(t -> !t.finalRead()).allMatch(t -> t.node().equals("n1")
                    || t.ops().stream().noneMatch(io.clusterbench.anomaly.MicroOp::isAppend)),
                    "single writer: every appending transaction ran on n1");
        }
        Map<String, Long> after = comCommit();
        acknowledged.forEach((node, n) -> assertTrue(after.get(node) - before.get(node) >= n, node + ": Com_commit +"
                + (after.get(node) - before.get(node)) + " for " + n + " acknowledged transactions"));

        Cli.Result report = Cli.run("report", out.toString());
        assertEquals(0, report.exitCode(), report.err());
        assertTrue(Files.isRegularFile(out.resolve("report.html")));
        assertTrue(report.out().contains("Anomalies per setting (completed"), report.out());
        Cli.Result compare = Cli.run("compare", out.toString(), out.toString());
        assertEquals(0, compare.exitCode(), compare.err());
        assertTrue(compare.out().contains("Setting wsrep_sync_wait=7 RR single-writer, append:"), compare.out());
    }

    @Test
    void everyNodeWritingTheSameKeysAtRepeatableReadIsReportedAsTheCheckerFoundIt(@TempDir Path out) throws Exception {
        Cli.Result r = probe(out, "--consistency", "0", "--isolation", "RR", "--routing", "all-writers", "--keys", "4",
                "--time", "8");
        JsonNode doc = JSON.readTree(out.resolve("anomalies.json").toFile());
        assertExitFollowsTheFindings(r, doc);
        JsonNode append = append(doc.get("settings").get(0));
        assertTrue(append.get("failed").asLong() > 0, "nodes conflict on 4 keys (certification failures): " + append);
        assertTrue(append.get("load").get("errorsByCode").has("1213/40001"), append.get("load").toString());
        for (JsonNode c : append.get("counts")) {
            String row = "(?s).*\\n +" + java.util.regex.Pattern.quote(c.get("anomaly").asText()) + " +"
                    + c.get("count").asLong() + " +" + c.get("checked").asLong() + " +" + c.get("unit").asText() + " +"
                    + (c.get("count").asLong() == 0 ? "0 in " + c.get("checked").asLong() + " \\(≤ " : "") + ".*";
            assertTrue(r.out().matches(row), "the console shows " + c + ":\n" + r.out());
        }
        for (String never : List.of("incompatible-order", "duplicate-append", "garbage-read", "internal", "G1a", "G1b")) {
            assertEquals(0, count(append, never).get("count").asLong(), never + " (no database may show it): "
                    + append.get("witnesses"));
        }
        List<String> found = new ArrayList<>();
        append.get("counts").forEach(c -> {
            if (c.get("count").asLong() > 0) {
                found.add(c.get("anomaly").asText());
            }
        });
        for (String anomaly : found) {
            assertTrue(r.out().contains("    witness " + anomaly + ": "), "a witness of " + anomaly + " is printed");
        }
        System.out.println("every node, RR, 4 keys: found " + found);
    }

    @Test
    void twoNodesKilledInQuickSuccessionAreCheckedForLostAcknowledgedAppends(@TempDir Path out) throws Exception {
        Map<Integer, String> flush = new TreeMap<>();
        for (int node = 1; node <= GaleraCluster.NODES; node++) {
            flush.put(node, global(node, "innodb_flush_log_at_trx_commit"));
            execute(node, "SET GLOBAL innodb_flush_log_at_trx_commit = 2");
        }
        Cli.Result r;
        try {
            r = probe(out, "--anomaly-workload", "append,counter", "--fault", "2s kill n2; 3s kill n3", "--time", "8",
                    "--final-read-timeout", "4");
        } finally {
            rejoinAll();
            flush.forEach((node, value) -> execute(node, "SET GLOBAL innodb_flush_log_at_trx_commit = " + value));
        }
        JsonNode doc = JSON.readTree(out.resolve("anomalies.json").toFile());
        assertExitFollowsTheFindings(r, doc);
        JsonNode setting = doc.get("settings").get(0);
        List<String> faults = new ArrayList<>();
        setting.get("faults").get("events").forEach(e -> faults.add(e.get("step").asText() + " "
                + e.get("ok").asBoolean()));
        assertEquals(List.of("kill n2 true", "kill n3 true"), faults);
        JsonNode append = append(setting);
        assertFalse(append.get("finalReadNodes").isEmpty(), "the survivor was read: " + setting.get("notes"));
        JsonNode lost = count(append, "lost-append");
        assertTrue(lost.get("checked").asLong() > 0, "acknowledged appends were checked against the final reads: " + lost);
        assertTrue(r.out().matches("(?s).*\\n +lost-append +" + lost.get("count").asLong() + " +"
                + lost.get("checked").asLong() + " +appends .*"), r.out());
        JsonNode counter = setting.get("checks").get(1);
        assertTrue(count(counter, "lost-increment").get("checked").asLong() > 0, counter.toString());
        assertTrue(r.out().contains("final reads: " + String.join(", ", texts(append.get("finalReadNodes")))), r.out());
        System.out.println("kill n2; kill n3 with innodb_flush_log_at_trx_commit=2: lost appends " + lost
                + ", final reads " + append.get("finalReadNodes"));
    }

    @Test
    void aFrozenNodeDoesNotHoldTheLoadPastItsBounds(@TempDir Path out) throws Exception {
        long started = System.nanoTime();
        Cli.Result r;
        try {
            r = probe(out, "--fault", "2s pause n3", "--time", "6", "--final-read-timeout", "3");
        } finally {
            GaleraCluster.get().resume("n3");
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        JsonNode doc = JSON.readTree(out.resolve("anomalies.json").toFile());
        assertExitFollowsTheFindings(r, doc);
        JsonNode setting = doc.get("settings").get(0);
        double load = setting.get("loadSeconds").asDouble();
        assertTrue(load < 6 + 1 + 0.3 + 1, "the load ends at --time, plus 1 s for the sessions and 0.3 s to abandon "
                + "them (1 s slack): " + load);
        assertFalse(texts(append(setting).get("finalReadNodes")).contains("n3"), "n3 answered nothing");
        assertTrue(seconds < 60, "the whole probe is bounded: " + seconds + " s");
    }

    /** Exit 3 exactly when the file names a class the setting forbids; the stderr line then names it. */
    private static void assertExitFollowsTheFindings(Cli.Result r, JsonNode doc) {
        List<String> violations = new ArrayList<>();
        for (JsonNode s : doc.get("settings")) {
            for (JsonNode c : s.get("checks")) {
                for (JsonNode n : c.get("counts")) {
                    if (n.get("forbidden").asBoolean() && n.get("count").asLong() > 0) {
                        violations.add(c.get("workload").asText() + " " + n.get("anomaly").asText());
                    }
                }
            }
        }
        assertEquals(violations.isEmpty() ? 0 : 3, r.exitCode(), violations + "\n" + r.err());
        if (!violations.isEmpty()) {
            assertEquals(1, r.errLines().size(), r.err());
            violations.forEach(v -> assertTrue(r.err().contains(v), v + " in " + r.err()));
        }
    }

    private static JsonNode append(JsonNode setting) {
        return setting.get("checks").get(0);
    }

    private static JsonNode count(JsonNode check, String anomaly) {
        for (JsonNode c : check.get("counts")) {
            if (c.get("anomaly").asText().equals(anomaly)) {
                return c;
            }
        }
        throw new AssertionError("no " + anomaly + " in " + check);
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(a -> out.add(a.asText()));
        return out;
    }

    private static History history(Path out, JsonNode setting) {
        return HistoryFile.read(out.resolve(setting.get("directory").asText()).resolve(HistoryFile.FILE_NAME));
    }

    /** After n2 and n3 were killed: n1 takes the primary component alone, then n2 and n3 rejoin it (IST or SST). */
    private static void rejoinAll() throws Exception {
        String status = status(1, "wsrep_cluster_status");
        if (!"Primary".equalsIgnoreCase(status)) {
            execute(1, "SET GLOBAL wsrep_provider_options = 'pc.bootstrap=YES'");
        }
        for (String node : List.of("n2", "n3")) {
            GaleraCluster.get().restart(node, line -> { });
        }
        for (int node = 1; node <= GaleraCluster.NODES; node++) {
            assertEquals("Synced", status(node, "wsrep_local_state_comment"), "n" + node + " rejoined");
        }
    }

    private static Map<String, Long> comCommit() throws SQLException {
        Map<String, Long> out = new TreeMap<>();
        for (int node = 1; node <= GaleraCluster.NODES; node++) {
            out.put("n" + node, Long.parseLong(status(node, "Com_commit")));
        }
        return out;
    }

    private static String status(int node, String name) throws SQLException {
        try (Connection c = GaleraCluster.connect(node, ""); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS LIKE '" + name + "'")) {
            return rs.next() ? rs.getString(2) : "";
        }
    }

    private static String global(int node, String name) throws SQLException {
        try (Connection c = GaleraCluster.connect(node, ""); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT @@GLOBAL." + name)) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static void execute(int node, String sql) {
        try (Connection c = GaleraCluster.connect(node, ""); Statement s = c.createStatement()) {
            s.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException("n" + node + ": " + sql + ": " + e.getMessage(), e);
        }
    }
}
