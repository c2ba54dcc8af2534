package io.clusterbench.runner;

import io.clusterbench.lifecycle.Lifecycle;
import io.clusterbench.observe.Observer;
import io.clusterbench.probe.SideHistory;
import io.clusterbench.result.RunAnomalies;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The history workloads beside a run ({@code run … --anomalies RATE}) as one of the run's observers, so the command's
 * lifecycle owns them as it owns {@code --background}'s load (a stop closes them within its deadline): made ready
 * when the step's observers are chosen (tables, isolation level), started just before the engine (once its sessions
 * are open it runs through the measured phase), stopped at the measured end, when the final reads and the checks begin on their own daemon thread; the step's facts wait for them at most
 * {@link #FINISH_BUDGET_MILLIS} from the measured end ({@link #FINISH_AFTER_STOP_MILLIS} after a Ctrl-C), so the run
 * ends within its bound (docs/consistency.md, "Beside a run").
 *
 * <p>Thread-safe: {@link #startAhead} runs on the command's thread, {@link #start} on the observer's thread, {@link #measuringEnded} on the end-of-run thread,
 * {@link #result} on the command's thread, {@link #close} on a lifecycle thread; the finishing runs on its own.
 */
final class SideHistoryObserver implements Observer {
    /** The longest from the measured end to the anomalies' result (final reads and checks). */
    static final long FINISH_BUDGET_MILLIS = 1000;
    /** The same after a Ctrl-C or SIGTERM: no final reads, the checks if they fit. */
    static final long FINISH_AFTER_STOP_MILLIS = 400;
    private final SideHistory history;
    private final Lifecycle life;
    private volatile CompletableFuture<RunAnomalies> finishing;
    private volatile long deadlineNanos;

    private SideHistoryObserver(SideHistory history, Lifecycle life) {
        this.history = history;
        this.life = life;
    }

    /**
     * @param names   the node name per endpoint
     * @param stepDir the step's folder, which gets {@code history.jsonl}
     * @return the observer, or null without {@code --anomalies}
     * @throws io.clusterbench.UserException when the history's tables or isolation level cannot be set up
     */
    static SideHistoryObserver forRun(RunContext ctx, List<String> names, Path stepDir) {
        RunPlan plan = ctx.settings;
        SideHistory.Spec spec = plan.cluster().anomalies();
        if (spec == null || stepDir == null) {
            return null;
        }
        boolean galera = ctx.topology() != null && ctx.topology().galera();
        String level = plan.cluster().consistency() == null ? null : plan.cluster().consistency().level();
        SideHistory history = SideHistory.prepare(spec, new SideHistory.Setup(ctx.target(), names, galera, level,
                plan.cluster().routing() == io.clusterbench.db.Routing.SINGLE_WRITER, stepDir,
                plan.workload().seed() + 2), ctx.env.lifecycle());
        ctx.env.line(history.describe());
        return new SideHistoryObserver(history, ctx.env.lifecycle());
    }

    @Override
    public String name() {
        return "anomalies";
    }

    /**
     * Before the run's engine starts: starts the history (its time origin) and waits until its sessions are open and
     * it runs, at most {@code waitMillis}, so the history covers the whole measured phase (started with it, the side
     * engine's sessions took a second of a 5-second run to open on a loaded 2-core machine).
     */
    void startAhead(long waitMillis) {
        history.start();
        history.awaitRunning(waitMillis);
    }

    /** The measured phase starts: the history runs already ({@link #startAhead}), else it starts now. */
    @Override
    public void start() {
        history.start();
    }

    @Override
    public Map<String, Object> sample(double intervalSeconds) {
        return Map.of();
    }

    /** Stops the history load and begins its final reads and checks on a daemon thread; returns at once. */
    @Override
    public synchronized void measuringEnded() {
        if (finishing != null) {
            return;
        }
        boolean stopped = life.stopRequested();
        long budget = stopped ? FINISH_AFTER_STOP_MILLIS : FINISH_BUDGET_MILLIS;
        deadlineNanos = System.nanoTime() + budget * 1_000_000L;
        CompletableFuture<RunAnomalies> f = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                f.complete(history.finish(stopped, deadlineNanos));
            } catch (RuntimeException e) {
                f.completeExceptionally(e);
            }
        }, "anomalies-finish");
        t.setDaemon(true);
        finishing = f;
        t.start();
    }

    /**
     * @return what the history showed, waited for until the measured end plus the budget; a history not finished by
     *         then (a node that holds the final reads past their bound) is recorded with what was finished: its checks
     *         as not checked; null when the measured phase never ended (nothing was recorded)
     * @throws io.clusterbench.UserException when the history file could not be written
     */
    RunAnomalies result() {
        CompletableFuture<RunAnomalies> f = finishing;
        if (f == null) {
            return null;
        }
        try {
            return f.get(Math.max(0, deadlineNanos - System.nanoTime()) + 200_000_000L, TimeUnit.NANOSECONDS);
        } catch (TimeoutException | InterruptedException e) {
            return history.finish(true, System.nanoTime()); // left as not checked, with the operations counted
        } catch (ExecutionException e) {
            if (e.getCause() instanceof java.io.UncheckedIOException io) {
                throw new io.clusterbench.UserException(io.getMessage(), "free disk space or choose another --out", io);
            }
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
    }

    /**
     * Before the measured end (a stop with nothing measured, a refused step): stops the history load and closes its
     * file; bounded (the lifecycle's deadline). After it, nothing: the finishing is bounded on its own and its
     * connections are the lifecycle's.
     */
    @Override
    public synchronized void close() {
        if (finishing == null) {
            history.close();
        }
    }
}
