package io.clusterbench.report;

import io.clusterbench.result.Comparison;
import io.clusterbench.result.ComparedFigure;
import io.clusterbench.result.Spread;
import io.clusterbench.result.DerivedVariables;
import io.clusterbench.result.VariableDiff;
import io.clusterbench.result.Verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static io.clusterbench.report.Figure.*;
import static io.clusterbench.Format.f;

/**
 * The console text of {@code clusterbench compare}: the compared results, one table per figure (tps, p95,
 * p99) with each side's median [min–max] and run count, the ratio to the baseline and the verdict, then the
 * differing run options, table properties and server variables. Formats only what {@link Comparison} holds.
 *
 * <p>Thread-safe (stateless). Numbers use {@link Locale#ROOT}; latency is shown in milliseconds.
 */
public final class ComparisonText {
    private ComparisonText() {
    }

    /** @return the lines to print, without line terminators */
    public static List<String> lines(Comparison c) {
        List<String> out = new ArrayList<>();
        out.add("Compared results (" + c.sides().get(0).label() + " is the baseline):");
        for (Comparison.Side s : c.sides()) {
            int runs = s.sweep().points().stream().mapToInt(p -> p.repeats()).sum();
            out.add(f("  %s  %s  (%s, %d %s%s)", s.label(), s.source(), s.workload(), runs,
                    runs == 1 ? "run" : RUNS.key(), s.unfinished() ? ", not all of its time: see the notes" : ""));
        }
        for (ComparedFigure figure : ComparedFigure.values()) {
            out.add("");
            out.add(table(c, figure));
        }
        out.add("");
        if (c.options().isEmpty()) {
            out.add(DIFFERING_OPTIONS.key() + ": none (the seed is not compared)");
        } else {
            out.addAll(entries(c, c.options(), "option", f("%s (%d; the seed is not compared):",
                    DIFFERING_OPTIONS.key(), c.options().size())));
        }
        if (c.tables().isEmpty()) {
            out.add(DIFFERING_TABLES.key() + ": none (engine, charset, collation, row format, create options)");
        } else {
            out.addAll(entries(c, c.tables(), "property", f("%s (%d):", DIFFERING_TABLES.key(), c.tables().size())));
        }
        if (c.variables().isEmpty()) {
            out.add(DIFFERING_VARIABLES.key() + ": none (ports, paths, ids and positions are not compared)");
        } else {
            out.addAll(variables(c));
        }
        for (String note : c.notes()) {
            out.add("note: " + note);
        }
        return out;
    }

    private static String table(Comparison c, ComparedFigure figure) {
        List<List<String>> cells = new ArrayList<>();
        List<String> head = new ArrayList<>(List.of(THREADS_COLUMN.key()));
        for (int i = 0; i < c.sides().size(); i++) {
            String label = c.sides().get(i).label();
            head.add(label + " " + SPREAD.key());
            if (i > 0) {
                head.add(RATIO.key() + " " + label + "/" + c.sides().get(0).label());
                head.add(VERDICT.key() + " " + label);
            }
        }
        cells.add(head);
        for (Comparison.Row r : c.rows(figure)) {
            List<String> line = new ArrayList<>(List.of(Integer.toString(r.threads())));
            for (int i = 0; i < c.sides().size(); i++) {
                line.add(spread(figure, r.spreads().get(i)));
                if (i > 0) {
                    Double ratio = r.ratios().get(i);
                    line.add(ratio == null ? "-" : f("%.3f", ratio));
                    Verdict v = r.verdicts().get(i);
                    line.add(v.text());
                }
            }
            cells.add(line);
        }
        String title = figure == ComparedFigure.TPS ? TPS.key() + " (events/s)" : figure.key() + " latency (ms)";
        return title + "\n" + Columns.render(cells, "  ");
    }

    private static List<String> variables(Comparison c) {
        return entries(c, c.variables(), "variable", f("%s (%d; ports, paths, ids and positions are not compared):",
                DIFFERING_VARIABLES.key(), c.variables().size()));
    }

    /** @return a title line, then a table of names and one value per side, indented */
    private static List<String> entries(Comparison c, List<VariableDiff.Entry> entries, String what, String title) {
        List<List<String>> cells = new ArrayList<>();
        List<String> head = new ArrayList<>(List.of(what));
        c.sides().forEach(s -> head.add(s.label()));
        cells.add(head);
        boolean anyDerived = "variable".equals(what)
                && entries.stream().anyMatch(e -> !DerivedVariables.note(e, entries).isEmpty());
        if (anyDerived) {
            head.add("why");
        }
        for (VariableDiff.Entry e : entries) {
            List<String> line = new ArrayList<>(List.of(e.name()));
            e.values().forEach(v -> line.add(v == null ? "-" : v));
            if (anyDerived) {
                line.add(DerivedVariables.note(e, entries));
            }
            cells.add(line);
        }
        List<String> out = new ArrayList<>();
        out.add(title);
        for (String l : Columns.render(cells, "  ").split("\n")) {
            out.add("  " + l);
        }
        return out;
    }

    /** @return {@code median [min–max] ×n} in the figure's display unit, or {@code -} when absent */
    static String spread(ComparedFigure figure, Spread s) {
        if (s == null || s.count() == 0) {
            return "-";
        }
        double k = figure == ComparedFigure.TPS ? 1 : 1000.0;
        return f("%.2f [%.2f–%.2f] ×%d", s.median() / k, s.min() / k, s.max() / k, s.count());
    }
}
