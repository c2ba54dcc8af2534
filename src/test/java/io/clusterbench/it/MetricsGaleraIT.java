package io.clusterbench.it;

import io.clusterbench.testing.Cli;
import io.clusterbench.testing.GaleraCluster;
import io.clusterbench.testing.Prometheus;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 18 on the real 3-node Galera cluster: the endpoint carries the observer's per-node series and the
 * per-endpoint totals of {@code run}, and {@code probe stale-reads} exposes each level's samples.
 */
@Tag("galera")
class MetricsGaleraIT {
    @TempDir
    Path tmp;

    /** Scrapes {@code port} every 200 ms on a daemon thread while {@code command} runs; @return the last page. */
    static String scrapeWhile(int port, Runnable command) throws InterruptedException {
        AtomicReference<String> last = new AtomicReference<>("");
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(1)).build();
        Thread t = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                try {
                    last.set(http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                            .timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.ofString()).body());
                } catch (java.io.IOException notUp) {
                    // not started yet, or closed
                } catch (InterruptedException e) {
                    return;
                }
                try {
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "test-scraper");
        t.setDaemon(true);
        t.start();
        try {
            command.run();
        } finally {
            t.interrupt();
            t.join(5000);
        }
        return last.get();
    }

    @Test
    void runExposesPerNodeAndPerEndpointSeries() throws Exception {
        String db = GaleraCluster.freshDatabase("cb_prom");
        Cli.Result p = Cli.run(Cli.args(GaleraCluster.cliTarget(db), "prepare", "oltp_update_non_index", "--tables", "1",
                "--table-size", "500"));
        assertEquals(0, p.exitCode(), p.out() + p.err());
        int port = Prometheus.freePort();
        Cli.Result[] r = new Cli.Result[1];
        String page = scrapeWhile(port, () -> r[0] = Cli.run(Cli.args(GaleraCluster.cliTarget(db), "run",
                "oltp_update_non_index", "--tables", "1", "--table-size", "500", "--threads", "3", "--time", "4",
                "--metrics-listen", "127.0.0.1:" + port, "--metrics-linger", "1s", "--out", tmp.resolve("run").toString())));
        assertEquals(0, r[0].exitCode(), r[0].out() + r[0].err());
        for (int n = 1; n <= GaleraCluster.NODES; n++) {
            String node = "node=\"";
            assertTrue(page.lines().filter(l -> l.startsWith("clusterbench_node_recv_queue_write_sets{")).count()
                    == GaleraCluster.NODES, "one receive-queue series per node: " + page);
            assertTrue(page.contains(node), page);
        }
        assertEquals(GaleraCluster.NODES, page.lines().filter(l -> l.startsWith("clusterbench_endpoint_events_total{"))
                .count(), "one endpoint series per node: " + page);
        assertTrue(page.contains("clusterbench_node_flow_control_paused_ratio{"), page);
        assertTrue(page.contains("clusterbench_node_cert_failures_total{"), page);
    }

    @Test
    void probeExposesEveryLevel() throws Exception {
        String db = GaleraCluster.freshDatabase("cb_promprobe");
        Cli.Result p = Cli.run(Cli.args(GaleraCluster.cliTarget(db), "prepare", "oltp_update_non_index", "--tables", "1",
                "--table-size", "500"));
        assertEquals(0, p.exitCode(), p.out() + p.err());
        int port = Prometheus.freePort();
        Cli.Result[] r = new Cli.Result[1];
        String page = scrapeWhile(port, () -> r[0] = Cli.run(Cli.args(GaleraCluster.cliTarget(db), "probe",
                "stale-reads", "--consistency", "0,1", "--samples", "20", "--background", "oltp_update_non_index",
                "--background-threads", "2", "--tables", "1", "--table-size", "500", "--metrics-listen",
                "127.0.0.1:" + port, "--metrics-linger", "1s", "--out", tmp.resolve("probe").toString())));
        assertEquals(0, r[0].exitCode(), r[0].out() + r[0].err());
        for (String level : new String[]{"0", "1"}) {
            assertTrue(page.lines().anyMatch(l -> l.startsWith("clusterbench_probe_samples_total{consistency=\"" + level
                    + "\"") && l.endsWith(" 120.0")), "6 pairs x 20 samples at level " + level + ": " + page);
            assertTrue(page.lines().anyMatch(l -> l.startsWith("clusterbench_events_total{consistency=\"" + level
                    + "\"") && l.contains("workload=\"oltp_update_non_index\"")), "the background load's events: " + page);
        }
    }
}
