package io.clusterbench.probe;

import io.clusterbench.anomaly.AppendChecker;
import io.clusterbench.anomaly.BankCheck;
import io.clusterbench.anomaly.BankRead;
import io.clusterbench.anomaly.BankTransfer;
import io.clusterbench.anomaly.CounterCheck;
import io.clusterbench.anomaly.CounterOp;
import io.clusterbench.anomaly.History;
import io.clusterbench.anomaly.HistoryWorkload;
import io.clusterbench.anomaly.Outcome;
import io.clusterbench.anomaly.Promise;
import io.clusterbench.anomaly.Txn;
import io.clusterbench.result.AnomalyCheck;
import io.clusterbench.result.LatencySummary;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Checks each workload's history of one load ({@code probe anomalies}' setting, or the history load beside a run) on
 * daemon threads, one per workload, and turns the results into {@code AnomalyCheck} records with the load's own
 * cost; a check that is not done by its deadline is recorded as not checked, with the operations counted.
 *
 * <p>Thread-safe (stateless; the checkers run on a shared pool of daemon threads, so a check abandoned at its
 * deadline never holds the process).
 */
final class HistoryChecks {
    private static final ExecutorService POOL = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "anomaly-checker");
        t.setDaemon(true);
        return t;
    });

    private HistoryChecks() {
    }

    /**
     * @param spec          the load's shape (workloads, sessions, accounts)
     * @param promise       what the setting promises
     * @param h             the whole history, final reads included
     * @param atEnd         the history as it stood when the load ended (before the final reads): the load's cost
     * @param seconds       the load's wall time, s
     * @param finals        the nodes read after the load, per workload
     * @param deadlineNanos {@code System.nanoTime()} by which each check must be done, else it is recorded as not
     *                      checked; {@code Long.MAX_VALUE} for none
     * @return one record per workload, in the spec's order
     */
    static List<AnomalyCheck> check(HistoryLoad.Spec spec, Promise promise, History h, History atEnd, double seconds,
                                    FinalReads.Result finals, long deadlineNanos) {
        List<CompletableFuture<AnomalyCheck>> running = new ArrayList<>();
        List<AnomalyCheck> unchecked = new ArrayList<>();
        for (HistoryWorkload w : spec.ordered()) {
            AnomalyCheck.Load cost = cost(ops(atEnd, w, false), spec.sessions(), seconds);
            AnomalyRecords.Outcomes outcomes = outcomes(ops(h, w, true));
            List<String> read = finals.nodes().getOrDefault(w, List.of());
            unchecked.add(AnomalyRecords.unchecked(w.label(), outcomes, cost));
            running.add(CompletableFuture.supplyAsync(() -> switch (w) {
                case APPEND -> AnomalyRecords.append(AppendChecker.check(h.txns()), promise, read, cost);
                case BANK -> AnomalyRecords.bank(BankCheck.of(h, spec.accounts(),
                        spec.accounts() * LoadTables.INITIAL_BALANCE), outcomes, promise, read, cost);
                case COUNTER -> AnomalyRecords.counter(CounterCheck.of(h), outcomes, promise, read, cost);
            }, POOL));
        }
        List<AnomalyCheck> out = new ArrayList<>();
        for (int i = 0; i < running.size(); i++) {
            try {
                out.add(deadlineNanos == Long.MAX_VALUE ? running.get(i).get()
                        : running.get(i).get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS));
            } catch (TimeoutException | InterruptedException e) {
                out.add(unchecked.get(i));
            } catch (ExecutionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
            }
        }
        return out;
    }

    /**
     * @param finalReads true to count the final reads too (the operations in the file); false for the load's own
     *                   (its cost; the bank's final reads are not told apart from its other reads)
     * @return the operations of {@code w} in {@code h}
     */
    static List<Op> ops(History h, HistoryWorkload w, boolean finalReads) {
        List<Op> out = new ArrayList<>();
        switch (w) {
            case APPEND -> {
                for (Txn t : h.txns()) {
                    if (finalReads || !t.finalRead()) {
                        out.add(new Op(t.invokeMicros(), t.completeMicros(), t.outcome(), t.error()));
                    }
                }
            }
            case BANK -> {
                for (BankTransfer t : h.transfers()) {
                    out.add(new Op(t.invokeMicros(), t.completeMicros(), t.outcome(), t.error()));
                }
                for (BankRead r : h.bankReads()) {
                    out.add(new Op(r.invokeMicros(), r.completeMicros(), r.outcome(), r.error()));
                }
            }
            case COUNTER -> {
                for (CounterOp o : h.counter()) {
                    if (finalReads || !o.finalRead()) {
                        out.add(new Op(o.invokeMicros(), o.completeMicros(), o.outcome(), o.error()));
                    }
                }
            }
        }
        return out;
    }

    /** One operation's times (µs from the history's origin) and outcome, whatever the workload. Immutable. */
    record Op(long invokeMicros, long completeMicros, Outcome outcome, String error) {
    }

    private static AnomalyRecords.Outcomes outcomes(List<Op> ops) {
        long ok = ops.stream().filter(o -> o.outcome() == Outcome.OK).count();
        long failed = ops.stream().filter(o -> o.outcome() == Outcome.FAILED).count();
        return new AnomalyRecords.Outcomes(ops.size(), ok, failed, ops.size() - ok - failed);
    }

    /** @return the load's throughput and latency (acknowledged operations), and its errors by code */
    private static AnomalyCheck.Load cost(List<Op> ops, int sessions, double seconds) {
        Histogram h = new Histogram(3_600_000_000L, 3);
        Map<String, Long> errors = new TreeMap<>();
        long ok = 0;
        for (Op o : ops) {
            if (o.outcome() == Outcome.OK) {
                ok++;
                h.recordValue(Math.min(Math.max(0, o.completeMicros() - o.invokeMicros()), h.getHighestTrackableValue()));
            } else if (o.error() != null) {
                String key = o.error().split(" ", 2)[0];
                errors.merge(key, 1L, Long::sum);
            }
        }
        return new AnomalyCheck.Load(sessions, ops.size(), seconds > 0 ? ok / seconds : 0, LatencySummary.of(h), errors);
    }
}
