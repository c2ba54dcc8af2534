package io.clusterbench.result;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A noise-aware comparison of two or more results: per figure ({@link ComparedFigure}) and thread count,
 * each side's min / median / max over its repeats, the ratio of its median to the baseline's, and a
 * {@link Verdict}; plus the server variables, run options and table properties that differ. The first result (A) is
 * the baseline; every other result is compared with it. Computes only; never prints.
 *
 * <p>Immutable. Usage: {@code Comparison.of(NamedResult.of(paths, docs))}, then render {@link #rows()}.
 *
 * @param sides     the results, baseline first
 * @param rows      figure by figure ({@code tps}, {@code p95}, {@code p99}), each by ascending thread count
 *                  (every thread count measured by any side)
 * @param variables server variables that differ between the results
 * @param notes     facts that weaken the comparison (different workloads, runs left out), one sentence each
 * @param options   run options that differ between the results, by flag ({@link OptionDiff})
 * @param tables    table properties that differ between the results ({@link TableDiff})
 */
public record Comparison(List<Side> sides, List<Row> rows, List<VariableDiff.Entry> variables, List<String> notes,
                         List<VariableDiff.Entry> options, List<VariableDiff.Entry> tables) {

    /**
     * One compared result.
     *
     * @param label    {@code A}, {@code B}, …
     * @param source   where it was read from
     * @param workload workload name(s) of its runs
     * @param sweep    its figures per thread count over repeats
     * @param unfinished true when some of its runs did not run their whole time (a note says which)
     */
    public record Side(String label, String source, String workload, SweepSummary sweep, boolean unfinished) {
    }

    /**
     * One figure at one thread count.
     *
     * @param figure   the figure
     * @param threads  worker threads
     * @param spreads  per side (same order as {@link #sides()}): the figure over that side's repeats, or null
     *                 when the side has no run at this thread count (tps in events/s, latency in µs)
     * @param ratios   per side: its median ÷ the baseline's median; null for a missing side or a zero baseline;
     *                 1.0 for the baseline itself
     * @param verdicts per side: the verdict against the baseline; null for the baseline itself
     */
    public record Row(ComparedFigure figure, int threads, List<Spread> spreads, List<Double> ratios,
                      List<Verdict> verdicts) {
    }

    /**
     * @param results two or more results, baseline first
     * @return the comparison
     * @throws IllegalArgumentException for fewer than two results
     */
    public static Comparison of(List<NamedResult> results) {
        if (results.size() < 2) {
            throw new IllegalArgumentException("a comparison needs two or more results, got " + results.size());
        }
        List<Side> sides = new ArrayList<>();
        List<Map<Integer, Set<String>>> flags = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        TreeSet<Integer> threads = new TreeSet<>();
        for (NamedResult r : results) {
            SweepSummary sweep = SweepSummary.of(r.measuredRuns());
            sweep.points().forEach(p -> threads.add(p.threads()));
            String cut = unfinished(r);
            sides.add(new Side(r.label(), r.source(), r.workloads(), sweep, cut != null));
            Map<Integer, Set<String>> byThreads = flagsByThreads(r.measuredRuns());
            flags.add(byThreads);
            byThreads.forEach((t, names) -> notes.add(r.label() + " at " + t + " threads is flagged: "
                    + String.join(", ", names) + " (docs/metrics.md, \"Validity\")"));
            List<RunRecord> runs = r.doc().runs() == null ? List.of() : r.doc().runs();
            List<RunRecord> measured = r.measuredRuns();
            long left = runs.stream().filter(x -> !measured.contains(x) && SweepSummary.isRepeat(x)).count();
            if (left > 0) { // the unfinished runs left out have the note below
                notes.add(r.label() + ": " + left + " of " + runs.size() + " runs left out (no summary or no events)");
            }
            if (cut != null) {
                notes.add(r.label() + ": " + cut);
            }
        }
        if (sides.stream().map(Side::workload).distinct().count() > 1) {
            StringBuilder b = new StringBuilder("workloads differ:");
            sides.forEach(s -> b.append(' ').append(s.label()).append(' ').append(s.workload()));
            notes.add(b.toString());
        }
        List<Row> rows = new ArrayList<>();
        for (ComparedFigure figure : ComparedFigure.values()) {
            for (int t : threads) {
                rows.add(row(figure, t, sides, flags));
            }
        }
        List<Map<String, String>> variables = results.stream().map(r -> VariableDiff.variablesOf(r.doc())).toList();
        return new Comparison(List.copyOf(sides), List.copyOf(rows), VariableDiff.of(variables),
                List.copyOf(notes), OptionDiff.of(results.stream().map(NamedResult::doc).toList()),
                TableDiff.of(results.stream().map(NamedResult::doc).toList()));
    }

    /**
     * @return what a result's runs that did not run their whole time were, e.g. "1 of 1 run interrupted, measured
     * 3.1 s of the 20 s asked: its figures stand for a shorter run than asked"; null when every run completed
     */
    static String unfinished(NamedResult r) {
        List<RunRecord> runs = r.doc().runs() == null ? List.of() : r.doc().runs();
        List<RunRecord> cut = runs.stream().filter(x -> !SweepSummary.isRepeat(x)).toList();
        if (cut.isEmpty()) {
            return null;
        }
        String statuses = String.join(", ", cut.stream().map(x -> String.valueOf(x.status()).replace('_', ' '))
                .distinct().toList());
        StringBuilder b = new StringBuilder(cut.size() + " of " + runs.size() + (runs.size() == 1 ? " run " : " runs ")
                + statuses);
        RunRecord first = cut.get(0);
        if (cut.size() == 1 && first.summary() != null && first.plan() != null && first.plan().timeSeconds() > 0) {
            b.append(String.format(java.util.Locale.ROOT, ", measured %.1f s of the %d s asked",
                    first.summary().measuredSeconds(), first.plan().timeSeconds()));
        }
        List<RunRecord> measured = r.measuredRuns();
        boolean summarised = cut.stream().anyMatch(measured::contains);
        boolean counted = cut.stream().anyMatch(x -> measured.contains(x) && runs.stream()
                .noneMatch(y -> y.threads() == x.threads() && SweepSummary.isRepeat(y)));
        return b.append(counted ? ": its figures stand for a shorter run than asked"
                : summarised ? ": left out beside the completed runs at its thread count"
                : ": left out, without a summary (" + (first.fatalError() != null ? first.fatalError()
                        : "no event was measured") + ")").toString();
    }

    /** @return per thread count, the validity flags of the runs at it (only thread counts with a flag) */
    static Map<Integer, Set<String>> flagsByThreads(List<RunRecord> runs) {
        Map<Integer, Set<String>> out = new java.util.TreeMap<>();
        for (RunRecord run : runs) {
            Validity v = run.observerFacts().get(FactKeys.VALIDITY);
            if (v != null && !v.clean()) {
                v.flags().forEach(f -> out.computeIfAbsent(run.threads(), t -> new java.util.TreeSet<>()).add(f.flag()));
            }
        }
        return out;
    }

    /** @return {@code v} with the flagged sides named after its text, or {@code v} when neither side is flagged */
    static Verdict named(Verdict v, String baseLabel, Set<String> base, String label, Set<String> other) {
        List<String> named = new ArrayList<>();
        if (base != null) {
            named.add(baseLabel + " flagged " + String.join(", ", base));
        }
        if (other != null) {
            named.add(label + " flagged " + String.join(", ", other));
        }
        return named.isEmpty() ? v : new Verdict(v.kind(), v.changePercent(), v.text() + " (" + String.join("; ", named)
                + ")");
    }

    private static Row row(ComparedFigure figure, int threads, List<Side> sides, List<Map<Integer, Set<String>>> flags) {
        List<Spread> spreads = new ArrayList<>();
        for (Side s : sides) {
            spreads.add(s.sweep().points().stream().filter(p -> p.threads() == threads).findFirst()
                    .map(figure::of).orElse(null));
        }
        Spread base = spreads.get(0);
        List<Double> ratios = new ArrayList<>();
        List<Verdict> verdicts = new ArrayList<>();
        for (int i = 0; i < sides.size(); i++) {
            Spread s = spreads.get(i);
            ratios.add(s == null || base == null || base.median() <= 0 ? null : s.median() / base.median());
            verdicts.add(i == 0 ? null : named(Verdict.of(figure, sides.get(0).label(), base, sides.get(i).label(), s),
                    sides.get(0).label(), flags.get(0).get(threads), sides.get(i).label(), flags.get(i).get(threads)));
        }
        return new Row(figure, threads, Collections.unmodifiableList(spreads), Collections.unmodifiableList(ratios),
                Collections.unmodifiableList(verdicts));
    }

    /** @return the rows of one figure, by ascending thread count */
    public List<Row> rows(ComparedFigure figure) {
        return rows.stream().filter(r -> r.figure() == figure).toList();
    }
}
