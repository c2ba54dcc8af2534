package io.clusterbench.result;

/**
 * One fault of a {@code --fault} schedule as it happened. Times are seconds since the measured start (the
 * run's clock, as interval times). Immutable.
 *
 * @param scheduledSeconds when the schedule asked for it
 * @param atSeconds        when the action began (later than scheduled when an earlier step was still running)
 * @param action           {@code kill}, {@code pause}, {@code resume}, {@code stop}, {@code start},
 *                         {@code restart} or {@code sql}
 * @param node             node name ({@code n3})
 * @param step             the step as written, e.g. {@code kill n3}
 * @param ok               true when the action did what it says (for start/restart/resume: the node is Synced)
 * @param detail           what happened, e.g. {@code n3 is Synced} or the failure
 * @param durationSeconds  how long the action took (for start/restart/resume: until Synced or failure)
 * @param transfer         for a node that rejoined: how its state was transferred; null otherwise
 */
public record FaultEvent(double scheduledSeconds, double atSeconds, String action, String node, String step,
                         boolean ok, String detail, double durationSeconds, StateTransferRecord transfer) {

    /** @return true for actions that take capacity away (kill, pause, stop, restart, sql, partition, link, slow) */
    public boolean disruptive() {
        return !action.equals("resume") && !action.equals("start") && !action.equals("heal");
    }
}
