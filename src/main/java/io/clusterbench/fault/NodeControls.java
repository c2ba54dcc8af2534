package io.clusterbench.fault;

import io.clusterbench.UserException;
import io.clusterbench.db.Endpoint;

import io.clusterbench.sandbox.SandboxRegistry;
import java.util.ArrayList;
import java.util.List;

/**
 * Chooses what carries out a schedule's node actions, before the run starts: the {@code --fault-cmd} commands
 * when given, else the sandbox ({@code --sandbox}, or the registered one whose ports are the endpoints',
 * {@code sandbox.SandboxRegistry}).
 *
 * <p>Thread-safe (stateless).
 */
public final class NodeControls {
    private NodeControls() {
    }

    /**
     * @param plan      the fault options
     * @param endpoints the run's endpoints, in order
     * @return the control, or null when the schedule has no node action
     * @throws UserException when node actions cannot be carried out, or a step names a node beyond the endpoints
     */
    public static NodeControl resolve(FaultPlan plan, List<Endpoint> endpoints) {
        for (FaultSchedule.Step s : plan.schedule().steps()) {
            if (s.action() == FaultSchedule.Action.SQL && s.nodeIndex() > endpoints.size()) {
                throw new UserException("--fault step '" + s.describe() + "' names " + s.node() + " but the run has "
                        + endpoints.size() + " endpoint(s)", "name nodes n1..n" + endpoints.size());
            }
        }
        if (!plan.needsNodeControl()) {
            return null;
        }
        if (!plan.commands().isEmpty()) {
            List<String> labels = new ArrayList<>();
            endpoints.forEach(e -> labels.add(e.label()));
            CommandControl commands = CommandControl.parse(plan.commands(), labels);
            List<String> missing = new ArrayList<>();
            for (FaultSchedule.Step s : plan.schedule().steps()) {
                if (s.action() != FaultSchedule.Action.SQL && !commands.handles(s.action())
                        && !missing.contains(s.action().label())) {
                    missing.add(s.action().label());
                }
            }
            if (!missing.isEmpty()) {
                throw new UserException("--fault uses " + String.join(", ", missing) + " but no --fault-cmd is given for it",
                        "add --fault-cmd ACTION=COMMAND for each action of the schedule");
            }
            return commands;
        }
        SandboxControl sandbox = SandboxControl.open(plan.sandboxDir(), endpoints);
        if (sandbox == null) {
            throw new UserException("--fault acts on nodes, but no registered sandbox (" + SandboxRegistry.ROOT
                    + ") has the endpoints' ports", "give --sandbox DIR, or --fault-cmd ACTION=COMMAND for other servers");
        }
        return sandbox;
    }
}
