package io.clusterbench.report;

import io.clusterbench.result.BackgroundFacts;
import io.clusterbench.result.FactKeys;
import io.clusterbench.result.RunRecord;
import io.clusterbench.result.ScenarioFacts;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static io.clusterbench.report.Figure.*;

/**
 * The scenarios' block of the final report ({@code run --scenario}): one row per scenario with its workload,
 * threads, asked rate, events, tps, latency (avg, p95, p99, max, ms), errors and reconnects over its counted
 * intervals, then a line per scenario with errors by code, late or cut-off events, or an early stop. Formatted from
 * the {@code scenarios} fact (docs/metrics.md, "Scenarios"); the run's own summary above it is the run's workload
 * alone, and the server's figures are the whole run's.
 *
 * <p>Thread-safe (stateless). Numbers use {@link Locale#ROOT}.
 */
public final class ScenarioBlock {
    private static final String ROW = "    %-14s %-22s %7s %8s %10s %10s %8s %8s %8s %9s %7s %10s%n";

    private ScenarioBlock() {
    }

    /** @return the block with a leading blank line, or "" when the run has no scenarios */
    public static String render(RunRecord run) {
        ScenarioFacts facts = run.fact(FactKeys.SCENARIOS);
        if (facts == null || facts.scenarios().isEmpty()) {
            return "";
        }
        BackgroundFacts background = run.fact(FactKeys.BACKGROUND);
        String backgroundSteps = background == null ? "" : String.format(Locale.ROOT, ", background's over %d ms ones "
                + "from the one under way at the start", background.intervalMillis());
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%nScenarios (beside the run, each counted over "
                + "its own %d ms intervals within the measured phase%s; latency in ms):%n", facts.intervalMillis(),
                backgroundSteps));
        b.append(String.format(Locale.ROOT, ROW, SCENARIO.key(), "workload", "threads", SCENARIO_RATE.key(),
                SCENARIO_EVENTS.key(), TPS.key(), LATENCY_MEAN.key(), LATENCY_P95.key(), LATENCY_P99.key(),
                LATENCY_MAX.key(), ERRORS.key(), RECONNECTS.key()));
        for (ScenarioFacts.Scenario s : facts.scenarios()) {
            b.append(String.format(Locale.ROOT, ROW, s.name(), s.workload(), s.threads(),
                    s.rateEventsPerSecond() > 0 ? num(s.rateEventsPerSecond(), 0) : "closed", s.events(),
                    num(s.tps(), 2), num(s.meanMillis(), 2), num(s.p95Millis(), 2), num(s.p99Millis(), 2),
                    num(s.maxMillis(), 2), s.errors(), s.reconnects()));
        }
        for (ScenarioFacts.Scenario s : facts.scenarios()) {
            for (String note : notes(s)) {
                b.append("    ").append(s.name()).append(": ").append(note).append('\n');
            }
        }
        return b.toString();
    }

    /**
     * The scenarios of one step of a sweep or a capacity search, under its step line: per scenario
     * {@code sc NAME: tps 231.50, p95: 4.12 ms, errors: 0} and its remarks ({@link #notes}).
     *
     * @return the lines, empty when the step has no scenarios
     */
    public static List<String> stepLines(RunRecord run) {
        ScenarioFacts facts = run.fact(FactKeys.SCENARIOS);
        List<String> out = new ArrayList<>();
        if (facts == null) {
            return out;
        }
        for (ScenarioFacts.Scenario s : facts.scenarios()) {
            List<String> notes = notes(s);
            out.add(String.format(Locale.ROOT, "sc %s: %s: %s, %s: %s ms, %s: %d%s", s.name(), TPS.key(),
                    num(s.tps(), 2), LATENCY_P95.key(), num(s.p95Millis(), 2), ERRORS.key(), s.errors(),
                    notes.isEmpty() ? "" : "; " + String.join("; ", notes)));
        }
        return out;
    }

    /** @return the scenario's remarks: errors by code, late and cut-off events, an early stop; empty for none */
    static List<String> notes(ScenarioFacts.Scenario s) {
        List<String> out = new ArrayList<>();
        if (!s.errorsByCode().isEmpty()) {
            List<String> parts = new ArrayList<>();
            s.errorsByCode().forEach((code, n) -> parts.add(code + " x" + n));
            out.add(ERRORS.key() + " by code " + String.join(", ", parts));
        }
        if (s.rateEventsPerSecond() > 0 && s.lateEvents() > 0) {
            out.add(LATE_EVENTS.key() + " " + s.lateEvents());
        }
        if (s.cutOffEvents() > 0) {
            out.add(CUT_OFF.key() + " " + s.cutOffEvents() + " events at its stop");
        }
        if (s.error() != null) {
            out.add("stopped early: " + s.error());
        }
        return out;
    }

    private static String num(Double v, int decimals) {
        return v == null ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", v);
    }
}
