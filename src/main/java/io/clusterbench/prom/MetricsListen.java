package io.clusterbench.prom;

import io.clusterbench.UserException;

import java.time.Duration;
import java.util.Locale;

/**
 * Where the metrics endpoint listens ({@code --metrics-listen HOST:PORT}) and how long it stays up after the
 * run ({@code --metrics-linger}). Immutable.
 *
 * @param host   address to bind: {@code 127.0.0.1} (loopback) unless a host is given
 * @param port   TCP port, 0..65535; 0 picks a free port (printed at start)
 * @param linger how long the endpoint stays up after the last step ends, so the last scrape sees the final
 *               values; &ge; 0
 */
public record MetricsListen(String host, int port, Duration linger) {
    /** Default {@code --metrics-linger}: one scrape at Prometheus' default 15 s interval still sees the end. */
    public static final String DEFAULT_LINGER = "15s";
    /** The host bound when {@code --metrics-listen} names only a port. */
    public static final String LOOPBACK = "127.0.0.1";
    /** Longest accepted {@code --metrics-linger}. */
    static final Duration MAX_LINGER = Duration.ofHours(1);

    /**
     * @param listen {@code HOST:PORT}, {@code :PORT} or {@code PORT} ({@code [v6addr]:PORT} for IPv6); null = off
     * @param linger {@code --metrics-linger}: {@code 15s}, {@code 500ms}, {@code 2m} or plain seconds
     * @return the parsed setting, or null when {@code listen} is null (no endpoint)
     * @throws UserException naming the bad value and the accepted forms
     */
    public static MetricsListen parse(String listen, String linger) {
        Duration lingerDuration = parseLinger(linger == null ? DEFAULT_LINGER : linger);
        if (listen == null) {
            return null;
        }
        String s = listen.strip();
        int colon = s.lastIndexOf(':');
        String host = colon < 0 ? "" : s.substring(0, colon);
        String port = colon < 0 ? s : s.substring(colon + 1);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        try {
            int p = Integer.parseInt(port);
            if (p >= 0 && p <= 65_535 && !host.contains(" ")) {
                return new MetricsListen(host.isEmpty() ? LOOPBACK : host, p, lingerDuration);
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UserException("invalid --metrics-listen '" + listen + "'",
                "give HOST:PORT or PORT (port 0..65535; loopback when no host), e.g. --metrics-listen 127.0.0.1:9470");
    }

    /** @return the linger as a duration @throws UserException when it is not a duration from 0 to 1 h */
    static Duration parseLinger(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        try {
            Duration d;
            if (t.endsWith("ms")) {
                d = Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
            } else if (t.endsWith("s")) {
                d = Duration.ofMillis(Math.round(Double.parseDouble(t.substring(0, t.length() - 1)) * 1000));
            } else if (t.endsWith("m")) {
                d = Duration.ofMillis(Math.round(Double.parseDouble(t.substring(0, t.length() - 1)) * 60_000));
            } else {
                d = Duration.ofMillis(Math.round(Double.parseDouble(t) * 1000));
            }
            if (!d.isNegative() && d.compareTo(MAX_LINGER) <= 0) {
                return d;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UserException("invalid --metrics-linger '" + text + "'",
                "give a duration from 0 to 1h, e.g. 15s, 500ms or 2m");
    }

    /** @return {@code host:port} as given to the HTTP server ({@code [v6]:port} for IPv6) */
    public String address() {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }
}
