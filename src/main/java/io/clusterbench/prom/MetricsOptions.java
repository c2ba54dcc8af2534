package io.clusterbench.prom;

import picocli.CommandLine.Option;

/**
 * {@code --metrics-listen} and {@code --metrics-linger} of {@code run}, {@code sweep} and {@code probe}: picocli
 * mixin (docs/monitoring.md).
 *
 * <p>Confined to the command's thread.
 */
public final class MetricsOptions {
    @Option(names = "--metrics-listen", paramLabel = "HOST:PORT",
            description = "Serve live metrics for Prometheus (text format, OpenMetrics, native histograms) at "
                    + "http://HOST:PORT/metrics while the command runs; PORT alone binds loopback, port 0 picks a "
                    + "free one. Default: off. See docs/monitoring.md.")
    String listen;

    @Option(names = "--metrics-linger", paramLabel = "DURATION", defaultValue = MetricsListen.DEFAULT_LINGER,
            description = "How long the metrics endpoint stays up after the run, so the last scrape sees the final "
                    + "values (15s, 500ms, 2m; 0 = stop at once). Default: ${DEFAULT-VALUE}.")
    String linger;

    /** @return the endpoint setting, or null when {@code --metrics-listen} is not given @throws io.clusterbench.UserException */
    public MetricsListen spec() {
        return MetricsListen.parse(listen, linger);
    }
}
