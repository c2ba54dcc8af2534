package io.clusterbench.runner;

import io.clusterbench.db.TargetOptions;
import io.clusterbench.UserException;

import io.clusterbench.workload.FamilyOptions;
import io.clusterbench.workload.OnOff;
import io.clusterbench.workload.WorkloadFamily;

import java.util.ArrayList;
import java.util.List;

/**
 * Checks of run options before anything connects; every problem is reported at once (STYLE rule 6).
 *
 * <p>Thread-safe (stateless).
 */
public final class Validation {
    /** Longest duration any option accepts: 10 years, in seconds. */
    static final long MAX_SECONDS = 315_360_000L;

    private Validation() {
    }

    /** @throws UserException listing every problem, when there is any */
    public static void check(TargetOptions target, RunOptions run, FamilyOptions families) {
        check(target, run, families, false);
    }

    /** @param sweep true when a list of thread counts is allowed */
    public static void check(TargetOptions target, RunOptions run, FamilyOptions families, boolean sweep) {
        List<String> problems = new ArrayList<>();
        target.validate(problems);
        if (run != null) {
            for (int t : run.threadCounts) {
                if (t < 1) {
                    problems.add("--threads must be >= 1 (got " + t + ")");
                    break;
                }
            }
            if (run.threadCounts.size() > 1 && !sweep) {
                problems.add("run takes one --threads value (got " + run.threadCounts.size()
                        + "); use 'clusterbench sweep' for a list");
            }
            if (run.timeSeconds > MAX_SECONDS || run.warmupSeconds > MAX_SECONDS || run.reportIntervalSeconds > MAX_SECONDS) {
                problems.add("--time, --warmup-time and --report-interval must be at most " + MAX_SECONDS
                        + " seconds (10 years)");
            }
            if (run.rate > 1e9) {
                problems.add("--rate must be at most 1e9 events/s (got " + number(run.rate) + ")");
            }
            if (run.timeSeconds < 0) {
                problems.add("--time must be >= 0 seconds (got " + run.timeSeconds + ")");
            }
            if (run.events < 0) {
                problems.add("--events must be >= 0 (got " + run.events + ")");
            }
            if (run.timeSeconds == 0 && run.events == 0) {
                problems.add("--time 0 and --events 0 would run forever; give --time SECONDS or --events N (either > 0)");
            }
            if (run.warmupSeconds < 0) {
                problems.add("--warmup-time must be >= 0 seconds (got " + run.warmupSeconds + ")");
            }
            if (run.rate < 0 || Double.isNaN(run.rate)) {
                problems.add("--rate must be >= 0 events/s, 0 for as fast as possible (got " + number(run.rate) + ")");
            }
            if (run.reportIntervalSeconds < 0) {
                problems.add("--report-interval must be >= 0 seconds, 0 for none (got " + run.reportIntervalSeconds + ")");
            }
            if (ConsoleFormat.Style.parse(run.statsFormat) == null) {
                problems.add("--stats-format must be human, csv or json (got '" + run.statsFormat + "')");
            }
            if (OnOff.parse(run.reportCsv) == null) {
                problems.add("--report-csv must be yes or no (got '" + run.reportCsv + "')");
            }
            if (OnOff.parse(run.histogram) == null) {
                problems.add("--histogram must be on or off (got '" + run.histogram + "')");
            }
            if (run.reconnectEvery < 0) {
                problems.add("--reconnect must be >= 0 events (got " + run.reconnectEvery + ")");
            }
            if (run.percentile < 0 || run.percentile > 100) {
                problems.add("--percentile must be 0-100, 0 for none (got " + run.percentile + ")");
            }
        }
        if (families != null) {
            for (WorkloadFamily f : WorkloadRegistry.families()) {
                f.validate(families, problems);
            }
        }
        if (!problems.isEmpty()) {
            throw new UserException("invalid options: " + String.join("; ", problems), "see --help");
        }
    }

    /** @return {@code v} as typed: no trailing ".0" for a whole number */
    private static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
}
