package io.clusterbench.prom;

import io.clusterbench.UserException;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot.HistogramDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;

import java.io.IOException;
import java.net.BindException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * The {@code --metrics-listen} endpoint: the official Prometheus Java client's HTTP server on its own registry,
 * serving {@code /metrics} in the Prometheus text format, OpenMetrics or protobuf (native histograms), as the
 * scraper asks. One per command; each step of a run, sweep or probe adds its {@link StepSeries}, and every
 * step's series stay exposed until the server closes, so a scrape after a step still sees its final values.
 *
 * <p>Usage: {@code try (MetricsServer s = MetricsServer.start(listen, console::line)) { StepSeries st =
 * s.step(labels, classes); ... st.interval(record, sample); ... st.finished(); }}.
 *
 * <p>Thread-safe: steps are added from the command's thread, scrapes run on the HTTP server's threads and read
 * only published immutable lists.
 */
public final class MetricsServer implements AutoCloseable {
    /** The run labels every series carries, in this order. */
    public static final List<String> RUN_LABELS = List.of("run", "workload", "threads", "step", "repeat",
            "consistency", "shard");

    private final MetricsListen listen;
    private final HTTPServer http;
    private final Consumer<String> lines;
    private final List<StepSeries> steps = new CopyOnWriteArrayList<>();
    private volatile boolean skipLinger;

    private MetricsServer(MetricsListen listen, HTTPServer http, PrometheusRegistry registry, Consumer<String> lines) {
        this.listen = listen;
        this.http = http;
        this.lines = lines;
        registry.register((MultiCollector) this::collect);
    }

    /**
     * Binds and starts serving (an empty page until the first step).
     *
     * @param listen where to listen
     * @param lines  receives the start and linger lines
     * @return the running server
     * @throws UserException when the address cannot be bound (port in use, unknown host, not a local address)
     */
    public static MetricsServer start(MetricsListen listen, Consumer<String> lines) {
        PrometheusRegistry registry = new PrometheusRegistry();
        HTTPServer http;
        try {
            http = HTTPServer.builder().hostname(listen.host()).port(listen.port()).registry(registry).buildAndStart();
        } catch (BindException e) {
            throw new UserException("cannot listen on --metrics-listen " + listen.address() + ": " + reason(e),
                    "choose a free port (e.g. --metrics-listen " + listen.host() + ":0 picks one) or stop what uses it");
        } catch (IOException | RuntimeException e) {
            throw new UserException("cannot listen on --metrics-listen " + listen.address() + ": " + reason(e),
                    "give a local address and a free port, e.g. --metrics-listen 127.0.0.1:9470");
        }
        MetricsServer server = new MetricsServer(listen, http, registry, lines);
        lines.accept("Metrics: http://" + new MetricsListen(listen.host(), http.getPort(), listen.linger()).address()
                + "/metrics (Prometheus/OpenMetrics; stays up " + listen.linger().toMillis() / 1000.0
                + " s after the run, --metrics-linger)");
        return server;
    }

    private static String reason(Exception e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.toLowerCase(java.util.Locale.ROOT).contains("already in use") ? "the port is in use" : m;
    }

    /** @return the bound TCP port (the one picked when 0 was given) */
    public int port() {
        return http.getPort();
    }

    /**
     * Starts a step's series.
     *
     * @param runLabels  values of {@link #RUN_LABELS}, by name; an empty value is exposed as {@code none}
     * @param classNames the workload's statement classes in class-id order
     * @return the step's series, exposed from now on
     */
    public StepSeries step(Map<String, String> runLabels, List<String> classNames) {
        List<String> values = new ArrayList<>();
        for (String name : RUN_LABELS) {
            String v = runLabels.get(name);
            values.add(v == null || v.isEmpty() ? "none" : v);
        }
        StepSeries s = new StepSeries(Labels.of(RUN_LABELS, values), classNames);
        steps.add(s);
        return s;
    }

    /** The run was interrupted: close without lingering. */
    public void skipLinger() {
        skipLinger = true;
    }

    /** @return every step's series as one snapshot per metric (called by the HTTP server's threads) */
    MetricSnapshots collect() {
        Map<PromMetric, List<StepSeries.Point>> byMetric = new EnumMap<>(PromMetric.class);
        for (StepSeries s : steps) {
            for (StepSeries.Point p : s.points()) {
                byMetric.computeIfAbsent(p.metric(), k -> new ArrayList<>()).add(p);
            }
        }
        List<MetricSnapshot> out = new ArrayList<>();
        byMetric.forEach((metric, points) -> out.add(snapshot(metric, points)));
        return new MetricSnapshots(out);
    }

    private static MetricSnapshot snapshot(PromMetric metric, List<StepSeries.Point> points) {
        MetricMetadata meta = new MetricMetadata(metric.promName(), metric.help());
        return switch (metric.kind()) {
            case COUNTER -> {
                List<CounterDataPointSnapshot> d = new ArrayList<>();
                points.forEach(p -> d.add(new CounterDataPointSnapshot(p.value(), p.labels(), null, 0)));
                yield new CounterSnapshot(meta, d);
            }
            case GAUGE -> {
                List<GaugeDataPointSnapshot> d = new ArrayList<>();
                points.forEach(p -> d.add(new GaugeDataPointSnapshot(p.value(), p.labels(), null)));
                yield new GaugeSnapshot(meta, d);
            }
            case HISTOGRAM -> {
                List<HistogramDataPointSnapshot> d = new ArrayList<>();
                points.forEach(p -> d.add(p.histogram()));
                yield new HistogramSnapshot(meta, d);
            }
        };
    }

    /**
     * Keeps serving for {@code --metrics-linger} (unless {@link #skipLinger} was called or the thread is
     * interrupted), then stops the HTTP server.
     */
    @Override
    public void close() {
        try {
            if (!skipLinger && !listen.linger().isZero()) {
                lines.accept("Metrics endpoint stays up " + listen.linger().toMillis() / 1000.0
                        + " s for the last scrape (--metrics-linger)...");
                Thread.sleep(listen.linger().toMillis());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            http.close();
        }
    }
}
