package io.clusterbench.chores;

import io.clusterbench.UserException;
import io.clusterbench.anomaly.AppendMix;
import io.clusterbench.anomaly.HistoryWorkload;
import io.clusterbench.anomaly.Isolation;
import io.clusterbench.db.Consistency;
import io.clusterbench.fault.FaultPlan;
import io.clusterbench.probe.Placement;
import io.clusterbench.runner.ResultDirs;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

/**
 * The options of {@code probe anomalies} (workloads, settings, load, faults, output): picocli mixin. {@link #run}
 * makes the {@link AnomalyRun}; every value is checked in {@link #validate}, all problems at once.
 *
 * <p>Confined to the command's thread.
 */
public final class AnomalyOptions {
    @Option(names = "--anomaly-workload", paramLabel = "append|bank|counter|all", defaultValue = "append",
            description = "History workloads run side by side in every setting (comma-separated, or all): append = "
                    + "list-append transactions checked for Adya's classes (G0 … G2-item, lost update, stale reads); "
                    + "bank = transfers checked for the total; counter = increments checked against the final value. "
                    + "Default: ${DEFAULT-VALUE}.")
    String workloads;

    @Option(names = {"--sessions", "--threads"}, paramLabel = "N", defaultValue = "6",
            description = "Client sessions of each workload (>= 1), each one transaction at a time. "
                    + "Default: ${DEFAULT-VALUE}.")
    int sessions;

    @Option(names = "--keys", paramLabel = "N", defaultValue = "8",
            description = "List-append keys in play at once (>= 1): fewer keys, more contention. Each key is retired "
                    + "after 64 appends. Default: ${DEFAULT-VALUE}.")
    int keys;

    @Option(names = "--accounts", paramLabel = "N", defaultValue = "5",
            description = "Bank accounts (>= 2), 100 each at the start. Default: ${DEFAULT-VALUE}.")
    int accounts;

    @Option(names = "--time", paramLabel = "SECONDS", defaultValue = "10",
            description = "Length of each setting's load in seconds; 0 = until --transactions. Default: ${DEFAULT-VALUE}.")
    long timeSeconds;

    @Option(names = "--transactions", paramLabel = "N", defaultValue = "0",
            description = "End each workload's load in a setting after N operations (ok, failed or unknown); 0 = no "
                    + "limit (then --time). Default: ${DEFAULT-VALUE}.")
    long transactions;

    @Option(names = "--consistency", paramLabel = "LEVEL[,LEVEL...]",
            description = "Consistency levels, one setting each: Galera wsrep_sync_wait bitmasks (0, 1, 3, 7; "
                    + "list-append needs bits 1 and 4 for causal reads, e.g. 7), or Group Replication levels "
                    + "(EVENTUAL, BEFORE, AFTER, BEFORE_AND_AFTER; untested here). Default: 0 on Galera, "
                    + "none set otherwise.")
    String levels;

    @Option(names = "--isolation", paramLabel = "RC,RR,SER", defaultValue = "RR",
            description = "Transaction isolation levels, one setting each (READ-COMMITTED, REPEATABLE-READ, "
                    + "SERIALIZABLE), set on every session and read back. Default: ${DEFAULT-VALUE}.")
    String isolation;

    @Option(names = "--routing", paramLabel = "single-writer|all-writers", defaultValue = "all-writers",
            description = "Where writing transactions run, one setting each: single-writer = the first endpoint; "
                    + "all-writers = every endpoint, sessions round-robin. Default: ${DEFAULT-VALUE}.")
    String routing;

    @Option(names = "--reads-on", paramLabel = "same|other|any", defaultValue = "same",
            description = "Where read-only transactions run: on the session's writer node, on another node, or on any "
                    + "node drawn per transaction. Default: ${DEFAULT-VALUE}.")
    String readsOn;

    @Option(names = "--for-update",
            description = "Reads as SELECT ... FOR UPDATE (list-append reads, bank transfers). Default: plain reads.")
    boolean forUpdate;

    @Option(names = "--fault", paramLabel = "SCHEDULE",
            description = "Faults during each setting's load, e.g. '2s kill n2; 3s kill n3' or '5s pause n3; 12s "
                    + "resume n3' (the schedule of run --fault, time 0 = the load's start). Default: none.")
    String fault;

    @Option(names = "--fault-cmd", paramLabel = "ACTION=COMMAND",
            description = "Shell command for a fault action on any server (repeatable), as for run. "
                    + "Default: act on the sandbox.")
    List<String> faultCommands = new java.util.ArrayList<>();

    @Option(names = "--sandbox", paramLabel = "DIR",
            description = "Sandbox the faults act on. Default: the sandbox under /tmp whose ports are the endpoints'.")
    Path sandbox;

    @Option(names = "--read-timeout", paramLabel = "SECONDS|auto", defaultValue = "auto",
            description = "Socket read timeout of the sessions: a session whose node stops answering is freed after "
                    + "it and moves on. auto = max(10 s, --time / 4); 0 = none. Default: ${DEFAULT-VALUE}.")
    String readTimeout;

    @Option(names = "--final-read-timeout", paramLabel = "SECONDS", defaultValue = "10",
            description = "Longest wait for a node to answer its final read after the load (> 0); a Galera node that "
                    + "still refuses is read outside the primary component (wsrep_dirty_reads). "
                    + "Default: ${DEFAULT-VALUE}.")
    long finalReadSeconds;

    @Option(names = "--rand-seed", paramLabel = "N", defaultValue = "0",
            description = "Seed of the transaction generators; 0 = from the clock (the seed used is saved). "
                    + "Default: ${DEFAULT-VALUE}.")
    long seed;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Directory for anomalies.json and one folder per setting with its history.jsonl. "
                    + "Default: results/<UTC timestamp>-anomalies.")
    Path out;

    /**
     * Adds every problem with these options to {@code problems}, without connecting.
     */
    public void validate(List<String> problems) {
        check(problems, () -> HistoryWorkload.parse(workloads));
        check(problems, () -> levels == null ? null : Consistency.list(levels));
        check(problems, () -> Isolation.list(isolation));
        check(problems, () -> Placement.Routing.list(routing));
        check(problems, () -> Placement.ReadsOn.parse(readsOn));
        check(problems, () -> new AppendMix(keys, AppendMix.DEFAULT.maxAppendsPerKey(), AppendMix.DEFAULT.minOps(),
                AppendMix.DEFAULT.maxOps(), AppendMix.DEFAULT.readShare()));
        check(problems, () -> FaultPlan.of(fault, faultCommands, sandbox, false, readTimeout));
        if (sessions < 1) {
            problems.add("--sessions must be >= 1 (got " + sessions + ")");
        }
        if (accounts < 2) {
            problems.add("--accounts must be >= 2 (got " + accounts + ")");
        }
        if (timeSeconds < 0 || transactions < 0) {
            problems.add("--time and --transactions must be >= 0");
        } else if (timeSeconds == 0 && transactions == 0) {
            problems.add("--time 0 needs --transactions N (else the load never ends)");
        }
        if (finalReadSeconds <= 0) {
            problems.add("--final-read-timeout must be > 0 seconds (got " + finalReadSeconds + ")");
        }
    }

    /**
     * @return the probe as the runner runs it; its output directory is {@code --out} or the default
     * @throws UserException when an option is invalid (call {@link #validate} first for all problems at once), or
     *                       the output directory cannot be written
     */
    public AnomalyRun run() {
        Path dir = ResultDirs.orDefault(out, "anomalies");
        ResultDirs.requireWritable(dir);
        List<String> parsedLevels = levels == null ? null
                : Consistency.list(levels).stream().map(Consistency::level).toList();
        long usedSeed = seed != 0 ? seed : (System.nanoTime() ^ System.currentTimeMillis()) & Long.MAX_VALUE | 1;
        AppendMix mix = new AppendMix(keys, AppendMix.DEFAULT.maxAppendsPerKey(), AppendMix.DEFAULT.minOps(),
                AppendMix.DEFAULT.maxOps(), AppendMix.DEFAULT.readShare());
        return new AnomalyRun(parsedLevels, Isolation.list(isolation), Placement.Routing.list(routing),
                Placement.ReadsOn.parse(readsOn), forUpdate, HistoryWorkload.parse(workloads), sessions, mix, accounts,
                timeSeconds, transactions, FaultPlan.of(fault, faultCommands, sandbox, false, readTimeout),
                finalReadSeconds, usedSeed, dir);
    }

    private static void check(List<String> problems, Supplier<?> parse) {
        try {
            parse.get();
        } catch (UserException e) {
            problems.add(e.line());
        }
    }
}
