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

    /**
     * @return true for actions that take capacity away: kill, pause, stop, restart, sql, partition, a link with a
     *         delay or cap, a slowdown above 0%; false for those that give it back or change nothing: resume, start,
     *         heal (a rejoin belongs to the recovery of the fault it undoes), {@code link NODE off} and
     *         {@code slow NODE 0%} (the end of a link delay or of a slowdown)
     */
    public boolean disruptive() {
        return switch (action) {
            case "resume", "start", "heal" -> false;
            case "link" -> !step.endsWith(" off");
            case "slow" -> !step.endsWith(" 0%");
            default -> true;
        };
    }
}
