package io.clusterbench.fault;

import io.clusterbench.UserException;

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
 * @param giveUpSeconds {@code --give-up-time}: how long every endpoint may stay unreachable before the run stops,
 *                      seconds, 0 for never, or {@link #AUTO} ({@code runner.RunPlan#giveUp} resolves it)
 */
public record FaultPlan(FaultSchedule schedule, List<String> commands, Path sandboxDir, boolean verifyCommits,
                        long readTimeoutSeconds, long giveUpSeconds) {
    /** {@code --read-timeout auto}, {@code --give-up-time auto}. */
    public static final long AUTO = -1;
    /** No faults, no ledger, the derived read timeout and give-up time. */
    public static final FaultPlan NONE = new FaultPlan(FaultSchedule.none(), List.of(), null, false, AUTO, AUTO);

    public FaultPlan {
        commands = List.copyOf(commands);
    }

    /** As the canonical constructor, with {@code --give-up-time auto}. */
    public FaultPlan(FaultSchedule schedule, List<String> commands, Path sandboxDir, boolean verifyCommits,
                     long readTimeoutSeconds) {
        this(schedule, commands, sandboxDir, verifyCommits, readTimeoutSeconds, AUTO);
    }

    /**
     * @param fault          {@code --fault} as given, or null
     * @param commands       {@code --fault-cmd} values
     * @param sandboxDir     {@code --sandbox}, or null
     * @param readTimeout    {@code --read-timeout}: seconds 0-86400, {@code auto} or null
     * @return the validated plan (the node count is checked once the endpoints are known)
     * @throws UserException for a bad schedule, commands without a schedule, or a bad read timeout ({@code --sandbox}
     *                       alone names the sandbox whose relay facts the run records)
     */
    public static FaultPlan of(String fault, List<String> commands, Path sandboxDir, boolean verifyCommits,
                               String readTimeout) {
        return of(fault, commands, sandboxDir, verifyCommits, readTimeout, null);
    }

    /**
     * As above, with {@code --give-up-time}.
     *
     * @param giveUp {@code --give-up-time}: seconds 0-86400, {@code auto} or null
     * @throws UserException as above, and for a bad give-up time
     */
    public static FaultPlan of(String fault, List<String> commands, Path sandboxDir, boolean verifyCommits,
                               String readTimeout, String giveUp) {
        FaultSchedule schedule = FaultSchedule.parse(fault, 0);
        if (schedule.isEmpty() && !commands.isEmpty()) {
            throw new UserException("--fault-cmd needs a --fault schedule",
                    "add e.g. --fault '10s kill n3; 25s restart n3'");
        }
        return new FaultPlan(schedule, commands, sandboxDir, verifyCommits, seconds("--read-timeout", readTimeout,
                "give seconds from 0 (no read timeout) to 86400, or auto"), seconds("--give-up-time", giveUp,
                "give seconds from 0 (never give up) to 86400, or auto (5 s; never under --ignore-errors all)"));
    }

    /** @return the option in seconds, or {@link #AUTO} @throws UserException when invalid */
    private static long seconds(String option, String text, String hint) {
        if (text == null || text.strip().equalsIgnoreCase("auto")) {
            return AUTO;
        }
        try {
            long seconds = Long.parseLong(text.strip());
            if (seconds >= 0 && seconds <= 86_400) {
                return seconds;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UserException("invalid " + option + " '" + text + "'", hint);
    }

    /** @return true when the schedule acts on node processes (anything but sql steps) */
    public boolean needsNodeControl() {
        return schedule.steps().stream().anyMatch(s -> s.action() != FaultSchedule.Action.SQL);
    }
}
