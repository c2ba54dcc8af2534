package io.clusterbench.report;

import io.clusterbench.Format;
import io.clusterbench.result.Comparison;
import io.clusterbench.result.ComparedFigure;
import io.clusterbench.result.FactKeys;
import io.clusterbench.result.Finding;
import io.clusterbench.result.FindingLevel;
import io.clusterbench.result.NamedResult;
import io.clusterbench.result.RunRecord;
import io.clusterbench.result.SweepSummary;
import io.clusterbench.result.TpccFacts;
import io.clusterbench.result.Validity;
import io.clusterbench.result.ValidityFlag;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import static io.clusterbench.report.Html.esc;

/**
 * The few lines at the top of the HTML report, before any chart: what ran (workload, server, thread counts,
 * repeats, time), what it gave (peak tps with its p95), for a comparison the tps verdict at each thread count, and
 * what limits trust in it (the runs' validity flags, runs that did not complete, errors, pre-flight warnings and
 * errors). Formats only what
 * the results hold; every figure is one the report defines further down.
 *
 * <p>Thread-safe (stateless).
 */
final class ReportSummary {
    private ReportSummary() {
    }

    /** @return the summary block for {@code results} (the first is the baseline of a comparison) */
    static String of(List<NamedResult> results) {
        StringBuilder b = new StringBuilder("<div class=\"summary\" id=\"summary\">\n");
        for (NamedResult r : results) {
            io.clusterbench.result.CapacityRecord capacity = CapacityHtml.read(HtmlReport.resultDir(r.source()));
            b.append("<p><b>").append(esc(r.label())).append("</b>: ").append(esc(whatRan(r, capacity))).append(' ')
                    .append(esc(capacity == null ? outcome(r) : CapacityText.verdict(capacity) + ".")).append("</p>\n");
        }
        if (results.size() > 1) {
            b.append("<p><b>Verdict</b> (tps, ").append(esc(results.get(0).label())).append(" is the baseline): ")
                    .append(esc(verdicts(Comparison.of(results)))).append("</p>\n");
        }
        for (NamedResult r : results) {
            String flags = flags(r);
            if (!flags.isEmpty()) {
                b.append("<p class=\"note\"><b>").append(esc(r.label())).append(" validity</b>: ").append(esc(flags))
                        .append("</p>\n");
            }
        }
        return b.append("</div>\n").toString();
    }

    /** @return e.g. "oltp_read_write on MariaDB 10.11.6 (embedded), 3 runs: 1–8 threads, 3 repeats, 30 s each." */
    static String whatRan(NamedResult r) {
        return whatRan(r, null);
    }

    /**
     * @param capacity the result's capacity search, or null: its runs are then named by their rates, not as repeats
     *                 of equal length
     */
    static String whatRan(NamedResult r, io.clusterbench.result.CapacityRecord capacity) {
        List<RunRecord> runs = r.measuredRuns();
        StringBuilder b = new StringBuilder(r.workloads());
        if (r.doc().server() != null) {
            b.append(" on ").append(r.doc().server().version()).append(r.doc().server().embedded() ? " (embedded)" : "");
        }
        if (runs.isEmpty()) {
            return b.append(": no run with a summary and events.").toString();
        }
        TreeSet<Integer> threads = new TreeSet<>();
        TreeSet<Long> times = new TreeSet<>();
        int repeats = 0;
        for (RunRecord run : runs) {
            threads.add(run.threads());
            repeats = Math.max(repeats, run.repeat());
            if (run.plan() != null && run.plan().timeSeconds() > 0) {
                times.add(run.plan().timeSeconds());
            }
        }
        b.append(", ").append(runs.size()).append(runs.size() == 1 ? " run at " : " runs at ");
        b.append(threads.size() == 1 ? ReportCharts.threads(threads.first())
                : threads.first() + "–" + ReportCharts.threads(threads.last()) + " (" + threads.size() + " counts)");
        List<String> levels = runs.stream().map(io.clusterbench.result.ConsistencyCost::levelOf).distinct().toList();
        if (levels.size() > 1) {
            b.append(", ").append(levels.size()).append(" consistency levels (").append(String.join(", ",
                    levels.stream().map(l -> "none".equals(l) ? "not set" : l).toList())).append(')');
        }
        if (capacity != null) {
            long rates = capacity.steps().stream().filter(s -> s.rate() > 0).count();
            return b.append(", a capacity search: the closed loop and ").append(rates)
                    .append(rates == 1 ? " offered rate." : " offered rates.").toString();
        }
        if (repeats > 1) {
            b.append(", ").append(repeats).append(" repeats");
        }
        if (times.size() == 1) {
            b.append(", ").append(times.first()).append(" s each");
        }
        return b.append('.').toString();
    }

    /**
     * @return the best median tps and its thread count and p95; per variant (workload, consistency level) when the runs
     *         are of several (a variant is not a repeat)
     */
    static String outcome(NamedResult r) {
        Map<String, List<RunRecord>> variants = ReportCharts.byVariant(r.measuredRuns());
        if (variants.size() < 2) {
            return best(r.measuredRuns());
        }
        List<String> parts = new ArrayList<>();
        variants.forEach((variant, runs) -> {
            String b = best(runs);
            if (!b.isEmpty()) {
                parts.add(variant + ": " + b.substring(0, b.length() - 1));
            }
        });
        return parts.isEmpty() ? "" : String.join("; ", parts) + ".";
    }

    /** @return the best median tps of {@code runs} and its thread count and p95, ending with a full stop; "" for none */
    private static String best(List<RunRecord> runs) {
        SweepSummary s = SweepSummary.of(runs);
        SweepSummary.Point best = null;
        for (SweepSummary.Point p : s.points()) {
            if (best == null || p.tps().median() > best.tps().median()) {
                best = p;
            }
        }
        if (best == null) {
            return "";
        }
        String at = s.points().size() > 1 ? " (peak, at " + ReportCharts.threads(best.threads()) + ")" : "";
        int threads = best.threads();
        List<Double> tpmC = runs.stream().filter(r -> r.threads() == threads && SweepSummary.isRepeat(r))
                .map(r -> r.fact(FactKeys.TPCC)).filter(java.util.Objects::nonNull).map(TpccFacts::tpmC).toList();
        return Format.decimal(best.tps().median(), 1) + " tps" + at + ", p95 "
                + Format.decimal(best.p95Micros().median() / 1000, 2) + " ms"
                + (tpmC.isEmpty() ? "" : ", " + Figure.TPMC.key() + " " + Format.decimal(
                        io.clusterbench.result.Spread.of(tpmC).median(), 1))
                + (best.repeats() > 1 ? " (medians of " + best.repeats() + " repeats)." : ".");
    }

    /**
     * @return per validity flag, {@code host-cpu-saturated (4 threads #1, 8 threads #1)}, or {@code (every run)} when
     *         every one of two or more runs carries it; in the order first raised
     */
    static List<String> validityFlags(List<RunRecord> runs) {
        Map<String, List<String>> byFlag = new LinkedHashMap<>();
        for (RunRecord run : runs) {
            Validity v = run.observerFacts().get(FactKeys.VALIDITY);
            if (v == null) {
                continue;
            }
            for (ValidityFlag f : v.flags()) {
                List<String> labels = byFlag.computeIfAbsent(f.flag(), k -> new ArrayList<>());
                String label = ReportCharts.runLabel(run, runs);
                if (!labels.contains(label)) {
                    labels.add(label);
                }
            }
        }
        List<String> out = new ArrayList<>();
        byFlag.forEach((flag, labels) -> out.add(flag + " (" + (runs.size() > 1 && labels.size() == runs.size()
                ? "every run" : String.join(", ", labels)) + ")"));
        return out;
    }

    private static String verdicts(Comparison c) {
        List<String> parts = new ArrayList<>();
        for (Comparison.Row row : c.rows(ComparedFigure.TPS)) {
            List<String> sides = new ArrayList<>();
            for (int i = 1; i < c.sides().size(); i++) {
                sides.add(row.verdicts().get(i).text());
            }
            parts.add(ReportCharts.threads(row.threads()) + ": " + String.join("; ", sides));
        }
        return parts.isEmpty() ? "no thread count in common." : String.join(" · ", parts) + ".";
    }

    /**
     * @return each validity flag of the runs (docs/metrics.md, "Validity") with the runs that carry it, then runs that
     *         did not complete, errors and pre-flight findings; "" when there is none
     */
    static String flags(NamedResult r) {
        List<String> out = new ArrayList<>(validityFlags(r.measuredRuns()));
        long incomplete = r.doc().runs().stream().filter(run -> !SweepSummary.isRepeat(run)).count();
        if (incomplete > 0) {
            out.add(incomplete + (incomplete == 1 ? " run" : " runs") + " did not run its whole time");
        }
        long errors = r.measuredRuns().stream().mapToLong(run -> run.summary().errors()).sum();
        if (errors > 0) {
            out.add(errors + (errors == 1 ? " error" : " errors") + " (see errors per interval)");
        }
        List<Finding> findings = r.doc().preflight() == null ? List.of() : r.doc().preflight();
        for (FindingLevel level : List.of(FindingLevel.ERROR, FindingLevel.WARNING)) {
            long n = findings.stream().filter(f -> f.level() == level).count();
            if (n > 0) {
                out.add(n + " pre-flight " + level.name().toLowerCase(java.util.Locale.ROOT) + (n == 1 ? "" : "s") + " ("
                        + String.join(", ", findings.stream().filter(f -> f.level() == level).map(Finding::code)
                        .distinct().toList()) + ")");
            }
        }
        return String.join("; ", out);
    }
}
