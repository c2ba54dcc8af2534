package io.clusterbench.runner;

import io.clusterbench.UserException;
import io.clusterbench.anomaly.AppendMix;
import io.clusterbench.anomaly.HistoryWorkload;
import io.clusterbench.anomaly.Isolation;
import io.clusterbench.probe.Placement;
import io.clusterbench.probe.SideHistory;
import picocli.CommandLine.Option;

import java.util.List;
import java.util.function.Supplier;

/**
 * {@code --anomalies RATE} and its options: picocli mixin of {@code run}. The history workloads of
 * {@code probe anomalies} beside the run, paced at RATE operations per second over all their sessions, recorded in
 * {@code history.jsonl} and checked at the end (docs/consistency.md, "Beside a run").
 *
 * <p>Confined to the command's thread.
 */
public final class SideHistoryOptions {
    @Option(names = "--anomalies", paramLabel = "RATE", defaultValue = "0",
            description = "Run the history workloads of 'probe anomalies' beside this run and check them at the end "
                    + "(exit 3 when a class the setting forbids is found): RATE = history operations per second over "
                    + "all their sessions together (open loop, evenly spaced; an operation is one list-append "
                    + "transaction, bank transfer or read, or counter increment or read), on every endpoint, at the "
                    + "run's --consistency. E.g. 20. 0 = off. Default: ${DEFAULT-VALUE}.")
    double rate;

    @Option(names = "--anomaly-workload", paramLabel = "append|bank|counter|all", defaultValue = "append",
            description = "History workloads beside the run with --anomalies (comma-separated, or all); RATE is "
                    + "shared by them. Default: ${DEFAULT-VALUE}.")
    String workloads;

    @Option(names = "--anomaly-sessions", paramLabel = "N", defaultValue = "0",
            description = "History sessions of each --anomaly-workload, one connection each (plus one per node it "
                    + "reads on); 0 = as many as endpoints, at least 2. Default: ${DEFAULT-VALUE}.")
    int sessions;

    @Option(names = "--anomaly-keys", paramLabel = "N", defaultValue = "8",
            description = "List-append keys in play at once (>= 1): fewer keys, more transactions meet on one (more "
                    + "chances to see stale reads and lost updates). Each key is retired after 64 appends. "
                    + "Default: ${DEFAULT-VALUE}.")
    int keys;

    @Option(names = "--anomaly-isolation", paramLabel = "RC|RR|SER",
            description = "Isolation level of the history sessions, set and read back on every endpoint. "
                    + "Default: the server's own (read back).")
    String isolation;

    @Option(names = "--anomaly-reads-on", paramLabel = "same|other|any", defaultValue = "same",
            description = "Where the history's read-only transactions run: on the session's writer node, on another "
                    + "node (stale reads), or on any node drawn per transaction. Writes follow --routing. "
                    + "Default: ${DEFAULT-VALUE}.")
    String readsOn;

    /** Adds every problem with these options to {@code problems}, without connecting. */
    void validate(List<String> problems) {
        if (!(rate >= 0) || Double.isInfinite(rate)) {
            problems.add("--anomalies must be a rate >= 0 operations per second (got " + rate + ")");
        }
        if (rate == 0) {
            return;
        }
        check(problems, () -> HistoryWorkload.parse(workloads), null);
        check(problems, () -> isolation == null ? null : Isolation.parse(isolation), "--isolation");
        check(problems, () -> Placement.ReadsOn.parse(readsOn), "--reads-on");
        if (keys < 1) {
            problems.add("--anomaly-keys must be >= 1 (got " + keys + ")");
        }
        if (sessions < 0) {
            problems.add("--anomaly-sessions must be >= 0 (got " + sessions + ")");
        }
    }

    /** @return the history load asked for, or null without {@code --anomalies} (call {@link #validate} first) */
    SideHistory.Spec spec() {
        if (rate <= 0) {
            return null;
        }
        return new SideHistory.Spec(rate, HistoryWorkload.parse(workloads), sessions,
                isolation == null ? null : Isolation.parse(isolation), Placement.ReadsOn.parse(readsOn), mix(), 5);
    }

    /** @return the list-append transactions' shape: {@code --anomaly-keys}, the rest as {@code probe anomalies} */
    private AppendMix mix() {
        return new AppendMix(keys, AppendMix.DEFAULT.maxAppendsPerKey(), AppendMix.DEFAULT.minOps(),
                AppendMix.DEFAULT.maxOps(), AppendMix.DEFAULT.readShare());
    }

    /** Adds the parse's problem, the probe's option name it names ({@code probeName}) given its name here. */
    private static void check(List<String> problems, Supplier<?> parse, String probeName) {
        try {
            parse.get();
        } catch (UserException e) {
            problems.add(probeName == null ? e.line() : e.line().replace(probeName + " ",
                    "--anomaly-" + probeName.substring(2) + " "));
        }
    }
}
