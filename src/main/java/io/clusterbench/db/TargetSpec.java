package io.clusterbench.db;

import java.util.List;

/**
 * The target as the user gave it, before credentials are looked up and before the embedded server starts
 * (see {@link ResolvedTarget}). Immutable; the password is never part of {@link #toString()}.
 *
 * @param hosts                 host names or {@code host:port}, or empty for the embedded server
 * @param ports                 TCP ports paired with {@code hosts} by position, or one for all; may be empty
 * @param sockets               Unix socket paths instead of TCP; may be empty
 * @param user                  user, or null to look it up ({@code ~/.my.cnf}, then sbtest)
 * @param password              password, or null to look it up ({@code MYSQL_PWD}, {@code ~/.my.cnf})
 * @param database              database holding the tables, or null for sbtest
 * @param psMode                {@code auto} (server-side prepared statements) or {@code disable}
 * @param connectTimeoutSeconds connect timeout in seconds, &gt; 0
 * @param serverPid             the server's process id on this host, or 0 to find it from the port
 * @param keep                  keep the embedded server's data directory on exit
 * @param tls                   how connections use TLS ({@code --ssl-mode}, {@code --ssl-ca}, client key)
 */
public record TargetSpec(List<String> hosts, List<Integer> ports, List<String> sockets, String user, String password,
                         String database, String psMode, int connectTimeoutSeconds, long serverPid, boolean keep,
                         Tls tls) {

    public TargetSpec {
        hosts = hosts == null ? List.of() : List.copyOf(hosts);
        ports = ports == null ? List.of() : List.copyOf(ports);
        sockets = sockets == null ? List.of() : List.copyOf(sockets);
    }

    /** @return true when neither a host nor a socket was given: the embedded server is the target */
    public boolean embedded() {
        return hosts.isEmpty() && sockets.isEmpty();
    }

    @Override
    public String toString() {
        return "TargetSpec[hosts=" + hosts + ", ports=" + ports + ", sockets=" + sockets + ", user=" + user
                + ", database=" + database + "]";
    }
}
