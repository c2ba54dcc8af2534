package io.clusterbench.observe;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The effective Galera flow-control parameters, read back from {@code wsrep_provider_options} rather than
 * assumed (galera-local.md pitfall 5: {@code gcs.fc_factor} was 1.0 at runtime against 0.5 in the docs, and
 * {@code gcs.fc_limit} is scaled by √N in multi-primary mode).
 *
 * <p>Thread-safe (stateless).
 */
final class FlowControlSettings {
    private static final String[] KEYS = {"gcs.fc_limit", "gcs.fc_factor", "gcs.fc_single_primary",
        "gcs.fc_master_slave", "gcache.size", "repl.causal_read_timeout"};

    private FlowControlSettings() {
    }

    /** @return the parameters found, by provider option name (e.g. {@code gcs.fc_limit}); empty when unreadable */
    static Map<String, String> read(Connection c) {
        Map<String, String> out = new LinkedHashMap<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT @@GLOBAL.wsrep_provider_options")) {
            if (rs.next() && rs.getString(1) != null) {
                Map<String, String> all = new LinkedHashMap<>();
                for (String part : rs.getString(1).split(";")) {
                    int eq = part.indexOf('=');
                    if (eq > 0) {
                        all.put(part.substring(0, eq).strip(), part.substring(eq + 1).strip());
                    }
                }
                for (String k : KEYS) {
                    if (all.containsKey(k)) {
                        out.put(k, all.get(k));
                    }
                }
            }
        } catch (SQLException e) {
            // not readable (privilege, not Galera): no facts
        }
        return out;
    }
}
