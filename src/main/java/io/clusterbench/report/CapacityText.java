package io.clusterbench.report;

import io.clusterbench.result.CapacityRecord;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import static io.clusterbench.report.Figure.CAPACITY;
import static io.clusterbench.report.Figure.CAPACITY_BRACKET;
import static io.clusterbench.report.Figure.CAPACITY_CLOSED_LOOP;
import static io.clusterbench.report.Figure.CAPACITY_COUNTED;
import static io.clusterbench.report.Figure.CAPACITY_EVENTS_NEEDED;
import static io.clusterbench.report.Figure.CAPACITY_LOWEST_MISSED;
import static io.clusterbench.report.Figure.CAPACITY_OFFERED_RATE;
import static io.clusterbench.report.Figure.CAPACITY_PERCENTILE_INTERVAL;
import static io.clusterbench.report.Figure.CAPACITY_STEP_VERDICT;
import static io.clusterbench.report.Figure.TPS;

/**
 * The console lines of a capacity search ({@code capacity}, {@code sweep --target-p99}): the rule, each run's and
 * each step's verdict, the curve (offered rate against tps and the percentile) and the capacity with its bracket.
 * Figures are defined in docs/metrics.md, "Capacity at a latency target"; numbers in {@link Locale#ROOT}.
 *
 * <p>Thread-safe (stateless).
 */
public final class CapacityText {
    private CapacityText() {
    }

    /** @return {@code p99}, {@code p99.9} */
    public static String pName(double percentile) {
        return "p" + (percentile == Math.rint(percentile) ? Long.toString((long) percentile)
                : Double.toString(percentile));
    }

    /** @return the rule the search applies, as lines (from {@code c.rule()}; none for a record without one) */
    public static List<String> rule(CapacityRecord c) {
        CapacityRecord.Rule r = c.rule();
        if (r == null) {
            return List.of();
        }
        String p = pName(c.percentile());
        return List.of(
                f("Rule: %s per run %d (%d beyond %s); an open-loop run lasts max(--time, %d / (%.2f x rate)) s, "
                        + "every run at most %.0f s;", CAPACITY_EVENTS_NEEDED.key(), r.minEvents(), r.tailEvents(), p,
                        r.minEvents(), CapacityRecord.KEPT_UP_SHARE, r.maxRunSeconds()),
                f("  a shorter run is not counted and the step's runs are lengthened; a run meets the target when it "
                        + "kept up (tps >= %.0f%% of the rate) and its %s is within %s ms;",
                        100 * CapacityRecord.KEPT_UP_SHARE, p, ms(c.targetLatencyMicros())),
                f("  a step is met when more than half of its %d counted runs met; at most %d open-loop steps, "
                        + "ending once the bracket is within %.0f%%.", r.repeats(), r.openLoopSteps(),
                        100 * r.resolution()));
    }

    /** @return {@code [step 2] rate 500.00 events/s, runs of 24 s} */
    public static String stepHead(int number, double rate, long runSeconds) {
        return f("[step %d] %s, runs of %d s", number, rate == 0 ? "closed loop (the maximum)"
                : f("%s %.2f events/s", CAPACITY_OFFERED_RATE.key(), rate), runSeconds);
    }

    /**
     * @param rate the step's rate (0: closed loop)
     * @return the run's judgement, e.g. {@code p99 12.10 ms [95% interval 11.90–12.40], 10412 events: met}
     */
    public static String runLine(CapacityRecord c, CapacityRecord.Run run, double rate, Long nextRunSeconds) {
        String p = pName(c.percentile());
        long needed = c.rule() == null ? 0 : c.rule().minEvents();
        String verdict = run.met() ? "met" : "missed";
        String behind = run.keptUp() ? "" : f(", kept up with %.0f%% of the rate", 100 * run.tps() / rate);
        String count = run.counted() ? (run.events() < needed ? f(" (%d needed; counted: the run reached its longest)",
                needed) : "") : f(" (%d needed): short, not counted%s", needed,
                nextRunSeconds == null ? "" : f("; runs lengthened to %d s", nextRunSeconds));
        return f("run %d: %s %s ms [%s %s–%s], %d events%s%s: %s", run.repeat(), p, ms(run.latencyMicros()),
                CAPACITY_PERCENTILE_INTERVAL.key(), ms(run.latencyLowMicros()), ms(run.latencyHighMicros()),
                run.events(), count, behind, run.counted() ? verdict : "not judged");
    }

    /** @return the step's verdict over its counted runs */
    public static String stepLine(CapacityRecord c, CapacityRecord.Step s) {
        List<CapacityRecord.Run> counted = s.counted();
        long met = counted.stream().filter(CapacityRecord.Run::met).count();
        return f("step: %s %s, %s %s ms: %s (%d of %d %s runs met)", TPS.key(), tpsSpread(s),
                pName(c.percentile()), latencySpread(s), s.met() ? "met" : "missed", met, counted.size(),
                CAPACITY_COUNTED.key());
    }

    /** @return the curve as a table: one row per step, by offered rate (the closed loop first) */
    public static List<String> curve(CapacityRecord c) {
        String p = pName(c.percentile());
        List<String> out = new ArrayList<>();
        out.add(f("Capacity curve (%s, target %s ms; median [min–max] ×%s runs):", p, ms(c.targetLatencyMicros()),
                CAPACITY_COUNTED.key()));
        out.add(f("  %-14s %-28s %-30s %s", CAPACITY_OFFERED_RATE.key(), TPS.key(), p + " (ms)",
                CAPACITY_STEP_VERDICT.key()));
        List<CapacityRecord.Step> steps = new ArrayList<>(c.steps());
        steps.sort(Comparator.comparingDouble(CapacityRecord.Step::rate));
        for (CapacityRecord.Step s : steps) {
            out.add(f("  %-14s %-28s %-30s %s", s.rate() == 0 ? "closed loop" : f("%.2f", s.rate()), tpsSpread(s),
                    latencySpread(s), s.met() ? "met" : "missed"));
        }
        return out;
    }

    /** @return the search's one-line verdict: the capacity with its bracket, or why there is none */
    public static String verdict(CapacityRecord c) {
        String head = f("Capacity at %s within %s ms, %s: ", pName(c.percentile()), ms(c.targetLatencyMicros()),
                ReportCharts.threads(c.threads()));
        if (c.closedLoopMet()) {
            return head + f("at least %.2f tps, the %s, which already meets the target (more threads may take more)",
                    c.closedLoopTps(), CAPACITY_CLOSED_LOOP.key());
        }
        if (c.capacityTps() <= 0) {
            return head + f("not met at any rate tried (lowest: %s; %s %.2f tps)", c.lowestMissedRate() == null
                    ? "none" : f("%.2f events/s", c.lowestMissedRate()), CAPACITY_CLOSED_LOOP.key(), c.closedLoopTps());
        }
        String bracket = c.lowestMissedRate() == null
                ? f("%s [%.2f, not found]: every rate tried met", CAPACITY_BRACKET.key(), c.capacityTps())
                : f("%s [%.2f, %.2f] events/s, %s %.2f", CAPACITY_BRACKET.key(), c.capacityTps(),
                c.lowestMissedRate(), CAPACITY_LOWEST_MISSED.key(), c.lowestMissedRate());
        return head + f("%s %.2f events/s; %s; %.0f%% of the %s %.2f tps", CAPACITY.key(), c.capacityTps(), bracket,
                100 * c.capacityTps() / c.closedLoopTps(), CAPACITY_CLOSED_LOOP.key(), c.closedLoopTps());
    }

    /** @return {@code 12.3 [12.1–12.5] ×3} of the step's counted runs' tps */
    static String tpsSpread(CapacityRecord.Step s) {
        List<Double> tps = s.counted().stream().map(CapacityRecord.Run::tps).sorted().toList();
        if (tps.isEmpty()) {
            return f("%.2f", s.tps());
        }
        return f("%.2f [%.2f–%.2f] ×%d", s.tps(), tps.get(0), tps.get(tps.size() - 1), tps.size());
    }

    /** @return {@code 12.30 [12.10–12.50] ×3} of the step's counted runs' percentile, ms */
    static String latencySpread(CapacityRecord.Step s) {
        int n = s.counted().size();
        if (n == 0) {
            return ms(s.latencyMicros());
        }
        return f("%s [%s–%s] ×%d", ms(s.latencyMicros()), ms(s.latencyMinMicros()), ms(s.latencyMaxMicros()), n);
    }

    static String ms(long micros) {
        return f("%.2f", micros / 1000.0);
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
