package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.clusterbench.prom.DashboardTest;
import io.clusterbench.prom.MetricsServer;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.Prometheus;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 18: a real Prometheus scrapes {@code run --metrics-listen} every second on the embedded server; its
 * view of the run must match result.json.
 */
class PrometheusScrapeIT {
    @TempDir
    Path tmp;

    @Test
    void prometheusSeesTheRunAsResultJsonHasIt() throws Exception {
        Prometheus.binary(); // skip before any work when it is not installed
        String db = TestServer.freshDatabase("prom");
        List<String> target = TestServer.cliTarget(db);
        assertEquals(0, Cli.run(Cli.args(target, "prepare", "oltp_point_select", "--table-size=1000")).exitCode());
        int metricsPort = Prometheus.freePort();
        Files.createDirectories(tmp.resolve("prom"));
        try (Prometheus prom = Prometheus.start(tmp.resolve("prom"), metricsPort)) {
            Path out = tmp.resolve("run-prom");
            Cli.Result r = Cli.run(Cli.args(target, "run", "oltp_point_select", "--table-size=1000", "--threads=2",
                    "--time=5", "--warmup-time=2", "--report-interval=1", "--metrics-listen=127.0.0.1:" + metricsPort,
                    "--metrics-linger=3s", "--out=" + out));
            // the measured time ended before the summary and the 3 s linger; evaluate the panels there
            double runEnded = System.currentTimeMillis() / 1000.0 - 3.5;
            assertEquals(0, r.exitCode(), r.err());
            assertTrue(r.out().contains("Metrics: http://127.0.0.1:" + metricsPort + "/metrics"), r.out());
            JsonNode summary = ResultFiles.read(out).get("runs").get(0).get("summary");
            long events = summary.get("events").asLong();
            double tps = summary.get("tps").asDouble();
            long latencyCount = summary.get("latency").get("count").asLong();
            String run = "{run=\"run-prom\"}";
            double last = prom.scalar("max_over_time(clusterbench_events_total" + run + "[10m])");
            assertEquals(events, last, 0, "the last scrape (during --metrics-linger) sees the final count");
            // the step's counters are exposed at 0 from before the 2 s warmup; on a loaded machine Prometheus' first
            // scrapes of a new target can come seconds late, and increase() cannot count what happened before its
            // first sample, so the comparison below is only meaningful once a scrape saw the counter at 0
            assertEquals(0, prom.scalar("min_over_time(clusterbench_events_total" + run + "[10m])"), 0,
                    "Prometheus scraped the step before its first measured event");
            double increase = prom.scalar("increase(clusterbench_events_total" + run + "[10m])");
            double oneScrape = tps * Prometheus.SCRAPE_INTERVAL.toSeconds();
            assertTrue(Math.abs(increase - events) <= oneScrape, "increase " + increase + " vs events " + events
                    + " (one scrape interval's worth: " + oneScrape + ")");
            assertEquals(latencyCount, prom.scalar("max_over_time(clusterbench_event_latency_seconds_count" + run
                    + "[10m])"), 0, "the latency histogram holds every event of the summary");
            JsonNode series = prom.api("series", "match[]", "{__name__=~\"clusterbench_.*\",job=\"clusterbench\"}");
            assertTrue(series.size() > 20, series.toString());
            for (JsonNode s : series) {
                for (String label : MetricsServer.RUN_LABELS) {
                    assertTrue(s.hasNonNull(label), "every series carries the run label " + label + ": " + s);
                }
                assertEquals("run-prom", s.get("run").asText());
                assertEquals("oltp_point_select", s.get("workload").asText());
                assertEquals("2", s.get("threads").asText());
            }
            assertEquals(1, prom.scalar("count(max_over_time(clusterbench_endpoint_events_total" + run + "[10m]))"),
                    "one endpoint: the embedded server");
            int answered = 0;
            for (String q : DashboardTest.panelQueries()) {
                String promql = q.replace("$run", "run-prom").replace("$node", ".*")
                        .replace("$__rate_interval", "10s");
                JsonNode result = prom.queryAt(promql, runEnded); // fails on a query Prometheus rejects
                answered += result.isEmpty() ? 0 : 1;
            }
            assertTrue(answered >= 10, "the dashboard's standalone panels have data: " + answered);
        }
    }

    @Test
    void aMetricsPortInUseIsOneLineAndExit2() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            String db = TestServer.freshDatabase("promport");
            Cli.Result r = Cli.run(Cli.args(TestServer.cliTarget(db), "run", "oltp_point_select", "--time=1",
                    "--metrics-listen=127.0.0.1:" + taken.getLocalPort(), "--out=" + tmp.resolve("busy")));
            assertEquals(2, r.exitCode(), r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertTrue(r.err().contains("--metrics-listen 127.0.0.1:" + taken.getLocalPort() + ": the port is in use"),
                    r.err());
            assertTrue(!Files.exists(tmp.resolve("busy").resolve("result.json")), "nothing ran");
        }
    }
}
