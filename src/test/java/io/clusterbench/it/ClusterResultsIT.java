package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clusterbench.result.ResultJson;
import io.clusterbench.result.RunRecord;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.GaleraCluster;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The cluster in the results, on the real 3-node Galera sandbox (issue 12): per-node totals in the summary,
 * result.json, nodes.csv and intervals.csv; conflicts counted once (equal to the client's 1213 count, causes
 * adding up to it); {@code sweep --consistency 0,1} with repeats and its cost table; {@code compare} naming
 * {@code --consistency}. Short runs on a 100-row table, so round-robin writers collide.
 */
@Tag("galera")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterResultsIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static String db;

    @BeforeAll
    static void prepare() {
        GaleraCluster.get();
        db = GaleraCluster.freshDatabase("cb_cluster_results");
        Cli.Result p = Cli.run(Cli.args(GaleraCluster.cliTarget(db), "prepare", "oltp_read_write", "--tables", "1",
                "--table-size", "100"));
        assertEquals(0, p.exitCode(), p.out() + p.err());
    }

    private static Cli.Result run(Path out, String... extra) {
        List<String> args = new ArrayList<>(List.of("run", "oltp_read_write", "--tables", "1", "--table-size", "100",
                "--report-interval", "1", "--out", out.toString()));
        args.addAll(List.of(extra));
        Cli.Result r = Cli.run(Cli.args(GaleraCluster.cliTarget(db), args.toArray(String[]::new)));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        return r;
    }

    private static long code(JsonNode byCode, String code) {
        long n = 0;
        for (var it = byCode.fields(); it.hasNext(); ) {
            var e = it.next();
            if (e.getKey().startsWith(code + "/") || e.getKey().equals(code)) {
                n += e.getValue().asLong();
            }
        }
        return n;
    }

    @Test
    @Order(1)
    void roundRobinShowsPerNodeTotalsAndConflictsCountedOnce(@TempDir Path out) throws Exception {
        Cli.Result r = run(out, "--threads", "6", "--time", "4");
        assertTrue(r.out().contains("Galera per node (measured time):"), r.out());
        assertTrue(r.out().contains("throttled by:"), r.out());
        assertTrue(r.out().contains("conflicts:"), r.out());
        JsonNode run = JSON.readTree(out.resolve("result.json").toFile()).get("runs").get(0);
        JsonNode totals = run.get("observerFacts").get("galera").get("totals");
        assertEquals(Set.of("n1", "n2", "n3"), names(totals));
        long cert = 0, bf = 0, replays = 0;
        for (JsonNode n : totals) {
            assertTrue(n.get("observedSeconds").asDouble() >= 3.5, n.toString());
            assertTrue(n.get("polls").asLong() >= 8, "250 ms polls between 1 s samples: " + n);
            assertTrue(n.get("flowControlPausedFraction").asDouble() >= 0, n.toString());
            assertTrue(n.get("recvQueueMaxWriteSets").asLong() >= n.get("recvQueueMeanWriteSets").asDouble(), n.toString());
            cert += n.get("certFailures").asLong();
            bf += n.get("bfAborts").asLong();
            replays += n.get("replays").asLong();
        }
        JsonNode conflicts = run.get("observerFacts").get("conflicts");
        long client1213 = code(run.get("summary").get("errorsByCode"), "1213");
        assertTrue(client1213 > 0, "round-robin writers on 100 rows collide: " + run.get("summary"));
        assertEquals(client1213, conflicts.get("conflicts").asLong(), "one figure: the client's 1213 errors");
        assertEquals(client1213, conflicts.get("certification").asLong() + conflicts.get("bruteForce").asLong()
                + conflicts.get("other").asLong(), "the causes add up to the conflicts: " + conflicts);
        assertEquals(Math.min(client1213, cert), conflicts.get("certification").asLong(), conflicts.toString());
        assertTrue(cert + bf > client1213, "cert and bf overlap, they are not two kinds that add up: cert " + cert
                + " bf " + bf + " client " + client1213);
        assertTrue(bf - replays > 0 && cert <= bf, "cert failures are counted as bf aborts too: " + cert + "/" + bf);
        long byNode = 0;
        for (JsonNode n : conflicts.get("byNode")) {
            byNode += n.asLong();
        }
        assertEquals(client1213, byNode, conflicts.toString());
        long byStatement = 0;
        for (JsonNode n : conflicts.get("byStatementClass")) {
            byStatement += n.asLong();
        }
        assertEquals(client1213, byStatement, "each conflict counted once under the statement that got it: " + conflicts);
        assertTrue(conflicts.get("byStatementClass").has("commit") || conflicts.get("byStatementClass").size() > 0,
                conflicts.toString());
        assertTrue(r.out().contains("by statement:"), r.out());
        assertTrue(conflicts.get("byTransactionType").isEmpty(), "OLTP events have no type: " + conflicts);

        JsonNode serverNodes = run.get("intervals").get(1).get("observed").get("serverNodes");
        assertEquals(Set.of("n1", "n2", "n3"), names(serverNodes), "SHOW GLOBAL STATUS of every node, by name");
        assertEquals(run.get("intervals").get(1).get("observed").get("server"), serverNodes.get("n1"),
                "the first node's SHOW GLOBAL STATUS is read once: observed.server is serverNodes.n1");
        for (JsonNode n : serverNodes) {
            assertTrue(n.get("QuestionsPerSecond").asDouble() > 0, "round-robin: every node serves queries " + n);
        }
        List<String> nodesCsv = Files.readAllLines(out.resolve("nodes.csv"));
        assertTrue(nodesCsv.get(0).startsWith("start_seconds,end_seconds,node,fc_paused_fraction"), nodesCsv.get(0));
        int intervals = run.get("intervals").size();
        assertTrue(nodesCsv.size() - 1 >= 3 * (intervals - 1), "one row per node per interval: " + nodesCsv);
        List<String> csv = Files.readAllLines(out.resolve("intervals.csv"));
        assertTrue(csv.get(0).endsWith("galera_cert_failures,galera_bf_aborts"), csv.get(0));
        assertEquals(csv.get(0).split(",", -1).length, csv.get(2).split(",", -1).length, csv.get(2));
    }

    @Test
    @Order(2)
    void singleWriterHasNoClusterConflicts(@TempDir Path out) throws Exception {
        run(out, "--threads", "4", "--time", "3", "--routing", "single-writer");
        RunRecord run = ResultJson.read(out.resolve("result.json")).runs().get(0);
        io.clusterbench.result.Conflicts c = io.clusterbench.result.Conflicts.of(run);
        assertNotNull(c);
        assertEquals(0, c.certification(), "one writer node: nothing to certify against " + c);
        assertEquals(0, c.bruteForce(), c.toString());
        assertEquals(3, io.clusterbench.result.GaleraTotals.of(run).nodes().size());
    }

    @Test
    @Order(3)
    void consistencySweepWithRepeatsGivesTheCostTableAndCompareNamesTheOption(@TempDir Path dir) throws Exception {
        Path sweep = dir.resolve("sweep");
        Cli.Result s = Cli.run(Cli.args(GaleraCluster.cliTarget(db), "sweep", "oltp_read_write", "--tables", "1",
                "--table-size", "100", "--threads", "2", "--time", "1", "--repeat", "2", "--consistency", "0,1",
                "--quiet-timeout", "2", "--out", sweep.toString()));
        assertEquals(0, s.exitCode(), s.out() + s.err());
        assertTrue(s.out().contains("Cost of consistency (ratios to 0"), s.out());
        assertTrue(s.out().contains("Consistency 1:"), s.out());
        List<RunRecord> runs = ResultJson.read(sweep.resolve("result.json")).runs();
        assertEquals(4, runs.size());
        assertEquals(List.of("0", "1", "0", "1"), runs.stream().map(r -> r.plan().consistency()).toList(),
                "levels alternate within each repeat");
        assertTrue(Files.isDirectory(sweep.resolve("steps/t0002-r2-c1")));
        io.clusterbench.result.ConsistencyCost cost = io.clusterbench.result.ConsistencyCost.of(runs);
        assertEquals(2, cost.rows().size());
        assertEquals(2, cost.rows().get(1).tps().count());
        assertEquals(1.0, cost.rows().get(0).tpsRatio());

        Path html = dir.resolve("report.html");
        Cli.Result rep = Cli.run("report", sweep.toString(), "-o", html.toString());
        assertEquals(0, rep.exitCode(), rep.err());
        String page = Files.readString(html);
        assertTrue(page.contains("<h3>Cluster</h3>") && page.contains("<h4>Cost of consistency</h4>"), "cluster section");
        assertTrue(page.contains("<h4>Per node (measured time)</h4>") && page.contains("throttled by: "), "per-node totals with the throttling node");
        assertTrue(page.contains("flow control paused per node"), "per-node chart");
        // one thread count: a tps-per-level chart would be one dot per line, so only the cost table shows the levels
        assertFalse(page.contains("tps per consistency level"), "no chart of single dots");
        assertTrue(page.contains("<h4>Server counters per node (")
                        && page.contains("statements received (Questions) per node"),
                "server counters labelled by node, not only the first endpoint's");
        assertTrue(page.contains("<th>statements received (Questions) (per s)</th>"), "per-node headers in words");
        assertEquals(List.of(), io.clusterbench.testing.VisibleNames.in(page), "no internal name on a Galera report");
        for (String node : List.of("n1", "n2", "n3")) {
            assertTrue(page.contains("<tr><td>" + node + "</td><td class=\"num\">"), node + " has its counters row");
        }
        io.clusterbench.testing.Chromium chromium = io.clusterbench.testing.Chromium.require();
        io.clusterbench.testing.Chromium.Rendered rendered = chromium.render(html);
        assertEquals(List.of(), rendered.errors());
        assertEquals(rendered.expectedCharts(), rendered.drawnCharts(), "every chart renders with data");
        Path shot = Path.of("target", "cluster-report.png");
        chromium.screenshot(html, shot, 1400, 6000);
        System.out.println("screenshot of the cluster report: " + shot.toAbsolutePath());

        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        run(a, "--threads", "2", "--time", "1", "--consistency", "0");
        run(b, "--threads", "2", "--time", "1", "--consistency", "3");
        Cli.Result c = Cli.run("compare", a.toString(), b.toString());
        assertEquals(0, c.exitCode(), c.out() + c.err());
        assertTrue(c.out().matches("(?s).*differing options \\(1;.*--consistency\\s+0\\s+3.*"), c.out());
    }

    @Test
    @Order(4)
    void tpccConflictsAreCountedOncePerTransactionType(@TempDir Path out) throws Exception {
        String tpccDb = GaleraCluster.freshDatabase("cb_cluster_tpcc");
        List<String> target = GaleraCluster.cliTarget(tpccDb);
        Cli.Result p = Cli.run(Cli.args(target, "prepare", "tpcc", "--scale=1", "--threads=2"));
        assertEquals(0, p.exitCode(), p.out() + p.err());
        Cli.Result r = Cli.run(Cli.args(target, "run", "tpcc", "--scale=1", "--threads=6", "--time=5",
                "--report-interval=1", "--out", out.toString()));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        JsonNode run = JSON.readTree(out.resolve("result.json").toFile()).get("runs").get(0);
        long client1213 = code(run.get("summary").get("errorsByCode"), "1213");
        JsonNode conflicts = run.get("observerFacts").get("conflicts");
        assertEquals(client1213, conflicts.get("conflicts").asLong(), conflicts.toString());
        Set<String> types = Set.of("new_order", "payment", "order_status", "delivery", "stock_level", "purge");
        long byType = 0;
        for (var it = conflicts.get("byTransactionType").fields(); it.hasNext(); ) {
            var e = it.next();
            assertTrue(types.contains(e.getKey()), e.getKey());
            byType += e.getValue().asLong();
        }
        long byStatement = 0;
        for (JsonNode n : conflicts.get("byStatementClass")) {
            byStatement += n.asLong();
        }
        assertEquals(client1213, byType, "each conflict once under its transaction type: " + conflicts);
        assertEquals(client1213, byStatement, "each conflict once under its statement: " + conflicts);
        if (client1213 > 0) {
            assertTrue(r.out().contains("by transaction:"), r.out());
        }
        System.out.println("tpcc conflicts on the sandbox: " + conflicts);
    }

    private static Set<String> names(JsonNode totals) {
        Set<String> s = new HashSet<>();
        totals.fieldNames().forEachRemaining(s::add);
        return s;
    }
}
