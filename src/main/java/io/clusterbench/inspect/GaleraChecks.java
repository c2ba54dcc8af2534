package io.clusterbench.inspect;

import io.clusterbench.result.Finding;
import io.clusterbench.result.FindingLevel;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Galera rules (Galera Cluster "known limitations"; MariaDB Galera "mandatory options"; PXC strict mode):
 * node state, binlog format, auto-increment lock mode, InnoDB-only tables with primary keys, applier
 * threads, gcache coverage, flow-control limit and a cluster-wide {@code wsrep_sync_wait}.
 *
 * <p>Thread-safe (stateless).
 */
final class GaleraChecks {
    private GaleraChecks() {
    }

    static void of(List<EndpointSnapshot> nodes, HostFacts host, List<Finding> out) {
        Set<String> tablesSeen = new TreeSet<>();
        for (EndpointSnapshot s : nodes) {
            state(s, out);
            settings(s, host, out);
            for (SchemaTable t : s.tables()) {
                if (tablesSeen.add(t.name())) {
                    table(t, out);
                }
            }
        }
        long size = nodes.get(0).statusLong("wsrep_cluster_size", nodes.size());
        if (size > nodes.size()) {
            out.add(new Finding(FindingLevel.INFO, "cluster-coverage", "", "load reaches " + nodes.size() + " of " + size
                    + " cluster nodes", "the other nodes only apply write sets; their load is not client load",
                    "list every node (--mysql-host a,b,c) to load the whole cluster"));
        }
    }

    private static void state(EndpointSnapshot s, List<Finding> out) {
        String status = s.status().getOrDefault("wsrep_cluster_status", "");
        String state = s.status().getOrDefault("wsrep_local_state_comment", "");
        if (!status.isEmpty() && !"Primary".equalsIgnoreCase(status)) {
            out.add(new Finding(FindingLevel.ERROR, "galera-not-primary", s.endpoint(), "wsrep_cluster_status = " + status,
                    "the node refuses queries (error 1047) until it rejoins the Primary Component",
                    "restore quorum (see docs) before the run"));
        } else if (!state.isEmpty() && !"Synced".equalsIgnoreCase(state)) {
            out.add(new Finding(FindingLevel.ERROR, "galera-not-synced", s.endpoint(), "wsrep_local_state_comment = " + state,
                    "a joining or donor node is not serving like the others; figures mix a state transfer in",
                    "wait until every node is Synced"));
        }
    }

    private static void settings(EndpointSnapshot s, HostFacts host, List<Finding> out) {
        String binlog = s.variable("binlog_format");
        if (!binlog.isEmpty() && !"ROW".equalsIgnoreCase(binlog)) {
            out.add(new Finding(FindingLevel.ERROR, "galera-binlog-format", s.endpoint(), "binlog_format = " + binlog,
                    "Galera replicates row events only; other formats are unsupported and can diverge nodes",
                    "SET GLOBAL binlog_format = 'ROW' (and in the config)"));
        }
        long lockMode = s.variableLong("innodb_autoinc_lock_mode", 2);
        if (lockMode != 2) {
            out.add(new Finding(FindingLevel.ERROR, "galera-autoinc-lock-mode", s.endpoint(), "innodb_autoinc_lock_mode = "
                    + lockMode, "Galera needs interleaved mode 2: with table-level AUTO-INC locks parallel appliers "
                    + "and concurrent inserts deadlock or serialise", "set innodb_autoinc_lock_mode = 2 in the "
                    + "config and restart"));
        }
        long appliers = s.variableLong("wsrep_slave_threads", s.variableLong("wsrep_applier_threads", 1));
        if (appliers <= 1) {
            out.add(new Finding(FindingLevel.WARNING, "galera-applier-threads", s.endpoint(), "wsrep_slave_threads = "
                    + appliers, "write sets from other nodes "
                    + "apply one at a time: the receive queue grows and flow control throttles the whole cluster",
                    "SET GLOBAL wsrep_slave_threads to about the node's core count"));
        }
        Map<String, String> provider = providerOptions(s.variable("wsrep_provider_options"));
        long fcLimit = parseLong(provider.get("gcs.fc_limit"), -1);
        if (fcLimit >= 0 && fcLimit < appliers) {
            out.add(new Finding(FindingLevel.WARNING, "galera-fc-limit", s.endpoint(), "gcs.fc_limit = " + fcLimit
                    + " < wsrep_slave_threads = " + appliers, "flow control pauses the cluster before every applier "
                    + "has work", "raise gcs.fc_limit to at least " + appliers * 2));
        }
        gcache(s, provider, out);
        long syncWait = s.variableLong("wsrep_sync_wait", 0);
        if (syncWait != 0) {
            out.add(new Finding(FindingLevel.WARNING, "galera-sync-wait-default", s.endpoint(), "global wsrep_sync_wait = "
                    + syncWait, "every session waits for causality: the cost of strict consistency is in every "
                    + "figure without being named", "SET GLOBAL wsrep_sync_wait = 0 and measure it with --consistency"));
        }
        String strict = s.variable("pxc_strict_mode");
        if (!strict.isEmpty() && !"ENFORCING".equalsIgnoreCase(strict)) {
            out.add(new Finding(FindingLevel.WARNING, "pxc-strict-mode", s.endpoint(), "pxc_strict_mode = " + strict,
                    "PXC lets unsupported features through (no primary key, MyISAM, statement binlog)",
                    "SET GLOBAL pxc_strict_mode = ENFORCING"));
        }
    }

    private static void gcache(EndpointSnapshot s, Map<String, String> provider, List<Finding> out) {
        long gcache = bytes(provider.get("gcache.size"));
        long uptime = s.statusLong("uptime", 0);
        long written = s.statusLong("wsrep_replicated_bytes", 0) + s.statusLong("wsrep_received_bytes", 0);
        if (gcache <= 0 || uptime <= 0 || written <= 0) {
            return;
        }
        double bytesPerSecond = (double) written / uptime;
        double minutes = gcache / bytesPerSecond / 60;
        if (minutes < ClusterChecks.GCACHE_MINUTES) {
            out.add(new Finding(FindingLevel.WARNING, "galera-gcache-size", s.endpoint(), String.format(Locale.ROOT,
                    "gcache.size %s holds %.1f min of writes at the average write-set rate since start (%.2f MB/s)",
                    ServerChecks.mb(gcache), minutes, bytesPerSecond / 1048576), "a node down longer than that "
                    + "rejoins by a full SST instead of IST: recovery figures measure a full copy", String.format(
                    Locale.ROOT, "raise gcache.size to at least %s", ServerChecks.mb((long) (bytesPerSecond * 60
                    * ClusterChecks.GCACHE_MINUTES)))));
        }
    }

    private static void table(SchemaTable t, List<Finding> out) {
        if (!"InnoDB".equalsIgnoreCase(t.engine())) {
            out.add(new Finding(FindingLevel.ERROR, "galera-non-innodb", "", "table " + t.name() + " uses " + t.engine(),
                    "Galera replicates InnoDB only: writes to it stay on one node and the nodes diverge",
                    "ALTER TABLE " + t.name() + " ENGINE=InnoDB"));
        }
        if (!t.hasPrimaryKey()) {
            out.add(new Finding(FindingLevel.ERROR, "galera-no-primary-key", "", "table " + t.name() + " has no primary key",
                    "Galera cannot certify or apply its rows reliably (DELETE unsupported, row order may differ "
                            + "between nodes, appliers scan the table per row)",
                    "add a primary key (ALTER TABLE " + t.name() + " ADD PRIMARY KEY ...)"));
        }
    }

    /** @return {@code wsrep_provider_options} ("a = 1; b = x") as a map, keys lower case */
    static Map<String, String> providerOptions(String options) {
        Map<String, String> m = new TreeMap<>();
        for (String part : options.split(";")) {
            int eq = part.indexOf('=');
            if (eq > 0) {
                m.put(part.substring(0, eq).trim().toLowerCase(Locale.ROOT), part.substring(eq + 1).trim());
            }
        }
        return m;
    }

    /** @return a Galera size ("128M", "1G", "4096") in bytes, or -1 when absent or malformed */
    static long bytes(String size) {
        if (size == null || size.isEmpty()) {
            return -1;
        }
        String s = size.trim().toUpperCase(Locale.ROOT);
        long unit = switch (s.charAt(s.length() - 1)) {
            case 'K' -> 1L << 10;
            case 'M' -> 1L << 20;
            case 'G' -> 1L << 30;
            case 'T' -> 1L << 40;
            default -> 1;
        };
        return parseLong(unit == 1 ? s : s.substring(0, s.length() - 1), -1) * (unit == 1 ? 1 : unit);
    }

    private static long parseLong(String v, long fallback) {
        try {
            return v == null ? fallback : Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            return fallback;
        }
    }
}
