package io.clusterbench.cli;

import io.clusterbench.sandbox.SandboxDir;
import io.clusterbench.relay.LinkSpec;
import io.clusterbench.sandbox.GaleraSandbox;
import io.clusterbench.sandbox.SandboxText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.concurrent.Callable;

/**
 * {@code clusterbench sandbox galera [--nodes N] [--dir D] [--base-port P]}: deploy a MariaDB Galera cluster
 * on loopback from the installed {@code mariadb-server} and {@code galera-4}, wait until every node is
 * Synced, and print the endpoints.
 *
 * <p>Confined to the main thread.
 */
@Command(name = "galera", sortOptions = false,
        description = "Deploy a MariaDB Galera cluster on 127.0.0.1 (needs Debian packages mariadb-server, galera-4, "
                + "rsync), wait until every node is Synced and print the endpoints. Nodes run as user mysql "
                + "when started by root; small footprint (64M buffer pool, 512M gcache, 2 applier threads, Performance Schema on).")
final class SandboxGaleraCommand implements Callable<Integer> {
    private final CliEnv env;

    @Option(names = "--nodes", paramLabel = "N", defaultValue = "3",
            description = "Number of nodes, 1-9. Default: ${DEFAULT-VALUE}.")
    int nodes;

    @Mixin
    SandboxDir dir = new SandboxDir(); // deploy: must be empty or missing

    @Option(names = "--base-port", paramLabel = "PORT", defaultValue = "5500",
            description = "SQL port of n1; node i uses PORT+10(i-1) (SQL), +1 (Galera), +2 (IST), +3 (SST). "
                    + "Default: ${DEFAULT-VALUE}.")
    int basePort;

    @Option(names = "--durable", description = "innodb_flush_log_at_trx_commit=1 (fsync every commit). "
            + "Default: 2 (faster; a crashed node may lose its last second of commits).")
    boolean durable;

    @Option(names = "--link", paramLabel = "NODE=LINK", split = ";",
            description = "Put NODE at a distance: one-way delay added in each direction of its group and IST "
                    + "traffic, e.g. n3=25ms, n3=25ms±5ms, n3=25ms,10mbit (repeat for more nodes). Implies --relay. "
                    + "Change it later with 'sandbox link'.")
    java.util.List<String> links = new java.util.ArrayList<>();

    @Option(names = "--relay", description = "Let the nodes reach each other through the relay daemon (no delay "
            + "until 'sandbox link'), so links, partitions and slow nodes can be set later (docs/relay.md).")
    boolean relay;

    SandboxGaleraCommand(CliEnv env) {
        this.env = env;
    }

    @Override
    public Integer call() {
        long start = System.nanoTime();
        java.util.Map<String, LinkSpec> linkMap = relay || !links.isEmpty() ? LinkSpec.parseNamed(links) : null;
        GaleraSandbox sb = GaleraSandbox.deploy(dir.path(), nodes, basePort, durable ? 1 : 2, linkMap,
                env.out()::println, env.lifecycle());
        SandboxText.ready(sb, (System.nanoTime() - start) / 1e9).forEach(env.out()::println);
        return ExitCode.OK.code();
    }
}
