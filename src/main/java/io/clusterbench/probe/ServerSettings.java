package io.clusterbench.probe;

import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Target;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The server variables that decide what a history may show, read on every node before {@code probe anomalies} runs:
 * durability ({@code innodb_flush_log_at_trx_commit}, {@code sync_binlog}), InnoDB's write-conflict check at
 * REPEATABLE READ ({@code innodb_snapshot_isolation}, MariaDB 10.6.18+; ON by default from 11.6.2), the global
 * isolation and causal-wait defaults, and Galera's certification settings, so a result says what it ran against.
 *
 * <p>Thread-safe (stateless).
 */
public final class ServerSettings {
    /** The variables read, in the order printed. */
    static final List<String> NAMES = List.of("innodb_flush_log_at_trx_commit", "sync_binlog",
            "innodb_snapshot_isolation", "tx_isolation", "transaction_isolation", "wsrep_sync_wait",
            "wsrep_certify_nonpk", "wsrep_retry_autocommit", "binlog_format");

    private ServerSettings() {
    }

    /**
     * @param target bounded timeouts, no session settings
     * @param names  node name per endpoint
     * @return per node, each variable it has (a node that does not answer is left out)
     */
    public static Map<String, Map<String, String>> read(Target target, List<String> names) {
        Map<String, Map<String, String>> out = new LinkedHashMap<>();
        String in = String.join(", ", NAMES.stream().map(n -> "'" + n + "'").toList());
        for (int e = 0; e < target.endpoints().size(); e++) {
            try (Connection c = target.open(target.endpoints().get(e)); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SHOW GLOBAL VARIABLES WHERE Variable_name IN (" + in + ")")) {
                Map<String, String> found = new java.util.HashMap<>();
                while (rs.next()) {
                    found.put(rs.getString(1).toLowerCase(java.util.Locale.ROOT), rs.getString(2));
                }
                Map<String, String> vars = new LinkedHashMap<>();
                NAMES.stream().filter(found::containsKey).forEach(n -> vars.put(n, found.get(n)));
                out.put(names.get(e), vars);
            } catch (DbFailure | SQLException ignored) {
                // unreachable: left out
            }
        }
        return out;
    }

    /** @return e.g. {@code Server: innodb_flush_log_at_trx_commit=2, … on every node}, or per node where they differ */
    public static String line(Map<String, Map<String, String>> byNode) {
        if (byNode.isEmpty()) {
            return "Server: no node answered";
        }
        List<Map<String, String>> distinct = byNode.values().stream().distinct().toList();
        if (distinct.size() == 1) {
            return "Server: " + join(distinct.get(0)) + " on every node";
        }
        List<String> parts = new ArrayList<>();
        byNode.forEach((node, vars) -> parts.add(node + ": " + join(vars)));
        return "Server (nodes differ): " + String.join("; ", parts);
    }

    private static String join(Map<String, String> vars) {
        List<String> out = new ArrayList<>();
        vars.forEach((k, v) -> out.add(k + "=" + v));
        return String.join(", ", out);
    }
}
