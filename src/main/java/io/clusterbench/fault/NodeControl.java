package io.clusterbench.fault;

import io.clusterbench.result.StateTransferRecord;

/**
 * Acts on a cluster's nodes for a fault schedule: a local sandbox ({@link SandboxControl}) or user-given shell
 * commands per action ({@link CommandControl}). SQL steps do not go through here.
 *
 * <p>Implementations are confined to the fault thread.
 */
public interface NodeControl {
    /**
     * What an action did.
     *
     * @param ok       true when it did what it says (for start, restart and resume: the node is back and Synced)
     * @param detail   one line, e.g. {@code n3 is Synced} or the failure
     * @param transfer for a node that rejoined, its state transfer; else null
     */
    record Outcome(boolean ok, String detail, StateTransferRecord transfer) {
    }

    /** @return a short description for the console, e.g. {@code sandbox /tmp/cb-galera} */
    String describe();

    /**
     * Runs one action; never throws for a failed action (the failure is in the outcome).
     *
     * @param action any action but {@link FaultSchedule.Action#SQL}
     * @param node   {@code nK}
     * @param startedNanos {@code System.nanoTime()} when the step began, for Synced times
     */
    Outcome act(FaultSchedule.Action action, String node, long startedNanos);

    /**
     * Runs one step; the default passes its action and node to {@link #act(FaultSchedule.Action, String, long)}, so
     * a control that knows actions with an argument ({@code link n3 40ms}, {@code slow n3 30%}) overrides this.
     */
    default Outcome act(FaultSchedule.Step step, long startedNanos) {
        return act(step.action(), step.node(), startedNanos);
    }
}
