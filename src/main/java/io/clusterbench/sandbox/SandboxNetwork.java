package io.clusterbench.sandbox;

import io.clusterbench.UserException;
import io.clusterbench.relay.LinkSpec;
import io.clusterbench.relay.RelayConfig;
import io.clusterbench.relay.RelayProcess;
import io.clusterbench.relay.RelayStats;
import io.clusterbench.result.StateTransferRecord;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The network of a sandbox deployed with the relay (docs/relay.md): a node's link (delay, jitter, cap), a
 * partition of one node from the others and its heal, and a slow node. Each change is written to the relay's
 * control file and returns once the running daemon has applied it.
 *
 * <p>Not thread-safe: one command at a time per sandbox directory, like {@link GaleraSandbox}.
 */
public final class SandboxNetwork {
    private final GaleraSandbox sandbox;

    /** @param sandbox an opened sandbox */
    public SandboxNetwork(GaleraSandbox sandbox) {
        this.sandbox = sandbox;
    }

    /** @return the control file of a new sandbox: every node without delay, except those in {@code links} */
    static RelayConfig initial(SandboxState state, Map<String, LinkSpec> links) {
        List<RelayConfig.NodeLink> nodes = new ArrayList<>();
        for (SandboxNode n : state.nodes()) {
            nodes.add(new RelayConfig.NodeLink(n.name(), n.index(), n.galeraPort(), n.istPort(),
                    links.getOrDefault(n.name(), LinkSpec.NONE), false, 0));
        }
        return new RelayConfig(1, List.copyOf(nodes));
    }

    /** @return true when the sandbox's nodes talk through the relay */
    public boolean relayed() {
        return sandbox.state().relay() && RelayConfig.exists(sandbox.dir());
    }

    /**
     * @return the control file now
     * @throws UserException when the sandbox was deployed without the relay
     */
    public RelayConfig config() {
        if (!relayed()) {
            throw new UserException("the sandbox in " + sandbox.dir() + " has no relay: its nodes talk directly",
                    "deploy it with 'clusterbench sandbox galera --relay' (or --link NODE=DELAY)");
        }
        return RelayConfig.read(sandbox.dir());
    }

    /** Sets a node's link. @return e.g. {@code n3 link 40ms} @throws UserException without relay or for an unknown node */
    public String link(String node, LinkSpec link) {
        RelayConfig.NodeLink n = node(node);
        apply(config().with(n.withLink(link)));
        return n.name() + " link " + link.describe();
    }

    /** Cuts a node's group and IST traffic both ways; its SQL port stays up. @return e.g. {@code n3 partitioned} */
    public String partition(String node) {
        RelayConfig.NodeLink n = node(node);
        apply(config().with(n.withPartitioned(true)));
        return n.name() + " partitioned (group and IST traffic cut both ways)";
    }

    /**
     * Lets a partitioned node's traffic through again and waits until it is Synced in the others' configuration.
     *
     * @return how it rejoined (IST, SST or none); null when the node was not partitioned (nothing was done: a
     *         no-op is not reported as a rejoin)
     * @throws UserException without relay, or when it is not Synced in time
     */
    public StateTransferRecord heal(String node) {
        RelayConfig.NodeLink n = node(node);
        if (!n.partitioned()) {
            return null;
        }
        SandboxNode sn = sandbox.fresh(n.name());
        long offset = StateTransferLog.offset(sn.errorLog(sandbox.dir()));
        long started = System.nanoTime();
        long peersConfId = sandbox.peersConfId(sn);
        apply(config().with(n.withPartitioned(false)));
        if (NodeProcess.state(sn.pid()) == NodeProcess.State.GONE) {
            return StateTransferLog.since(sn.errorLog(sandbox.dir()), offset, 0);
        }
        return sandbox.awaitRejoined(sn, peersConfId, offset, started);
    }

    /**
     * @param percent the share of {@code sandbox slow} as typed: {@code 30%} or {@code 30}
     * @return the share in percent (its range is checked by {@link #slow})
     * @throws UserException when it is not a whole number
     */
    public static int share(String percent) {
        try {
            return Integer.parseInt(percent.strip().replaceFirst("%$", ""));
        } catch (NumberFormatException e) {
            throw new UserException("invalid slow share '" + percent + "'", "write 0-90%, e.g. 30%");
        }
    }

    /**
     * Freezes a node's applier threads for {@code percent}% of every 500 ms (cgroup v1 freezer; else the whole
     * process by SIGSTOP/SIGCONT), so it falls behind and sends flow control; 0 ends it.
     *
     * @return e.g. {@code n3 slow 30%}
     * @throws UserException without relay, for an unknown node or a share outside 0–90
     */
    public String slow(String node, int percent) {
        if (percent < 0 || percent > 90) {
            throw new UserException("slow must be 0-90% (got " + percent + ")", "e.g. 'sandbox slow n3 30%'; 0 ends it");
        }
        RelayConfig.NodeLink n = node(node);
        List<Long> tids = percent == 0 ? List.of() : applierThreads(sandbox.fresh(n.name()));
        if (n.slowPercent() > 0 && percent > 0) {
            apply(config().with(n.withSlow(0, List.of()))); // a new share starts a new duty cycle on today's threads
        }
        apply(config().with(n.withSlow(percent, tids)));
        return percent == 0 ? n.name() + " at full speed" : n.name() + " slow " + percent + "% (frozen " + percent * 5
                + " ms of every 500 ms)";
    }

    /**
     * @return the node's applier threads' Linux ids ({@code information_schema.PROCESSLIST.TID} of the
     *         {@code system user} threads but the aborter), empty when it does not answer
     */
    private static List<Long> applierThreads(SandboxNode n) {
        List<Long> out = new ArrayList<>();
        try (java.sql.Connection c = SandboxSql.admin(n.sqlPort(), 2000); java.sql.Statement s = c.createStatement();
             java.sql.ResultSet rs = s.executeQuery("SELECT TID FROM information_schema.PROCESSLIST WHERE "
                     + "USER = 'system user' AND COALESCE(STATE, '') NOT LIKE 'wsrep aborter%'")) {
            while (rs.next()) {
                out.add(rs.getLong(1));
            }
        } catch (java.sql.SQLException e) {
            return List.of();
        }
        return out;
    }

    /** @return each node's link, e.g. {@code n1 off, n2 off, n3 25ms}; {@code direct} without relay */
    public String describeLinks() {
        if (!relayed()) {
            return "direct";
        }
        List<String> parts = new ArrayList<>();
        for (RelayConfig.NodeLink n : RelayConfig.read(sandbox.dir()).nodes()) {
            parts.add(n.name() + " " + n.describe());
        }
        return String.join(", ", parts);
    }

    /**
     * @return per node name its link now: delay and jitter (µs), cap (bytes/s), partition and slowdown; empty without
     *         relay
     */
    public Map<String, io.clusterbench.result.RelayFacts.NodeLink> links() {
        Map<String, io.clusterbench.result.RelayFacts.NodeLink> nodes = new LinkedHashMap<>();
        if (!relayed()) {
            return nodes;
        }
        for (RelayConfig.NodeLink n : RelayConfig.read(sandbox.dir()).nodes()) {
            nodes.put(n.name(), new io.clusterbench.result.RelayFacts.NodeLink(n.link().describe(),
                    n.link().delayMicros(), n.link().jitterMicros(), n.link().bandwidthBytesPerSecond(),
                    n.partitioned(), n.slowPercent()));
        }
        return nodes;
    }

    /** @return the relay's last counters, or null without relay or before its first report */
    public RelayStats stats() {
        return relayed() ? RelayStats.read(sandbox.dir()) : null;
    }

    /** @return the sandbox directory */
    public Path dir() {
        return sandbox.dir();
    }

    private RelayConfig.NodeLink node(String name) {
        SandboxNode sn = sandbox.state().node(name);
        return config().byIndex(sn.index());
    }

    private void apply(RelayConfig next) {
        if (!RelayProcess.running(sandbox.dir())) {
            throw new UserException("the relay of " + sandbox.dir() + " is not running",
                    "start the sandbox with 'clusterbench sandbox start --dir " + sandbox.dir() + "'");
        }
        next.write(sandbox.dir());
        RelayProcess.awaitApplied(sandbox.dir(), next.generation());
    }
}
