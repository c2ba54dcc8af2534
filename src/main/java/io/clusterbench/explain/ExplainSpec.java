package io.clusterbench.explain;

import io.clusterbench.Defaults;

import java.util.Locale;

/**
 * What a run or sweep is asked to explain (docs/explain.md): the collectors on, the profiler's frequency and the
 * command that reads a remote server's /proc. Made by {@link ExplainOptions}; {@link #OFF} for commands that do not
 * explain.
 *
 * <p>Immutable.
 *
 * @param enabled            {@code --explain on}: resources per transaction and the wait profile
 * @param profile            {@code --profile}: the on-CPU profile (perf record) of each server on this host
 * @param hardwareCounters   {@code --hw-counters}: perf stat of each server on this host
 * @param profileFrequencyHz {@code --profile-frequency}: samples per second per processor, 1-10000
 * @param serverProcCommand  {@code --server-proc-cmd}: template of a command printing a remote server's /proc files
 *                           ({@link ProcCommand}), or null
 * @param serverPerfCommand  {@code --server-perf-cmd}: template of a command profiling a remote server and printing
 *                           perf script's samples ({@link RemotePerf}), or null
 */
public record ExplainSpec(boolean enabled, Mode profile, Mode hardwareCounters, int profileFrequencyHz,
                          String serverProcCommand, String serverPerfCommand) {
    /** Nothing explained (commands without the explain options, and {@code --explain off}). */
    public static final ExplainSpec OFF = new ExplainSpec(false, Mode.OFF, Mode.OFF, Defaults.PROFILE_FREQUENCY_HZ,
            null, null);
    /** The defaults of {@code run} and {@code sweep}. */
    public static final ExplainSpec DEFAULT = new ExplainSpec(true, Mode.parse(Defaults.PROFILE),
            Mode.parse(Defaults.HW_COUNTERS), Defaults.PROFILE_FREQUENCY_HZ, null, null);

    /** When a perf-based collector runs. */
    public enum Mode {
        /** When the server runs on this host and perf is installed and permitted; otherwise the result says why. */
        AUTO,
        /** As {@link #AUTO}, and a line before each step when it cannot run. */
        ON,
        /** Never. */
        OFF;

        /** @return the mode, or null for an unknown spelling ({@code auto}, {@code on}, {@code off}) */
        static Mode parse(String value) {
            return switch (value == null ? "" : value.toLowerCase(Locale.ROOT)) {
                case "auto" -> AUTO;
                case "on", "yes", "true", "1" -> ON;
                case "off", "no", "false", "0" -> OFF;
                default -> null;
            };
        }

        /** @return the option's spelling */
        public String spelling() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** @return true when the on-CPU profile may run */
    public boolean profiling() {
        return enabled && profile != Mode.OFF;
    }

    /** @return true when the hardware counters may be read */
    public boolean counting() {
        return enabled && hardwareCounters != Mode.OFF;
    }
}
