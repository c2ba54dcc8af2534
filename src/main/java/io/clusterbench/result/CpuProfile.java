package io.clusterbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * Where each server spent its processor time over one step's measured phase: an on-CPU profile by
 * {@code perf record -e cpu-clock -g} (issue 33, "on-CPU profile"). The {@code observerFacts.cpuProfile} object of a
 * run in {@code result.json} (docs/explain.md; every figure in docs/metrics.md, "Explain"); the stacks themselves are
 * in the step's folder as folded stacks ({@link Node#foldedFile}). Its key is {@link FactKeys}; written by {@code explain.CpuProfileObserver},
 * read by the report. Immutable.
 *
 * <p>A sampled profile: a function that runs briefly may not be seen, and shares have a sampling error of about
 * {@code 100 / sqrt(samples)} percent points at most.
 *
 * @param nodes per endpoint of the target, in endpoint order
 */
public record CpuProfile(List<Node> nodes) {
    /**
     * Below this share of the expected samples ({@link Node#samplesPercentOfExpected}) a profile covers too little of
     * the server's CPU time to stand for it: perf lost samples, the kernel throttled sampling, or perf attached late.
     */
    public static final double MIN_SAMPLES_PERCENT_OF_EXPECTED = 80;
    /**
     * The shortfall is judged only from this many expected samples on: below it the server's CPU time (read in 10 ms
     * ticks) and the samples' own Poisson spread make the ratio too uncertain (at 200, 80% lies 2.8 standard
     * deviations below the expected count).
     */
    public static final long MIN_EXPECTED_SAMPLES = 200;
    /** Above this share of the server's CPU, perf's own process competed with the server enough to disturb the step. */
    public static final double MAX_PERF_CPU_PERCENT_OF_SERVER = 5;
    /** Functions listed in each top list ({@link Node#topSelf} and the others): a list this long may be cut. */
    public static final int LISTED = 20;

    public CpuProfile {
        nodes = nodes == null ? List.of() : List.copyOf(nodes);
    }

    /** @return these facts with the samples per event of every node for {@code events} events (&gt;= 0) */
    public CpuProfile perEvent(long events) {
        return new CpuProfile(nodes.stream().map(n -> n.perEvent(events)).toList());
    }

    /**
     * The warning a profiled node carries (docs/metrics.md, "Explain"): too few samples for the server's CPU time
     * ({@link #MIN_SAMPLES_PERCENT_OF_EXPECTED}, judged from {@link #MIN_EXPECTED_SAMPLES} expected samples on), lost
     * samples, perf's own CPU above {@link #MAX_PERF_CPU_PERCENT_OF_SERVER}.
     *
     * @param samples         samples kept in the measured phase
     * @param expectedSamples the server's CPU seconds in the phase × the frequency; null when unknown
     * @param lostSamples     samples perf's records report lost in the phase
     * @param perfCpuPercent  perf's own CPU as a percentage of the server's; null when unknown
     * @return the sentence, or null when the profile stands
     */
    public static String warning(long samples, Long expectedSamples, long lostSamples, Double perfCpuPercent) {
        List<String> parts = new java.util.ArrayList<>();
        if (expectedSamples != null && expectedSamples >= MIN_EXPECTED_SAMPLES
                && samples < MIN_SAMPLES_PERCENT_OF_EXPECTED / 100 * expectedSamples) {
            parts.add(String.format(java.util.Locale.ROOT, "the profile holds %.0f%% of the %d samples the server's CPU "
                    + "time makes (fewer than %.0f%%: its shares may be biased)", 100.0 * samples / expectedSamples,
                    expectedSamples, MIN_SAMPLES_PERCENT_OF_EXPECTED));
        }
        if (lostSamples > 0) {
            parts.add(lostSamples + " samples lost (perf could not keep up)");
        }
        if (perfCpuPercent != null && perfCpuPercent > MAX_PERF_CPU_PERCENT_OF_SERVER) {
            parts.add(String.format(java.util.Locale.ROOT, "perf itself used %.1f%% of the server's CPU (more than "
                    + "%.0f%%: it competed with the server)", perfCpuPercent, MAX_PERF_CPU_PERCENT_OF_SERVER));
        }
        return parts.isEmpty() ? null : String.join("; ", parts);
    }

    /** @return true when at least one node was profiled (its samples analysed) */
    public boolean profiled() {
        return nodes.stream().anyMatch(n -> n.absentReason() == null);
    }

    /**
     * One server process.
     *
     * @param node                 the node's name as the run names it
     * @param endpoint             its endpoint label
     * @param absentReason         why there is no profile (not on this host, perf missing or not permitted, the
     *                             step was stopped); null when there is one
     * @param incompleteReason     why the profile covers only the first part of the measured phase (the analysis of
     *                             the samples was cut at the step's end deadline; perf.data is kept in the step's
     *                             folder); null when it covers the whole phase
     * @param pid                  the process profiled, or null
     * @param frequencyHz          samples per second per processor asked of perf ({@code -F})
     * @param foldedFile           the folded stacks' file name in the step's folder, or null
     * @param samples              samples inside the measured phase
     * @param windowSeconds        the measured phase as this observer saw it, s
     * @param coveredSeconds       from the first sample in the window to the window's end (with an
     *                             {@code incompleteReason}, to the last sample analysed), s: perf needs a few hundred
     *                             ms to attach, so a phase that began right away is covered a little less
     * @param perfCpuSeconds       CPU time perf's own process used in the window (all its threads, from
     *                             {@code /proc/PID/task/*&#47;schedstat}, ns precision), s: the profiler's competition
     *                             with the server during the measurement (its attach comes before the window, its
     *                             writing of the buffered samples mostly after)
     * @param perfCpuPercentOfServer {@code perfCpuSeconds} as a percentage of the server's CPU time in the window;
     *                             null when that was not read
     * @param analysisSeconds      time taken to read and fold the samples after the step, s
     * @param distinctFunctions    functions seen as the leaf (self) of at least one sample
     * @param concentration        how many functions hold 50, 90 and 99% of the samples (by self samples)
     * @param categories           samples per category (docs/explain.md), largest first
     * @param lockSharePercent     the {@code lock} category's share, 0-100: on-CPU time in locks (spinning, waiting
     *                             and lock management); null when absent
     * @param topSelf              functions by self samples (the leaf of the stack), at most 20
     * @param topTotal             functions by total samples (anywhere in the stack, once per sample), at most 20
     * @param topUserSelf          user-space functions by their samples as the innermost user-space frame (kernel time
     *                             charged to the server function that entered the kernel), at most 20
     * @param expectedSamples      the samples the server's CPU time in the window makes at {@code frequencyHz}
     *                             (server CPU seconds × Hz, rounded); null when the server's CPU was not read
     * @param samplesPercentOfExpected {@code samples} ÷ {@code expectedSamples} × 100; null without the latter
     * @param lostSamples          samples the kernel could not hand to perf in the window (its PERF_RECORD_LOST records)
     * @param warning              why the profile may not stand for the server's time ({@link CpuProfile#warning}); null
     *                             when it does
     * @param events               the step's events; 0 until normalised
     * @param samplesPerEvent      samples per event; null until normalised
     */
    public record Node(String node, String endpoint,
                       @JsonInclude(JsonInclude.Include.NON_NULL) String absentReason,
                       @JsonInclude(JsonInclude.Include.NON_NULL) String incompleteReason,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Long pid, int frequencyHz,
                       @JsonInclude(JsonInclude.Include.NON_NULL) String foldedFile, long samples, double windowSeconds,
                       double coveredSeconds, double perfCpuSeconds,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Double perfCpuPercentOfServer, double analysisSeconds,
                       int distinctFunctions, @JsonInclude(JsonInclude.Include.NON_NULL) Concentration concentration,
                       List<Share> categories, @JsonInclude(JsonInclude.Include.NON_NULL) Double lockSharePercent,
                       List<Share> topSelf, List<Share> topTotal, List<Share> topUserSelf,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Long expectedSamples,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Double samplesPercentOfExpected, long lostSamples,
                       @JsonInclude(JsonInclude.Include.NON_NULL) String warning, long events,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Double samplesPerEvent) {
        public Node {
            categories = categories == null ? List.of() : List.copyOf(categories);
            topSelf = topSelf == null ? List.of() : List.copyOf(topSelf);
            topTotal = topTotal == null ? List.of() : List.copyOf(topTotal);
            topUserSelf = topUserSelf == null ? List.of() : List.copyOf(topUserSelf);
        }

        /** @return a node without a profile, saying why */
        public static Node absent(String node, String endpoint, Long pid, int frequencyHz, String reason) {
            return new Node(node, endpoint, reason, null, pid, frequencyHz, null, 0, 0, 0, 0, null, 0, 0, null,
                    List.of(), null, List.of(), List.of(), List.of(), null, null, 0, null, 0, null);
        }

        /** @return the share of category {@code name}, 0 when it had no sample */
        public double categoryPercent(String name) {
            return categories.stream().filter(c -> c.name().equals(name)).mapToDouble(Share::sharePercent).sum();
        }

        Node perEvent(long events) {
            return new Node(node, endpoint, absentReason, incompleteReason, pid, frequencyHz, foldedFile, samples,
                    windowSeconds, coveredSeconds, perfCpuSeconds, perfCpuPercentOfServer, analysisSeconds,
                    distinctFunctions, concentration, categories, lockSharePercent, topSelf, topTotal, topUserSelf,
                    expectedSamples, samplesPercentOfExpected, lostSamples, warning, events,
                    absentReason != null || events <= 0 ? null : samples / (double) events);
        }
    }

    /**
     * The profile's concentration, as a field report summarises one (e.g. "2,165 blocks (0.35%) hold 90%").
     *
     * @param functions50 the fewest functions whose self samples add up to at least 50% of all samples
     * @param functions90 the same for 90%
     * @param functions99 the same for 99%
     */
    public record Concentration(int functions50, int functions90, int functions99) {
    }

    /**
     * A function's or a category's samples.
     *
     * @param name         the function as perf names it (C++ demangled, without arguments; {@code [dso]} when
     *                     perf had no symbol; kernel functions end in {@code _[k]}), or the category
     * @param samples      samples
     * @param sharePercent share of the node's samples in the window, 0-100
     */
    public record Share(String name, long samples, double sharePercent) {
    }
}
