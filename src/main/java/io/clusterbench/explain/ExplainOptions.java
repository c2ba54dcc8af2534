package io.clusterbench.explain;

import io.clusterbench.Defaults;
import io.clusterbench.UserException;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code --explain}, {@code --profile}, {@code --hw-counters}, {@code --profile-frequency},
 * {@code --server-proc-cmd} and {@code --server-perf-cmd} of {@code run} and {@code sweep}: picocli mixin (docs/explain.md).
 *
 * <p>Confined to the command's thread.
 */
public final class ExplainOptions {
    @Option(names = "--explain", paramLabel = "on|off", defaultValue = Defaults.EXPLAIN,
            description = "Explain where the server's time goes, per step and node, per transaction: its CPU, "
                    + "context switches and storage bytes (/proc, servers on this host or --server-proc-cmd) and "
                    + "its wait profile (performance_schema, INNODB_METRICS, SHOW ENGINE INNODB STATUS; read at the "
                    + "start and end of each measured phase). off also turns off --profile and --hw-counters. "
                    + "Default: ${DEFAULT-VALUE}. See docs/explain.md.")
    String explain = Defaults.EXPLAIN;

    @Option(names = "--profile", paramLabel = "auto|on|off", defaultValue = Defaults.PROFILE,
            description = "On-CPU profile of each server on this host (perf record -e cpu-clock -g): folded stacks "
                    + "in the step's folder, top functions, categories (the lock share). auto: when perf is "
                    + "installed and permitted; on: the same and a line when it cannot; off: never. "
                    + "Default: ${DEFAULT-VALUE}.")
    String profile = Defaults.PROFILE;

    @Option(names = "--hw-counters", paramLabel = "auto|on|off", defaultValue = Defaults.HW_COUNTERS,
            description = "Hardware counters of each server on this host (perf stat: cycles, instructions, IPC, "
                    + "L1-icache, iTLB and branch misses); most virtual machines do not expose them, and the result "
                    + "then says so. auto|on|off as for --profile. Default: ${DEFAULT-VALUE}.")
    String hardwareCounters = Defaults.HW_COUNTERS;

    @Option(names = "--profile-frequency", paramLabel = "HZ", defaultValue = "" + Defaults.PROFILE_FREQUENCY_HZ,
            description = "Samples per second per processor of the on-CPU profile (perf's -F), 1-10000. "
                    + "Default: ${DEFAULT-VALUE}.")
    int profileFrequencyHz = Defaults.PROFILE_FREQUENCY_HZ;

    @Option(names = "--server-proc-cmd", paramLabel = "TEMPLATE",
            description = "For a server on another host: a shell command printing its /proc/PID/stat, "
                    + "/proc/PID/task/*/status and /proc/PID/io, run at the start and end of each measured phase; "
                    + "{host}, {port}, {node}, {index} are replaced, e.g. \"ssh {host} 'P=$(pgrep -xo mariadbd); "
                    + "cat /proc/$P/stat /proc/$P/task/*/status /proc/$P/io'\". Default: none (a remote server's "
                    + "resources are absent).")
    String serverProcCommand;

    @Option(names = "--server-perf-cmd", paramLabel = "TEMPLATE",
            description = "For a server on another host: a shell command profiling it from the measured start to its "
                    + "end (its input closes then) and printing perf script -F comm,pid,tid,time,ip,sym,dso output; "
                    + "{host}, {port}, {node}, {index}, {hz} are replaced, e.g. \"ssh {host} 'P=$(pgrep -xo mariadbd); "
                    + "D=$(mktemp); perf record -e cpu-clock -F {hz} -g -p $P -o $D -- cat >/dev/null 2>&1; perf script "
                    + "-i $D -F comm,pid,tid,time,ip,sym,dso --show-lost-events; rm -f $D'\". Default: none (a remote "
                    + "server has no profile). See docs/explain.md.")
    String serverPerfCommand;

    /**
     * Adds every problem with these options to {@code problems}, in the order they are printed.
     *
     * @param problems the command's list of problems
     */
    public void problems(List<String> problems) {
        Boolean on = onOff(explain);
        if (on == null) {
            problems.add("--explain must be on or off (got '" + explain + "')");
        }
        ExplainSpec.Mode p = ExplainSpec.Mode.parse(profile);
        ExplainSpec.Mode h = ExplainSpec.Mode.parse(hardwareCounters);
        if (p == null) {
            problems.add("--profile must be auto, on or off (got '" + profile + "')");
        }
        if (h == null) {
            problems.add("--hw-counters must be auto, on or off (got '" + hardwareCounters + "')");
        }
        if (profileFrequencyHz < 1 || profileFrequencyHz > 10_000) {
            problems.add("--profile-frequency must be 1-10000 Hz (got " + profileFrequencyHz + ")");
        }
        if (Boolean.FALSE.equals(on) && (p == ExplainSpec.Mode.ON || h == ExplainSpec.Mode.ON)) {
            problems.add("--explain off turns off --profile and --hw-counters; leave out --profile on / --hw-counters on"
                    + " or use --explain on");
        }
        if (serverProcCommand != null && serverProcCommand.isBlank()) {
            problems.add("--server-proc-cmd is empty; give a command that prints the server's /proc files");
        }
        if (serverPerfCommand != null && serverPerfCommand.isBlank()) {
            problems.add("--server-perf-cmd is empty; give a command that profiles the server and prints perf script's "
                    + "output");
        }
    }

    /**
     * @return the explain plan of these options
     * @throws UserException listing every problem ({@link #problems})
     */
    public ExplainSpec spec() {
        List<String> problems = new ArrayList<>();
        problems(problems);
        if (!problems.isEmpty()) {
            throw new UserException("invalid options: " + String.join("; ", problems), "see docs/explain.md");
        }
        boolean on = onOff(explain);
        return new ExplainSpec(on, on ? ExplainSpec.Mode.parse(profile) : ExplainSpec.Mode.OFF,
                on ? ExplainSpec.Mode.parse(hardwareCounters) : ExplainSpec.Mode.OFF, profileFrequencyHz,
                serverProcCommand, serverPerfCommand);
    }

    /** @return true for on, false for off (and their sysbench spellings), null otherwise */
    private static Boolean onOff(String value) {
        ExplainSpec.Mode m = ExplainSpec.Mode.parse(value);
        return m == null || m == ExplainSpec.Mode.AUTO ? null : m == ExplainSpec.Mode.ON;
    }
}
