package io.clusterbench.runner;

import io.clusterbench.DidYouMean;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One scenario of {@code run --scenario NAME=WORKLOAD:THREADS[:RATE]} (or one line of {@code --scenario-file}), as
 * typed: a named workload run beside the run's own by its own engine, with its own threads, open-loop rate and
 * workload options (docs/usage.md, "Scenarios"). Parsing only; the workload is built by {@link PlanBuilder}.
 *
 * <p>Immutable.
 *
 * @param name                its name, {@code [A-Za-z0-9_-]}, 1-32 characters, unique in the run
 * @param workload            the workload's name (a registered workload)
 * @param threads             its worker threads, &ge; 1
 * @param rateEventsPerSecond its open-loop rate, events per second over its threads; 0 = closed loop
 * @param options             its own options as typed after the definition ({@code --tables 2 --reconnect 50}); they
 *                            override the run's workload options for this scenario only
 */
public record ScenarioSpec(String name, String workload, int threads, double rateEventsPerSecond,
                           List<String> options) {
    private static final Pattern FORM = Pattern.compile("([A-Za-z0-9_-]{1,32})=([A-Za-z0-9_]+):([^:]+)(?::([^:]+))?");
    /** The most threads one scenario may have (as {@code --threads}'s sanity bound). */
    static final int MAX_THREADS = 100_000;

    public ScenarioSpec {
        options = List.copyOf(options);
    }

    /**
     * Parses one definition.
     *
     * @param text     {@code NAME=WORKLOAD:THREADS[:RATE]}
     * @param options  the scenario's own options (empty for {@code --scenario})
     * @param problems gets one line per problem (the form, an unknown workload, threads or rate out of range)
     * @return the scenario, or null when {@code problems} got a line
     */
    public static ScenarioSpec parse(String text, List<String> options, List<String> problems) {
        Matcher m = FORM.matcher(text.strip());
        if (!m.matches()) {
            problems.add("--scenario '" + text + "' is not NAME=WORKLOAD:THREADS[:RATE] (e.g. "
                    + "reads=oltp_point_select:8 or writes=oltp_update_index:2:500)");
            return null;
        }
        int before = problems.size();
        String workload = m.group(2);
        if (WorkloadRegistry.familyOf(workload) == null) {
            problems.add("--scenario " + m.group(1) + ": unknown workload '" + workload + "'"
                    + DidYouMean.hint(workload, WorkloadRegistry.names()) + "; choose one of: "
                    + String.join(", ", WorkloadRegistry.names()));
        }
        int threads = parseThreads(m.group(1), m.group(3), problems);
        double rate = m.group(4) == null ? 0 : parseRate(m.group(1), m.group(4), problems);
        return problems.size() > before ? null : new ScenarioSpec(m.group(1), workload, threads, rate, options);
    }

    private static int parseThreads(String name, String text, List<String> problems) {
        try {
            int n = Integer.parseInt(text.strip());
            if (n >= 1 && n <= MAX_THREADS) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        problems.add("--scenario " + name + ": threads must be a whole number from 1 to " + MAX_THREADS + " (got '"
                + text + "')");
        return 0;
    }

    private static double parseRate(String name, String text, List<String> problems) {
        try {
            double r = Double.parseDouble(text.strip());
            if (r >= 0 && Double.isFinite(r)) {
                return r;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        problems.add("--scenario " + name + ": rate must be events per second >= 0, 0 = closed loop (got '" + text
                + "')");
        return 0;
    }

    /**
     * @param specs    every scenario of the run
     * @param problems gets one line per name used twice
     */
    public static void requireUniqueNames(List<ScenarioSpec> specs, List<String> problems) {
        List<String> seen = new ArrayList<>();
        for (ScenarioSpec s : specs) {
            if (seen.contains(s.name())) {
                problems.add("--scenario " + s.name() + " is defined twice; give each scenario its own name");
            }
            seen.add(s.name());
        }
    }

    /** @return {@code NAME=WORKLOAD:THREADS[:RATE]} and its options, as it can be typed again */
    public String describe() {
        String rate = rateEventsPerSecond > 0
                ? ":" + io.clusterbench.Format.decimal(rateEventsPerSecond, rateEventsPerSecond % 1 == 0 ? 0 : 1) : "";
        String opts = options.isEmpty() ? "" : " " + String.join(" ", options);
        return String.format(Locale.ROOT, "%s=%s:%d%s%s", name, workload, threads, rate, opts);
    }
}
