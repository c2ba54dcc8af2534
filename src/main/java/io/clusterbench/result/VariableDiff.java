package io.clusterbench.result;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Server variables ({@code SHOW GLOBAL VARIABLES} at start) whose values differ between results, leaving
 * out those that differ between any two servers or runs without changing how the server behaves: identity
 * (ids, uuids, host names), places (ports, sockets, paths, file names) and moving positions (GTIDs,
 * timestamps). The list is {@link #ALWAYS_DIFFERENT} plus the name endings {@link #ALWAYS_DIFFERENT_SUFFIXES};
 * it is documented in docs/metrics.md ("Differing server variables").
 *
 * <p>Thread-safe (stateless).
 */
public final class VariableDiff {
    /** Variable names (lower case) that differ between servers or runs by nature, compared exactly. */
    public static final Set<String> ALWAYS_DIFFERENT = Collections.unmodifiableSet(new TreeSet<>(List.of(
            // identity
            "hostname", "server_id", "server_uuid", "server_uid", "report_host", "report_port", "report_user", "report_password",
            "wsrep_node_name", "wsrep_node_address", "wsrep_node_incoming_address", "wsrep_sst_receive_address",
            "wsrep_cluster_address", "wsrep_provider_options", "pseudo_thread_id", "rand_seed1", "rand_seed2",
            // places: ports, sockets, addresses, directories, files
            "port", "extra_port", "admin_port", "mysqlx_port", "socket", "mysqlx_socket", "bind_address",
            "admin_address", "mysqlx_bind_address", "datadir", "basedir", "tmpdir", "slave_load_tmpdir",
            "innodb_tmpdir", "log_error", "log_bin_index", "relay_log", "relay_log_index", "log_basename",
            "secure_file_priv", "ssl_ca", "ssl_capath", "ssl_cert", "ssl_key", "ssl_crl", "ssl_crlpath",
            "innodb_temp_data_file_path", "innodb_undo_directory", "innodb_data_home_dir",
            "innodb_log_group_home_dir", "plugin_dir", "character_sets_dir", "lc_messages_dir",
            // moving positions and clocks
            "gtid_binlog_pos", "gtid_binlog_state", "gtid_current_pos", "gtid_slave_pos", "gtid_executed",
            "gtid_purged", "gtid_owned", "wsrep_start_position", "timestamp", "last_insert_id", "insert_id",
            "identity", "warning_count", "error_count", "last_gtid", "debug_sync", "in_transaction")));

    /**
     * Name endings (lower case) of variables that hold a place on disk: {@code pid_file},
     * {@code general_log_file}, {@code slow_query_log_file}, {@code log_bin_basename}, {@code aria_log_dir_path}, … .
     */
    public static final List<String> ALWAYS_DIFFERENT_SUFFIXES = List.of("_file", "_filename", "_dir",
            "_directory", "_dir_path", "_basename");

    private VariableDiff() {
    }

    /**
     * One variable that differs.
     *
     * @param name   the variable name as the first result spells it
     * @param values one value per result, in order; null where a result does not have the variable
     */
    public record Entry(String name, List<String> values) {
    }

    /** @return true when {@code name} is left out of the diff because it always differs */
    public static boolean alwaysDifferent(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return ALWAYS_DIFFERENT.contains(n) || ALWAYS_DIFFERENT_SUFFIXES.stream().anyMatch(n::endsWith);
    }

    /**
     * Compares variable snapshots. Names are compared case-insensitively; a variable present in some
     * results and absent in others differs.
     *
     * @param snapshots one map per result (name → value), in order; a null map counts as "no variables
     *                  recorded" and does not make every variable differ
     * @return the differing variables that are not {@link #alwaysDifferent}, sorted by name
     */
    public static List<Entry> of(List<Map<String, String>> snapshots) {
        Map<String, String> spelling = new LinkedHashMap<>();
        List<Map<String, String>> lower = new ArrayList<>();
        for (Map<String, String> s : snapshots) {
            Map<String, String> m = new LinkedHashMap<>();
            if (s != null) {
                s.forEach((k, v) -> {
                    String key = k.toLowerCase(Locale.ROOT);
                    m.put(key, v);
                    spelling.putIfAbsent(key, k);
                });
            }
            lower.add(s == null ? null : m);
        }
        List<Entry> out = new ArrayList<>();
        for (String key : new TreeSet<>(spelling.keySet())) {
            if (alwaysDifferent(key)) {
                continue;
            }
            List<String> values = new ArrayList<>();
            for (Map<String, String> m : lower) {
                values.add(m == null ? null : m.get(key));
            }
            List<String> recorded = new ArrayList<>();
            for (int i = 0; i < lower.size(); i++) {
                if (lower.get(i) != null) {
                    recorded.add(values.get(i));
                }
            }
            if (recorded.stream().distinct().count() > 1) {
                out.add(new Entry(spelling.get(key), Collections.unmodifiableList(values)));
            }
        }
        return out;
    }

    /** @return the variable snapshot of {@code doc}, or null when the document records none */
    public static Map<String, String> variablesOf(ResultDocument doc) {
        return doc.server() == null ? null : doc.server().variables();
    }
}
