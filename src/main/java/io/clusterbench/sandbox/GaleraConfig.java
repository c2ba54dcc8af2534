package io.clusterbench.sandbox;

import io.clusterbench.relay.RelayAddresses;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The option file of one sandbox node, after the verified loopback recipe in galera-local.md §1, sized to
 * fit three nodes and a load generator on two cores (64M buffer pool, two applier threads) and to pass the tool's
 * own pre-flight checks for the runs it deploys: a 512M gcache holds the 10 minutes of writes the gcache check asks
 * for at up to 0.85 MB/s of write sets averaged since the node's start (right after README's 2 × 10k-row prepare,
 * the last node to join, with the shortest uptime, averaged 0.54 MB/s: the prepare's bulk writes over a few seconds
 * of uptime), and the Performance Schema is on, so explain has its wait events.
 *
 * <p>Thread-safe (stateless).
 */
final class GaleraConfig {
    /** InnoDB buffer pool per node. */
    static final String BUFFER_POOL = "64M";
    /** Galera write-set cache per node ({@code gcache.size}). */
    static final String GCACHE = "512M";
    /** Applier threads per node ({@code wsrep_slave_threads}). */
    static final int APPLIER_THREADS = 2;

    private GaleraConfig() {
    }

    /**
     * @param dir      the sandbox directory (absolute)
     * @param node     the node
     * @param all      every node of the cluster (for {@code wsrep_cluster_address})
     * @param state    cluster name and durability setting
     * @param install  where the provider is
     * @param asUser   {@code user=} line value ({@code mysql} when started by root), or null to omit it
     * @return the text of the node's {@code my.cnf}
     */
    static String text(Path dir, SandboxNode node, List<SandboxNode> all, SandboxState state, GaleraInstall install,
                       String asUser) {
        // With the relay, a node binds its group and IST listeners to its private address and the others reach it
        // at its public address, where the relay listens (RelayAddresses); SST stays direct on 127.0.0.1.
        boolean relay = state.relay();
        String bind = relay ? RelayAddresses.privateHost(node.index()) : "127.0.0.1";
        String advertised = relay ? RelayAddresses.publicHost(node.index()) : "127.0.0.1";
        List<String> members = new ArrayList<>();
        for (SandboxNode n : all) {
            members.add((relay ? RelayAddresses.publicHost(n.index()) : "127.0.0.1") + ":" + n.galeraPort());
        }
        Path nd = node.dir(dir);
        StringBuilder b = new StringBuilder();
        b.append("# clusterbench sandbox node ").append(node.name()).append(" (generated; see sandbox.json)\n");
        b.append("[mysqld]\n");
        if (asUser != null) {
            b.append("user=").append(asUser).append('\n');
        }
        b.append("datadir=").append(node.dataDir(dir)).append('\n');
        b.append("socket=").append(nd.resolve("sock")).append('\n');
        b.append("pid-file=").append(nd.resolve("pid")).append('\n');
        b.append("port=").append(node.sqlPort()).append('\n');
        b.append("bind-address=127.0.0.1\n");
        b.append("log-error=").append(node.errorLog(dir)).append('\n');
        b.append("innodb_buffer_pool_size=").append(BUFFER_POOL).append('\n');
        b.append("innodb_log_file_size=32M\n");
        b.append("innodb_flush_log_at_trx_commit=").append(state.flushLogAtTrxCommit()).append('\n');
        b.append("performance_schema=ON\n");
        b.append("query_cache_type=0\nquery_cache_size=0\n");
        b.append("max_connections=300\n");
        b.append("binlog_format=ROW\n");
        b.append("default_storage_engine=InnoDB\n");
        b.append("innodb_autoinc_lock_mode=2\n");
        b.append("wsrep_on=ON\n");
        b.append("wsrep_provider=").append(install.provider()).append('\n');
        b.append("wsrep_cluster_name=").append(state.clusterName()).append('\n');
        b.append("wsrep_cluster_address=gcomm://").append(String.join(",", members)).append('\n');
        b.append("wsrep_node_name=").append(node.name()).append('\n');
        b.append("wsrep_node_address=").append(advertised).append(':').append(node.galeraPort()).append('\n');
        b.append("wsrep_node_incoming_address=127.0.0.1:").append(node.sqlPort()).append('\n');
        b.append("wsrep_provider_options=\"gmcast.listen_addr=tcp://").append(bind).append(':').append(node.galeraPort())
                .append(";ist.recv_addr=").append(advertised).append(':').append(node.istPort());
        if (relay) {
            b.append(";ist.recv_bind=").append(bind).append(':').append(node.istPort());
        }
        b.append(";gcache.size=").append(GCACHE).append("\"\n");
        b.append("wsrep_slave_threads=").append(APPLIER_THREADS).append('\n');
        b.append("wsrep_sst_method=rsync\n");
        b.append("wsrep_sst_receive_address=127.0.0.1:").append(node.sstPort()).append('\n');
        return b.toString();
    }
}
