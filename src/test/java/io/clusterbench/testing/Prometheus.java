package io.clusterbench.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Assumptions;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A real Prometheus server (Debian's {@code prometheus} package) started for one test with its own config, a
 * temporary TSDB and its own web port, scraping one target every second; queried through its HTTP API. Without
 * the binary the test is skipped with the reason, unless {@code CLUSTERBENCH_REQUIRE_PROMETHEUS=1} (set by
 * {@code .ci/run}), where it fails.
 *
 * <p>Confined to the test's thread.
 */
public final class Prometheus implements AutoCloseable {
    /** Scrape interval of the test config. */
    public static final Duration SCRAPE_INTERVAL = Duration.ofSeconds(1);
    private static final ObjectMapper JSON = new ObjectMapper();
    private final Process process;
    private final int webPort;
    private final Path log;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private Prometheus(Process process, int webPort, Path log) {
        this.process = process;
        this.webPort = webPort;
        this.log = log;
    }

    /** @return the {@code prometheus} binary, or skips (fails under CLUSTERBENCH_REQUIRE_PROMETHEUS=1) */
    public static Path binary() {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator)) {
            Path p = Path.of(dir, "prometheus");
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        String reason = "the Prometheus scrape test needs Debian's prometheus package (apt-get install prometheus)";
        if ("1".equals(System.getenv("CLUSTERBENCH_REQUIRE_PROMETHEUS"))) {
            throw new IllegalStateException(reason + ", and CLUSTERBENCH_REQUIRE_PROMETHEUS=1");
        }
        Assumptions.abort(reason);
        return null;
    }

    /**
     * Starts Prometheus scraping {@code 127.0.0.1:targetPort/metrics} every second and waits until it is ready and
     * has scraped the target once (see {@link #scrapedOnce}).
     *
     * @param dir a fresh directory for its config, data and log
     */
    public static Prometheus start(Path dir, int targetPort) throws IOException, InterruptedException {
        Path bin = binary();
        int webPort = freePort();
        Path config = dir.resolve("prometheus.yml");
        Files.writeString(config, "global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\n"
                + "scrape_configs:\n  - job_name: clusterbench\n    static_configs:\n"
                + "      - targets: ['127.0.0.1:" + targetPort + "']\n");
        Path log = dir.resolve("prometheus.log");
        Process p = new ProcessBuilder(bin.toString(), "--config.file=" + config,
                "--storage.tsdb.path=" + dir.resolve("data"), "--web.listen-address=127.0.0.1:" + webPort)
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        Prometheus prom = new Prometheus(p, webPort, log);
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            if (!p.isAlive()) {
                throw new IllegalStateException("prometheus exited: " + Files.readString(log));
            }
            try {
                if (prom.get("/-/ready").statusCode() == 200 && prom.scrapedOnce()) {
                    return prom;
                }
            } catch (IOException notYet) {
                // still starting
            }
            Thread.sleep(200);
        }
        prom.close();
        throw new IllegalStateException("prometheus not ready in 60 s: " + Files.readString(log));
    }

    /**
     * Prometheus applies its static targets only at its scrape manager's next reload (up to 5 s after it is
     * ready); a run started before that loses its first seconds to no scrape at all. Ready means the target was
     * scraped once (down is fine: the run has not started yet).
     */
    private boolean scrapedOnce() throws IOException, InterruptedException {
        HttpResponse<String> r = get("/api/v1/targets");
        if (r.statusCode() != 200) {
            return false;
        }
        for (JsonNode t : JSON.readTree(r.body()).path("data").path("activeTargets")) {
            if (!t.path("lastScrape").asText("0001").startsWith("0001")) {
                return true;
            }
        }
        return false;
    }

    /** @return a TCP port free on loopback right now */
    public static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        }
    }

    private HttpResponse<String> get(String pathAndQuery) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + webPort + pathAndQuery))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** @return the {@code data} node of an API call that must succeed; parameters as name, value, name, value… */
    public JsonNode api(String path, String... paramsAndValues) throws IOException, InterruptedException {
        StringBuilder q = new StringBuilder();
        for (int i = 0; i < paramsAndValues.length; i += 2) {
            q.append(i == 0 ? "?" : "&").append(paramsAndValues[i]).append('=')
                    .append(URLEncoder.encode(paramsAndValues[i + 1], StandardCharsets.UTF_8));
        }
        String value = String.join(" ", paramsAndValues);
        HttpResponse<String> r = get("/api/v1/" + path + q);
        JsonNode body = JSON.readTree(r.body());
        if (r.statusCode() != 200 || !"success".equals(body.path("status").asText())) {
            throw new IllegalStateException(path + " " + value + ": " + r.body());
        }
        return body.get("data");
    }

    /**
     * @param promql         an instant query
     * @param atEpochSeconds evaluation time, seconds since the epoch
     * @return its {@code result} array
     * @throws IllegalStateException when Prometheus rejects the query
     */
    public JsonNode queryAt(String promql, double atEpochSeconds) throws IOException, InterruptedException {
        return api("query", "query", promql, "time", String.format(java.util.Locale.ROOT, "%.3f", atEpochSeconds))
                .get("result");
    }

    /** @return the value of an instant query that yields exactly one sample */
    public double scalar(String promql) throws IOException, InterruptedException {
        JsonNode result = api("query", "query", promql).get("result");
        if (result.size() != 1) {
            throw new IllegalStateException(promql + " gave " + result.size() + " series: " + result);
        }
        return Double.parseDouble(result.get(0).get("value").get(1).asText());
    }

    /** @return Prometheus' own log so far */
    public String log() throws IOException {
        return Files.readString(log);
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
