package io.clusterbench.db;

/**
 * One server address: a TCP host and port, or a Unix socket path.
 *
 * <p>Immutable.
 *
 * @param host   host name or IP address; ignored when {@code socket} is set
 * @param port   TCP port, 1–65535
 * @param socket Unix socket path, or {@code null} for TCP
 */
public record Endpoint(String host, int port, String socket) {
    /** @return {@code host:port} or the socket path, for messages and per-endpoint results */
    public String label() {
        return socket != null ? socket : host + ":" + port;
    }
}
