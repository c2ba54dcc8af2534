package io.clusterbench.prom;

import io.clusterbench.UserException;
import io.clusterbench.metrics.Counter;
import io.clusterbench.metrics.EndpointTotals;
import io.clusterbench.metrics.IntervalSample;
import io.clusterbench.metrics.WorkerMetrics;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The endpoint's exposition from synthetic interval samples: sums, labels, buckets, port in use. */
class MetricsServerTest {
    static final MetricsListen ANY_PORT = new MetricsListen("127.0.0.1", 0, Duration.ZERO);

    static Map<String, String> labels(String step) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("run", "r1");
        m.put("workload", "oltp_point_select");
        m.put("threads", "4");
        m.put("step", step);
        m.put("repeat", "1");
        m.put("consistency", "");
        m.put("shard", "none");
        return m;
    }

    /** An interval of {@code events} events, each {@code micros} µs, in class 0, with one 1213 error. */
    static IntervalSample sample(double start, long events, long micros) {
        long[] counters = new long[Counter.FIXED + 2 * Counter.PER_CLASS];
        counters[Counter.EVENTS] = events;
        counters[Counter.READS] = events;
        counters[Counter.classCount(0)] = events;
        counters[Counter.classHits(0)] = events - 1;
        counters[Counter.classMisses(0)] = 1;
        counters[Counter.ERRORS] = 1;
        Histogram h = new Histogram(WorkerMetrics.HIGHEST_TRACKABLE_MICROS, WorkerMetrics.SIGNIFICANT_DIGITS);
        h.recordValueWithCount(micros, events);
        return new IntervalSample(start, start + 1, 4, counters, h, new Histogram[]{h.copy(), new Histogram(3)},
                Map.of("1213/40001", 1L), 0, 0, 0, 0, 0, 0.002);
    }

    static String scrape(int port) throws Exception {
        HttpResponse<String> r = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + "/metrics")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
        return r.body();
    }

    @Test
    void countersAddUpIntervalsAndCarryTheRunLabels() throws Exception {
        try (MetricsServer server = MetricsServer.start(ANY_PORT, line -> { })) {
            StepSeries step = server.step(labels("1"), List.of("point_select", "unused"));
            step.interval(null, sample(0, 100, 800));
            step.interval(null, sample(1, 50, 3000));
            step.endpoints(List.of(new EndpointTotals("127.0.0.1:3306", 150, 2, 148, 2, new Histogram(3), Map.of())),
                    label -> "");
            step.finished();
            String text = scrape(server.port());
            String run = "consistency=\"none\",repeat=\"1\",run=\"r1\",shard=\"none\",step=\"1\",threads=\"4\","
                    + "workload=\"oltp_point_select\"";
            assertTrue(text.contains("clusterbench_events_total{" + run + "} 150.0"), text);
            assertTrue(text.contains("clusterbench_statements_total{class=\"point_select\"," + run + "} 150.0"), text);
            assertTrue(text.contains("clusterbench_misses_total{class=\"point_select\"," + run + "} 2.0"), text);
            assertTrue(!text.contains("class=\"unused\""), "a class that never ran has no series: " + text);
            assertTrue(text.contains("clusterbench_errors_total{code=\"1213\"," + run.replace(",step",
                    ",sqlstate=\"40001\",step") + "} 2.0"), text);
            assertTrue(text.contains("clusterbench_event_latency_seconds_count{" + run + "} 150"), text);
            assertTrue(text.contains("clusterbench_threads{" + run + "} 0.0"), "no workers once the step ended");
            assertTrue(text.contains("clusterbench_step_running{" + run + "} 0.0"), text);
            assertTrue(text.contains("clusterbench_endpoint_events_total{consistency=\"none\",endpoint=\"127.0.0.1:3306\","
                    + "node=\"127.0.0.1:3306\""), text);
            for (String line : text.split("\n")) {
                if (!line.startsWith("#") && !line.isBlank()) {
                    for (String l : MetricsServer.RUN_LABELS) {
                        assertTrue(line.contains(l + "=\""), "every series carries " + l + ": " + line);
                    }
                }
            }
        }
    }

    @Test
    void classicBucketsAreCumulativeInTheText() throws Exception {
        try (MetricsServer server = MetricsServer.start(ANY_PORT, line -> { })) {
            StepSeries step = server.step(labels("1"), List.of("point_select"));
            step.interval(null, sample(0, 100, 800));
            step.interval(null, sample(1, 50, 3000));
            List<String> buckets = new ArrayList<>();
            for (String line : scrape(server.port()).split("\n")) {
                if (line.startsWith("clusterbench_event_latency_seconds_bucket")) {
                    buckets.add(line.replaceAll(".*le=\"([^\"]+)\".* ", "$1 "));
                }
            }
            assertTrue(buckets.contains("2.5E-4 0"), buckets.toString());
            assertTrue(buckets.contains("0.001 100"), buckets.toString());
            assertTrue(buckets.contains("0.0025 100"), buckets.toString());
            assertTrue(buckets.contains("0.005 150"), buckets.toString());
            assertTrue(buckets.contains("+Inf 150"), buckets.toString());
        }
    }

    @Test
    void stepsOfASweepStayExposedSideBySide() throws Exception {
        try (MetricsServer server = MetricsServer.start(ANY_PORT, line -> { })) {
            server.step(labels("1"), List.of("c")).interval(null, sample(0, 10, 100));
            server.step(labels("2"), List.of("c")).interval(null, sample(0, 20, 100));
            String text = scrape(server.port());
            assertTrue(text.contains("step=\"1\",threads=\"4\",workload=\"oltp_point_select\"} 10.0"), text);
            assertTrue(text.contains("step=\"2\",threads=\"4\",workload=\"oltp_point_select\"} 20.0"), text);
        }
    }

    @Test
    void aPortInUseIsOneUserError() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            UserException e = assertThrows(UserException.class, () -> MetricsServer.start(
                    new MetricsListen("127.0.0.1", taken.getLocalPort(), Duration.ZERO), line -> { }));
            assertTrue(e.getMessage().contains("127.0.0.1:" + taken.getLocalPort() + ": the port is in use"),
                    e.getMessage());
        }
    }

    @Test
    void nativeBucketIndexFollowsPrometheusSchema() {
        assertEquals(0, LatencyBuckets.nativeIndex(1.0)); // (2^-1/8, 1]
        assertEquals(8, LatencyBuckets.nativeIndex(2.0));
        assertEquals(1, LatencyBuckets.nativeIndex(1.05));
        assertEquals(-80, LatencyBuckets.nativeIndex(Math.pow(2, -10)));
    }
}
