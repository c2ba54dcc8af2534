package io.clusterbench.fault;

import io.clusterbench.UserException;
import io.clusterbench.db.Endpoint;
import io.clusterbench.result.StateTransferRecord;
import io.clusterbench.relay.LinkSpec;
import io.clusterbench.sandbox.GaleraSandbox;
import io.clusterbench.sandbox.SandboxNetwork;
import io.clusterbench.sandbox.SandboxRegistry;
import io.clusterbench.sandbox.StateTransferLog;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Faults on a local sandbox's nodes through {@link GaleraSandbox}: kill (SIGKILL), pause (SIGSTOP), resume
 * (SIGCONT, then wait for Synced), stop, start and restart (wait for Synced, read the state transfer from the
 * joiner's log).
 *
 * <p>Confined to the fault thread.
 */
public final class SandboxControl implements NodeControl {
    private final GaleraSandbox sandbox;

    private SandboxControl(GaleraSandbox sandbox) {
        this.sandbox = sandbox;
    }

    /**
     * @param dir       {@code --sandbox}, or null to find the registered sandbox whose SQL ports are the endpoints'
     *                  ports ({@link SandboxRegistry}, wherever it lives)
     * @param endpoints the run's endpoints
     * @return the control, or null when none is given and none is found
     * @throws UserException when {@code dir} holds no sandbox
     */
    public static SandboxControl open(Path dir, List<Endpoint> endpoints) {
        if (dir != null) {
            return new SandboxControl(GaleraSandbox.open(dir));
        }
        Set<Integer> ports = new HashSet<>();
        for (Endpoint e : endpoints) {
            if (e.socket() == null && (e.host().equals("127.0.0.1") || e.host().equals("localhost"))) {
                ports.add(e.port());
            }
        }
        if (ports.isEmpty()) {
            return null;
        }
        Path found = SandboxRegistry.find(ports);
        try {
            return found == null ? null : new SandboxControl(GaleraSandbox.open(found));
        } catch (UserException unreadable) {
            return null;
        }
    }

    @Override
    public String describe() {
        return "sandbox " + sandbox.dir();
    }

    @Override
    public Outcome act(FaultSchedule.Step step, long startedNanos) {
        SandboxNetwork net = new SandboxNetwork(sandbox);
        try {
            return switch (step.action()) {
                case PARTITION -> new Outcome(true, net.partition(step.node()), null);
                case HEAL -> {
                    StateTransferRecord t = net.heal(step.node());
                    yield new Outcome(true, t == null ? StateTransferLog.nothingToUndo(step.node(), "heal")
                            : StateTransferLog.describe(step.node(), t), t);
                }
                case LINK -> new Outcome(true, net.link(step.node(), LinkSpec.parse(step.statement())), null);
                case SLOW -> new Outcome(true, net.slow(step.node(), FaultSchedule.slowPercent(step)), null);
                default -> act(step.action(), step.node(), startedNanos);
            };
        } catch (UserException | IllegalStateException | java.io.UncheckedIOException e) {
            return new Outcome(false, e.getMessage(), null);
        }
    }

    /** @return the sandbox's network (relay links, partitions, slow nodes) */
    SandboxNetwork network() {
        return new SandboxNetwork(sandbox);
    }

    @Override
    public Outcome act(FaultSchedule.Action action, String node, long startedNanos) {
        try {
            StateTransferRecord transfer = null;
            String detail;
            switch (action) {
                case KILL -> {
                    sandbox.kill(node);
                    detail = node + " killed (SIGKILL)";
                }
                case PAUSE -> {
                    sandbox.pause(node);
                    detail = node + " paused (SIGSTOP)";
                }
                case STOP -> {
                    sandbox.stopNode(node);
                    detail = node + " stopped";
                }
                case RESUME -> {
                    transfer = sandbox.resume(node);
                    detail = transfer == null ? StateTransferLog.nothingToUndo(node, "resume")
                            : StateTransferLog.describe(node, transfer);
                }
                case START -> {
                    transfer = sandbox.startNode(node, line -> { });
                    detail = io.clusterbench.sandbox.StateTransferLog.describe(node, transfer);
                }
                case RESTART -> {
                    transfer = sandbox.restart(node, line -> { });
                    detail = io.clusterbench.sandbox.StateTransferLog.describe(node, transfer);
                }
                default -> throw new IllegalArgumentException("not a node action: " + action);
            }
            return new Outcome(true, detail, transfer);
        } catch (UserException | IllegalStateException e) {
            return new Outcome(false, e.getMessage(), null);
        }
    }
}
