package io.clusterbench.sandbox;

import io.clusterbench.relay.RelayProcess;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the {@code sandbox galera} and {@code sandbox status} commands print about a sandbox: its nodes, the relay's
 * links and the client options to paste into prepare, run and probe.
 *
 * <p>Thread-safe (stateless).
 */
public final class SandboxText {
    private SandboxText() {
    }

    /**
     * @param seconds how long the deploy took, seconds
     * @return the lines after a deploy: ready line, one line per node, the relay's links, user and client options,
     *         how to stop it
     */
    public static List<String> ready(GaleraSandbox sb, double seconds) {
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, "Galera sandbox ready in %.1f s: %d node(s) Synced, directory %s",
                seconds, sb.state().nodes().size(), sb.dir()));
        for (SandboxNode n : sb.state().nodes()) {
            out.add("  " + n.name() + "  " + n.endpoint() + "  (galera " + n.galeraPort() + ", pid " + n.pid() + ")");
        }
        if (sb.state().relay()) {
            out.add("Relay: " + new SandboxNetwork(sb).describeLinks() + " (change with 'sandbox link', "
                    + "'partition', 'heal', 'slow')");
        }
        out.add("User " + GaleraSandbox.CLIENT_USER + " (no password), database " + GaleraSandbox.CLIENT_DB
                + ". Paste into prepare/run/probe:");
        out.add("  " + sb.state().clientOptions());
        out.add("Stop with: clusterbench sandbox stop --dir " + sb.dir() + "  (destroy removes it)");
        return out;
    }

    /**
     * @param nodes each node's state, as {@link GaleraSandbox#status} read it
     * @return the lines of {@code sandbox status}: the node table, the relay's links (and whether it runs), the
     *         client options
     */
    public static List<String> status(GaleraSandbox sb, List<NodeStatus> nodes) {
        List<String> out = new ArrayList<>();
        out.add(NodeStatus.table(nodes));
        SandboxNetwork net = new SandboxNetwork(sb);
        if (net.relayed()) {
            out.add("Relay: " + net.describeLinks() + (RelayProcess.running(sb.dir())
                    ? "" : " (relay NOT running: 'sandbox start' starts it)"));
        }
        out.add("Connect with: " + sb.state().clientOptions());
        return out;
    }
}
