package io.clusterbench.runner;

import io.clusterbench.db.Target;
import io.clusterbench.engine.SideLoad;
import io.clusterbench.lifecycle.Lifecycle;
import io.clusterbench.observe.Observer;
import io.clusterbench.result.FactKeys;
import io.clusterbench.result.Facts;
import io.clusterbench.result.ScenarioFacts;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The run's scenarios ({@code run --scenario}, and {@code --background} as one case of them, named
 * {@value BackgroundObserver#SCENARIO}) as one of its observers, so the command's lifecycle owns their loads as it
 * owns {@code --background}'s: each scenario is one {@link SideLoad} (its own engine, threads, rate,
 * reconnects and ignored errors) started with the run's measured phase and stopped at its end, before the server's
 * final reading. Each scenario counts from its first interval (once its sessions are open) to its stop (its final
 * partial interval counted), so its counted events plus its cut-off ones are all it ran. Per interval: each scenario's events, tps,
 * errors and p95 in {@code observed.scenarios.NAME}; per run: {@link ScenarioFacts} (docs/metrics.md, "Scenarios").
 *
 * <p>Thread-safe: {@link #start} and {@link #sample} run on the
 * observer's thread, {@link #measuringEnded} on the end-of-run thread, {@link #close} on a lifecycle thread; each
 * load's intervals come in on its own coordinator thread into its {@link ScenarioTally}, which locks itself.
 */
final class ScenarioObserver implements Observer {
    /** Length of each scenario's own intervals (its figures reach the run's interval lines in these steps). */
    static final Duration STEP = Duration.ofMillis(200);
    /** The longest the measured end waits for the scenarios' loads to end. */
    static final long END_WAIT_MILLIS = 300;
    /** Every scenario's tally: {@code --background}'s first when there is one, then the scenarios' in order. */
    private final List<ScenarioTally> tallies;
    /** What stopped each tally's load early, in the order of {@link #tallies}. */
    private final List<Supplier<Throwable>> failures;
    /** The scenarios' own loads ({@code --background}'s is its observer's). */
    private final List<SideLoad> loads;
    private final Lifecycle life;
    private volatile String compact = "";

    private ScenarioObserver(List<ScenarioTally> tallies, List<Supplier<Throwable>> failures, List<SideLoad> loads,
                             Lifecycle life) {
        this.tallies = List.copyOf(tallies);
        this.failures = List.copyOf(failures);
        this.loads = List.copyOf(loads);
        this.life = life;
    }

    /**
     * @param plan       the run's plan (its scenarios)
     * @param target     where the run's sessions connect
     * @param life       the command's lifecycle (a stop shortens the end wait)
     * @param background the run's {@code --background}, one case of a scenario (it runs its own load), or null
     * @return the observer, or null when the run has neither scenarios nor a background
     * @throws io.clusterbench.UserException when a scenario's tables are missing
     */
    static ScenarioObserver forRun(RunPlan plan, Target target, Lifecycle life, BackgroundObserver background) {
        List<RunPlan.Scenario> scenarios = plan.cluster().scenarios();
        if (scenarios.isEmpty() && background == null) {
            return null;
        }
        List<ScenarioTally> tallies = new ArrayList<>();
        List<Supplier<Throwable>> failures = new ArrayList<>();
        List<SideLoad> loads = new ArrayList<>();
        if (background != null) {
            tallies.add(background.tally());
            failures.add(background::failure);
        }
        for (int i = 0; i < scenarios.size(); i++) {
            RunPlan.Scenario s = scenarios.get(i);
            BackgroundObserver.initWorkload(target, s.workload());
            ScenarioTally tally = new ScenarioTally(s);
            tallies.add(tally);
            SideLoad load = new SideLoad(s.workload(), target, s.spec().threads(), s.spec().rateEventsPerSecond(),
                    s.reconnectEveryEvents(), s.errors(), plan.workload().seed() + 3 + i, STEP, tally::interval);
            loads.add(load);
            failures.add(load::failure);
        }
        return new ScenarioObserver(tallies, failures, loads, life);
    }

    @Override
    public String name() {
        return "scenarios";
    }

    /** The measured phase starts: so does every scenario's load (its sessions open, then it counts). */
    @Override
    public void start() {
        loads.forEach(SideLoad::start);
    }

    /**
     * @return per scenario name: {@code events}, {@code tps}, {@code errors} and {@code p95Millis} over its
     *         intervals that ended since the previous sample; a scenario with none is left out (not a false 0)
     */
    @Override
    public Map<String, Object> sample(double intervalSeconds) {
        Map<String, Object> m = new LinkedHashMap<>();
        StringBuilder line = new StringBuilder();
        for (ScenarioTally t : tallies) {
            Map<String, Object> one = t.drain();
            if (!one.isEmpty()) {
                m.put(t.name(), one);
                if (tallies.size() > loads.size() && t == tallies.get(0)) { // the first is --background's
                    continue; // its tps is on the line already, as "bg"
                }
                line.append(line.length() == 0 ? "sc " : ", ").append(t.name()).append(' ')
                        .append(String.format(Locale.ROOT, "%.1f", ((Number) one.get("tps")).doubleValue()));
            }
        }
        compact = line.toString();
        return m;
    }

    /** @return {@code sc}, or "" when the only scenario is {@code --background} (on the line as {@code bg}) */
    @Override
    public String linePrefix() {
        return loads.isEmpty() ? "" : "sc";
    }

    @Override
    public String compactLine() {
        return compact;
    }

    /**
     * Stops every scenario's load (all asked at once, then waited for together, at most {@link #END_WAIT_MILLIS}
     * and never past the step's end deadline less the final readings' share), so the server's final reading follows
     * their last statements; each load's final partial interval is counted when it comes (a load that ends later
     * than the run's facts are read has it in neither).
     */
    @Override
    public void measuringEnded() {
        loads.forEach(l -> l.stop(0));
        long deadline = Math.min(System.nanoTime() + END_WAIT_MILLIS * 1_000_000L,
                life.endDeadlineNanos() - ObserverSet.FINAL_READING_MILLIS * 1_000_000L);
        for (SideLoad l : loads) {
            long left = (deadline - System.nanoTime()) / 1_000_000L;
            if (left > 0) {
                l.stop(left);
            }
        }
    }

    @Override
    public Facts facts() {
        List<ScenarioFacts.Scenario> out = new ArrayList<>();
        for (int i = 0; i < tallies.size(); i++) {
            Throwable failure = failures.get(i).get();
            out.add(tallies.get(i).summary(failure == null ? null : String.valueOf(failure.getMessage())));
        }
        return Facts.NONE.with(FactKeys.SCENARIOS, new ScenarioFacts(STEP.toMillis(), out));
    }

    @Override
    public void close() {
        loads.forEach(l -> l.stop(0));
    }
}
