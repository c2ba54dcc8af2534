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

    public CpuProfile {
        nodes = nodes == null ? List.of() : List.copyOf(nodes);
    }

    /** @return these facts with the samples per event of every node for {@code events} events (&gt;= 0) */
    public CpuProfile perEvent(long events) {
        return new CpuProfile(nodes.stream().map(n -> n.perEvent(events)).toList());
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
     * @param perfCpuSeconds       CPU time perf itself used in the window (user + system), s: the profiler's cost
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
                       List<Share> topSelf, List<Share> topTotal, long events,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Double samplesPerEvent) {
        public Node {
            categories = categories == null ? List.of() : List.copyOf(categories);
            topSelf = topSelf == null ? List.of() : List.copyOf(topSelf);
            topTotal = topTotal == null ? List.of() : List.copyOf(topTotal);
        }

        /** @return a node without a profile, saying why */
        public static Node absent(String node, String endpoint, Long pid, int frequencyHz, String reason) {
            return new Node(node, endpoint, reason, null, pid, frequencyHz, null, 0, 0, 0, 0, null, 0, 0, null,
                    List.of(), null, List.of(), List.of(), 0, null);
        }

        /** @return the share of category {@code name}, 0 when it had no sample */
        public double categoryPercent(String name) {
            return categories.stream().filter(c -> c.name().equals(name)).mapToDouble(Share::sharePercent).sum();
        }

        Node perEvent(long events) {
            return new Node(node, endpoint, absentReason, incompleteReason, pid, frequencyHz, foldedFile, samples,
                    windowSeconds, coveredSeconds, perfCpuSeconds, perfCpuPercentOfServer, analysisSeconds, distinctFunctions,
                    concentration, categories, lockSharePercent, topSelf, topTotal, events,
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
