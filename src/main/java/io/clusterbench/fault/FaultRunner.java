package io.clusterbench.fault;

import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Target;
import io.clusterbench.observe.Observer;
import io.clusterbench.result.FaultEvent;
import io.clusterbench.result.FaultReport;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs a {@link FaultSchedule} on its own thread against the run's clock (time 0 = the measured start), and
 * watches quorum on Galera. Plugged in as an {@link Observer}, so each interval's record lists the faults that
 * began in it ({@code observed.faults.started}) and the run's facts hold the {@link FaultReport}. Every step
 * is printed when it begins and when it ends. A step that takes long (a restart waits for Synced) delays the
 * steps after it; each event keeps its scheduled and actual time. At the end of the run the schedule stops:
 * a step still running is recorded as unfinished, and the run still ends at {@code --time}.
 *
 * <p>Thread-safe: the fault thread adds events under this object's lock; the coordinator samples.
 */
public final class FaultRunner implements Observer {
    private final FaultSchedule schedule;
    private final NodeControl nodes;
    private final Target target;
    private final Consumer<String> console;
    private final QuorumWatch quorum;
    private final List<FaultEvent> events = new ArrayList<>();
    private final List<String> started = new ArrayList<>();
    private FaultSchedule.Step running;
    private double runningSince;
    private volatile long startNanos;
    private Thread thread;

    /**
     * @param schedule  the steps (may be empty: quorum is still watched)
     * @param nodes     acts on node processes; null when the schedule has only sql steps
     * @param target    observer target (no session variables); node K is its K-th endpoint
     * @param nodeNames node name per endpoint, for quorum lines
     * @param galera    true to watch quorum
     * @param console   receives one line per step start, end and quorum change (thread-safe)
     */
    public FaultRunner(FaultSchedule schedule, NodeControl nodes, Target target, List<String> nodeNames, boolean galera,
                       Consumer<String> console) {
        this.schedule = schedule;
        this.nodes = nodes;
        this.target = target;
        this.console = console;
        this.quorum = galera ? new QuorumWatch(target, nodeNames, this::millis, console) : null;
    }

    @Override
    public String name() {
        return "faults";
    }

    private long millis() {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    private double seconds() {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    @Override
    public void start() {
        startNanos = System.nanoTime();
        if (quorum != null) {
            quorum.start();
        }
        if (!schedule.isEmpty()) {
            if (nodes != null) {
                console.accept("Faults: " + schedule.describe() + " (on " + nodes.describe() + ")");
            }
            thread = new Thread(this::runSchedule, "fault-schedule");
            thread.setDaemon(true);
            thread.start();
        }
    }

    private void runSchedule() {
        for (FaultSchedule.Step step : schedule.steps()) {
            long due = startNanos + step.at().toNanos();
            try {
                long wait;
                while ((wait = due - System.nanoTime()) > 0) {
                    Thread.sleep(Math.max(1, wait / 1_000_000));
                }
            } catch (InterruptedException e) {
                return;
            }
            double at = seconds();
            synchronized (this) {
                started.add(String.format(Locale.ROOT, "%.2f %s", at, step.describe()));
                running = step;
                runningSince = at;
            }
            console.accept(String.format(Locale.ROOT, "[%.1fs] fault: %s", at, step.describe()));
            long t0 = System.nanoTime();
            NodeControl.Outcome o = step.action() == FaultSchedule.Action.SQL ? sql(step)
                    : nodes == null ? new NodeControl.Outcome(false, "no sandbox or --fault-cmd to act on nodes", null)
                    : nodes.act(step, t0);
            double took = (System.nanoTime() - t0) / 1e9;
            if (Thread.currentThread().isInterrupted() && !o.ok()) {
                return; // the run ended while the step ran: recorded as unfinished by report()
            }
            synchronized (this) {
                events.add(new FaultEvent(step.at().toMillis() / 1000.0, at, step.action().label(), step.node(),
                        step.describe(), o.ok(), o.detail(), took, o.transfer()));
                running = null;
            }
            console.accept(String.format(Locale.ROOT, "[%.1fs] fault: %s %s after %.1f s: %s", seconds(),
                    step.describe(), o.ok() ? "done" : "FAILED", took, o.detail()));
        }
    }

    private NodeControl.Outcome sql(FaultSchedule.Step step) {
        int index = step.nodeIndex();
        if (index > target.endpoints().size()) {
            return new NodeControl.Outcome(false, step.node() + " is not an endpoint of the run", null);
        }
        try (Connection c = target.open(target.endpoints().get(index - 1)); Statement s = c.createStatement()) {
            c.setNetworkTimeout(Runnable::run, 30_000);
            s.execute(step.statement());
            return new NodeControl.Outcome(true, "executed on " + target.endpoints().get(index - 1).label(), null);
        } catch (DbFailure e) {
            return new NodeControl.Outcome(false, e.vendorCode() + ": " + e.getMessage(), null);
        } catch (SQLException e) {
            return new NodeControl.Outcome(false, e.getErrorCode() + ": " + e.getMessage(), null);
        }
    }

    /** @return {@code started}: the faults that began since the last sample, as {@code "12.00 kill n3"} */
    @Override
    public synchronized Map<String, Object> sample(double intervalSeconds) {
        if (started.isEmpty()) {
            return Map.of();
        }
        List<String> copy = List.copyOf(started);
        started.clear();
        return Map.of("started", copy);
    }

    @Override
    public synchronized String compactLine() {
        return running == null ? "" : "| fault: " + running.describe() + "...";
    }

    /** @return the fault report ({@link #report}) when there is something to report, else none */
    @Override
    public io.clusterbench.result.Facts facts() {
        return hasReport() ? io.clusterbench.result.Facts.NONE.with(io.clusterbench.result.FactKeys.FAULTS, report())
                : io.clusterbench.result.Facts.NONE;
    }

    /** @return true when there is something to report: a schedule, or a quorum loss */
    public boolean hasReport() {
        return !schedule.isEmpty() || quorum != null && !quorum.losses().isEmpty();
    }

    /**
     * @return the schedule, the events so far (a step still running is included with {@code ok=false}, detail
     *         {@code unfinished at the end of the run}) and quorum losses; recovery is added from the intervals
     *         by {@link FaultReport#withRecovery}
     */
    public synchronized FaultReport report() {
        List<FaultEvent> all = new ArrayList<>(events);
        if (running != null) {
            all.add(new FaultEvent(running.at().toMillis() / 1000.0, runningSince, running.action().label(),
                    running.node(), running.describe(), false,
                    "unfinished at the end of the run", seconds() - runningSince, null));
        }
        return new FaultReport(schedule.describe(), all, List.of(), quorum == null ? List.of() : quorum.losses());
    }

    @Override
    public void close() {
        if (thread != null) {
            thread.interrupt();
        }
        if (quorum != null) {
            quorum.close();
        }
    }
}
