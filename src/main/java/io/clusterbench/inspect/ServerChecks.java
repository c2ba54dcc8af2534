package io.clusterbench.inspect;

import io.clusterbench.result.Finding;
import io.clusterbench.result.FindingLevel;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * Checks of one server against the plan: connection limits, table cache and open files, working set
 * against the buffer pool, and the host's memory and disk when the server is local. Codes and thresholds:
 * docs/inspect.md.
 *
 * <p>Thread-safe (stateless).
 */
final class ServerChecks {
    /** Connections the tool opens beside its workers on each endpoint (observer and checks). */
    static final int RESERVED_CONNECTIONS = 2;

    private ServerChecks() {
    }

    /**
     * @param endpoints how many endpoints share the planned threads (round-robin routing), &gt;= 1
     * @return the findings for {@code s}, errors first
     */
    static List<Finding> of(EndpointSnapshot s, InspectPlan plan, int endpoints) {
        List<Finding> out = new ArrayList<>();
        int threads = (plan.maxThreads() + endpoints - 1) / endpoints;
        int needed = threads + RESERVED_CONNECTIONS;
        connections(s, threads, needed, out);
        tableCache(s, plan, needed, out);
        workingSet(s, plan, out);
        return out;
    }

    private static void connections(EndpointSnapshot s, int threads, int needed, List<Finding> out) {
        long max = s.variableLong("max_connections", -1);
        long connected = Math.max(0, s.statusLong("threads_connected", 1) - 1);
        String plan = needed + " connections planned (" + threads + " threads + " + RESERVED_CONNECTIONS
                + " for the observer and checks)";
        if (max >= 0 && max < needed) {
            out.add(new Finding(FindingLevel.ERROR, "max-connections", s.endpoint(), "max_connections = " + max + " < " + plan,
                    "connections beyond it are refused with error 1040 and the run stops or measures fewer threads",
                    "SET GLOBAL max_connections = " + (needed + 50) + " (and in the server's config), or plan fewer threads"));
        } else if (max >= 0 && max - connected < needed) {
            out.add(new Finding(FindingLevel.ERROR, "connections-in-use", s.endpoint(), connected + " of max_connections = "
                    + max + " are in use by other clients, " + (max - connected) + " left < " + plan,
                    "connections beyond the limit are refused with error 1040",
                    "stop the other clients or raise max_connections"));
        }
        long perUser = s.variableLong("max_user_connections", 0);
        if (perUser > 0 && perUser < needed) {
            out.add(new Finding(FindingLevel.ERROR, "max-user-connections", s.endpoint(), "max_user_connections = " + perUser
                    + " < " + plan, "one account cannot open more; error 1203 stops the run",
                    "SET GLOBAL max_user_connections = 0 (no limit) or at least " + needed));
        }
        if ("pool-of-threads".equalsIgnoreCase(s.variable("thread_handling"))) {
            long poolMax = s.variableLong("thread_pool_max_threads", Long.MAX_VALUE);
            if (poolMax < threads) {
                out.add(new Finding(FindingLevel.WARNING, "thread-pool-max-threads", s.endpoint(), "thread pool with "
                        + "thread_pool_max_threads = " + poolMax + " < " + threads + " planned threads",
                        "statements wait in the pool's queue when that many are blocked: latency measures the queue",
                        "raise thread_pool_max_threads to at least " + threads));
            }
        }
    }

    private static void tableCache(EndpointSnapshot s, InspectPlan plan, int needed, List<Finding> out) {
        int tables = plan.tables().size();
        long cache = s.variableLong("table_open_cache", -1);
        long wanted = (long) tables + needed;
        if (cache >= 0 && cache < wanted) {
            out.add(new Finding(FindingLevel.WARNING, "table-open-cache", s.endpoint(), "table_open_cache = " + cache + " < "
                    + wanted + " (" + tables + " tables + " + needed + " connections, each holding an open table)",
                    "tables are closed and reopened during the run (Opened_tables climbs); the cost lands in latency",
                    "SET GLOBAL table_open_cache = " + Math.max(wanted, 2000)));
        }
        long files = s.variableLong("open_files_limit", -1);
        long fileNeed = needed + 2L * tables + 10;
        if (files >= 0 && files < fileNeed) {
            out.add(new Finding(FindingLevel.WARNING, "open-files-limit", s.endpoint(), "open_files_limit = " + files + " < "
                    + fileNeed + " (a descriptor per connection, up to two per table, and the server's own files)",
                    "the server fails to open tables or accept connections (errors 23/24, 1040)",
                    "raise LimitNOFILE/open_files_limit in the server's config and restart it"));
        }
    }

    private static void workingSet(EndpointSnapshot s, InspectPlan plan, List<Finding> out) {
        Set<String> wanted = new TreeSet<>(plan.tables());
        long measured = 0;
        int present = 0;
        boolean innodb = true;
        for (SchemaTable t : s.tables()) {
            if (wanted.contains(t.name())) {
                measured += t.bytes();
                present++;
                innodb &= "InnoDB".equalsIgnoreCase(t.engine());
            }
        }
        boolean allPresent = present == wanted.size() && present > 0;
        long bytes = allPresent ? measured
                : plan.plannedRows() > 0 && plan.rowBytes() > 0 ? plan.plannedRows() * plan.rowBytes() : -1;
        if (bytes < 0 || !innodb) {
            return;
        }
        String source = allPresent ? "measured from the tables" : "estimated: " + plan.plannedRows() + " rows × "
                + plan.rowBytes() + " B";
        long pool = s.variableLong("innodb_buffer_pool_size", -1);
        if (pool > 0 && bytes > pool) {
            out.add(new Finding(FindingLevel.WARNING, "working-set", s.endpoint(), "working set " + mb(bytes) + " (" + source
                    + ") > innodb_buffer_pool_size " + mb(pool),
                    "reads and writes go to disk: the run measures the storage, not the server's CPU path",
                    "raise innodb_buffer_pool_size above " + mb(bytes * 5 / 4) + " or use fewer rows (--table-size)"));
        }
        if (!allPresent && s.local()) {
            long free = HostFacts.usableBytes(s.variable("datadir"));
            if (free >= 0 && free < 2 * bytes) {
                out.add(new Finding(FindingLevel.WARNING, "disk-space", s.endpoint(), "datadir " + s.variable("datadir")
                        + " has " + mb(free) + " free < twice the estimated tables (" + mb(bytes) + ")",
                        "prepare fails when the disk fills (error 1114/28), or the redo log and temp files do",
                        "free space or use fewer rows"));
            }
        }
    }

    /**
     * Host checks over the local endpoints together: their buffer pools against the host's memory.
     *
     * @return the findings, empty when no endpoint is local
     */
    static List<Finding> host(List<EndpointSnapshot> snapshots, HostFacts host) {
        long pools = 0;
        int local = 0;
        for (EndpointSnapshot s : snapshots) {
            if (s.local()) {
                pools += Math.max(0, s.variableLong("innodb_buffer_pool_size", 0));
                local++;
            }
        }
        if (local == 0 || host.memoryBytes() <= 0 || pools <= host.memoryBytes() * 9 / 10) {
            return List.of();
        }
        return List.of(new Finding(FindingLevel.WARNING, "host-memory", "", local + " local server(s) with buffer pools of "
                + mb(pools) + " in total on a host with " + mb(host.memoryBytes()) + " of memory",
                "the host swaps or the kernel kills a server (OOM) once the pools fill",
                "lower innodb_buffer_pool_size so the pools stay under 90% of memory"));
    }

    static String mb(long bytes) {
        return String.format(Locale.ROOT, "%.1f MB", bytes / 1048576.0);
    }
}
