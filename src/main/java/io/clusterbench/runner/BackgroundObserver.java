package io.clusterbench.runner;

import io.clusterbench.UserException;
import io.clusterbench.engine.ErrorPolicy;
import io.clusterbench.engine.SideLoad;
import io.clusterbench.metrics.Counter;
import io.clusterbench.metrics.IntervalSample;
import io.clusterbench.observe.MarkedWindows;
import io.clusterbench.observe.Observer;
import io.clusterbench.result.BackgroundFacts;
import io.clusterbench.result.FactKeys;
import io.clusterbench.result.Facts;
import io.clusterbench.db.Target;
import java.sql.Connection;
import java.sql.SQLException;
import io.clusterbench.workload.Workload;
import org.HdrHistogram.Histogram;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A second workload run by its own engine beside the run ({@code run ddl --background oltp_read_write}):
 * closed loop, round-robin over the endpoints, 0.5-second intervals. Each of its intervals is attributed to
 * "marked" when a DDL or big transaction of the main workload ran at any time during it ({@link MarkedWindows}),
 * else to "preparing" when the main workload prepared one then (the ddl family's table fill), else to "quiet"
 * (steady); the facts compare marked with quiet (tps and p95/p99 latency, the dip) and count the background's
 * errors by code. Figures in docs/metrics.md ("Background workload"). It is also one of the run's scenarios, named
 * {@value #SCENARIO}: the same counted intervals feed a {@link ScenarioTally}, so its events, latency and errors are
 * in the scenarios block, fact, interval figures and metrics series as every scenario's are ({@link ScenarioObserver}).
 *
 * <p>Observer methods run on the coordinator thread; the background engine's coordinator thread adds its
 * intervals under this object's lock; the marks' listener (on a worker thread) writes one volatile field.
 */
public final class BackgroundObserver implements Observer {
    private static final Duration STEP = Duration.ofMillis(500);
    /** The background's name among the run's scenarios. */
    static final String SCENARIO = "background";
    /** The longest the final line waits for the background load to end (a blocked server: its end sequence). */
    private static final long END_WAIT_MILLIS = 1500;
    private final String workloadName;
    private final SideLoad load;
    private final ScenarioTally tally;
    private final Phase quiet = new Phase();
    private final Phase marked = new Phase();
    private final Phase preparing = new Phase();
    private final Map<String, Long> errors = new java.util.TreeMap<>(); // guarded by this
    private volatile boolean touched;
    private volatile boolean active;
    private volatile boolean prepTouched;
    private volatile boolean prepActive;
    private boolean ended; // guarded by this
    private boolean counting; // guarded by this: from the main run's measured start
    private long events;
    private double seconds;
    private String compact = "";

    /** Totals of the background intervals of one kind. Guarded by the observer's lock. */
    private static final class Phase {
        long events;
        double seconds;
        int intervals;
        final Histogram latency = new Histogram(3_600_000_000L, 3);
    }

    private BackgroundObserver(String name, Workload workload, Target target, int threads, long seed,
                               MarkedWindows marks) {
        this.workloadName = name;
        this.load = new SideLoad(workload, target, threads, seed, STEP, this::interval);
        this.tally = new ScenarioTally(new RunPlan.Scenario(new ScenarioSpec(SCENARIO, name, threads, 0, List.of()),
                workload, 0, ErrorPolicy.parse("none")));
        if (marks != null) {
            marks.onActivity(on -> {
                active = on;
                if (on) {
                    touched = true;
                }
            });
            marks.onPreparation(on -> {
                prepActive = on;
                if (on) {
                    prepTouched = true;
                }
            });
        }
    }

    /**
     * @param plan   the run's plan ({@code --background} and its threads)
     * @param target where the run's sessions connect
     * @return the observer, or null when no {@code --background} was given
     * @throws UserException when the background workload's tables are missing
     */
    static BackgroundObserver forRun(RunPlan plan, Target target) {
        RunPlan.Background b = plan.cluster().background();
        if (b == null) {
            return null;
        }
        Workload w = b.workload();
        initWorkload(target, w);
        return new BackgroundObserver(w.name(), w, target, b.threads(), plan.workload().seed() + 1,
                plan.workload().workload().markedWindows());
    }

    @Override
    public String name() {
        return "background";
    }

    /**
     * Starts the background load before the main run and waits until its sessions are open and it runs (at most
     * {@code waitMillis}), so the main workload's first marked statement already finds it committing: started
     * with the measured phase, the first DDL of a tester's run got the background's ramp counted as its stall
     * (a 10 ms CREATE with 0.6-0.8 s commit gaps on every node). Its intervals count from {@link #start}.
     */
    void startAhead(long waitMillis) {
        load.start();
        load.awaitRunning(waitMillis);
    }

    /** The main run's measured phase starts: the load runs (started now unless {@link #startAhead}), counted from here. */
    @Override
    public void start() {
        load.start();
        synchronized (this) {
            counting = true;
        }
    }

    private synchronized void interval(IntervalSample s) {
        // before and after the main run's measured phase: neither on a line nor in the facts; the one in progress at
        // its start counts whole (a run shorter than one 0.5 s interval still has the background's figures)
        if (!counting || ended) {
            return;
        }
        boolean wasMarked = touched || active;
        touched = active;
        boolean wasPreparing = prepTouched || prepActive;
        prepTouched = prepActive;
        Phase p = wasMarked ? marked : wasPreparing ? preparing : quiet;
        tally.interval(s);
        s.errorsByCode().forEach((k, v) -> errors.merge(k, v, Long::sum));
        long n = s.count(Counter.EVENTS);
        p.events += n;
        p.seconds += s.durationSeconds();
        p.intervals++;
        p.latency.add(s.eventLatency());
        events += n;
        seconds += s.durationSeconds();
    }

    /**
     * Stops the background load with the main one, its final partial interval counted, then counts no more
     * intervals: the facts cover the same intervals as the lines (a tester's 3-second run printed lines worth about
     * 12 background events against 73 in the facts, which went on counting through the end sequence). Waits at
     * most {@link #END_WAIT_MILLIS} for the load to end.
     */
    @Override
    public void measuringEnded() {
        load.stop(END_WAIT_MILLIS); // not under the lock: its final partial interval comes in through interval()
        synchronized (this) {
            ended = true;
        }
    }

    /**
     * @return {@code tps}: background events per second over its intervals that ended since the previous sample;
     *         empty, and {@code bg -} on the line, when none ended (its sessions still opening), not a false 0
     */
    @Override
    public synchronized Map<String, Object> sample(double intervalSeconds) {
        Map<String, Object> m = new LinkedHashMap<>();
        if (seconds <= 0) {
            compact = "bg -";
            return m;
        }
        double tps = events / seconds;
        m.put("tps", tps);
        compact = String.format(java.util.Locale.ROOT, "bg %.1f tps", tps);
        events = 0;
        seconds = 0;
        return m;
    }

    @Override
    public String linePrefix() {
        return "bg";
    }

    @Override
    public synchronized String compactLine() {
        return compact;
    }

    @Override
    public Facts facts() {
        return Facts.NONE.with(FactKeys.BACKGROUND, summary());
    }

    /** @return the background's figures as a scenario's: the intervals its facts count */
    ScenarioTally tally() {
        return tally;
    }

    /** @return what stopped the background load early, or null */
    Throwable failure() {
        return load.failure();
    }

    synchronized BackgroundFacts summary() {
        Double dip = quiet.seconds > 0 && marked.seconds > 0 && quiet.events > 0
                ? 100.0 * (1 - (marked.events / marked.seconds) / (quiet.events / quiet.seconds)) : null;
        Throwable failure = load.failure();
        return new BackgroundFacts(workloadName, STEP.toMillis(), phase(quiet), phase(marked), dip,
                failure == null ? null : String.valueOf(failure.getMessage()),
                preparing.intervals > 0 ? phase(preparing) : null, errors);
    }

    private static BackgroundFacts.Phase phase(Phase p) {
        boolean any = p.latency.getTotalCount() > 0;
        return new BackgroundFacts.Phase(p.intervals, p.seconds, p.seconds > 0 ? p.events / p.seconds : null,
                any ? p.latency.getValueAtPercentile(95) / 1000.0 : null,
                any ? p.latency.getValueAtPercentile(99) / 1000.0 : null,
                any ? p.latency.getMaxValue() / 1000.0 : null);
    }

    @Override
    public void close() {
        load.stop();
    }

    /**
     * Reads what the workload needs from its tables (key spaces) so it can run as background load.
     *
     * @throws UserException when the tables cannot be read
     */
    public static void initWorkload(Target t, Workload w) {
        try (Connection c = t.openChecked(t.endpointFor(0), true)) {
            w.init(c);
        } catch (SQLException e) {
            throw new UserException("cannot read the background workload's tables: " + e.getMessage(),
                    "run prepare " + w.name() + " first", e);
        }
    }
}
