package io.clusterbench.fault;

import java.nio.file.Path;
import java.util.List;

/**
 * The fault options of a run or sweep, validated: the schedule ({@code --fault}), shell commands per action
 * ({@code --fault-cmd}), the sandbox acted on ({@code --sandbox}, or null to find it from the endpoints' ports),
 * and {@code --verify-commits}.
 *
 * <p>Immutable.
 *
 * @param schedule      the steps, possibly none
 * @param commands      {@code ACTION=COMMAND} as given, possibly empty
 * @param sandboxDir    sandbox directory, or null
 * @param verifyCommits true to append to the ledger table and check it after the run
 * @param readTimeoutSeconds {@code --read-timeout}: the workers' socket read timeout in seconds, 0 for none, or
 *                      {@link #AUTO} to derive it from the run ({@code db.ReadTimeout})
 */
public record FaultPlan(FaultSchedule schedule, List<String> commands, Path sandboxDir, boolean verifyCommits,
                        long readTimeoutSeconds) {
    /** {@code --read-timeout auto}. */
    public static final long AUTO = -1;
    /** No faults, no ledger, the derived read timeout. */
    public static final FaultPlan NONE = new FaultPlan(FaultSchedule.none(), List.of(), null, false, AUTO);

    public FaultPlan {
        commands = List.copyOf(commands);
    }

    /** @return true when the schedule acts on node processes (anything but sql steps) */
    public boolean needsNodeControl() {
        return schedule.steps().stream().anyMatch(s -> s.action() != FaultSchedule.Action.SQL);
    }
}
