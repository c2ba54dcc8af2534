package io.clusterbench.report;

import io.clusterbench.result.ExplainComparison;
import io.clusterbench.result.Spread;

import java.util.ArrayList;
import java.util.List;

import static io.clusterbench.Format.f;
import static io.clusterbench.report.Figure.AB_EXPLAIN_CPU;
import static io.clusterbench.report.Figure.AB_EXPLAIN_FUNCTION;
import static io.clusterbench.report.Figure.AB_EXPLAIN_IPC;
import static io.clusterbench.report.Figure.AB_EXPLAIN_LOCK_SHARE;
import static io.clusterbench.report.Figure.AB_EXPLAIN_LOCK_WAIT;
import static io.clusterbench.report.Figure.AB_EXPLAIN_WAIT;
import static io.clusterbench.report.Figure.COMPARE_EXPLAIN;

/**
 * The {@code compare} block "explain: what changed" (docs/metrics.md, "What changed in the explain facts"): per thread
 * count (and node), one row per figure with each side's median [min–max] ×n and, per compared side, its change from
 * the baseline's median with the rule's word. Formats only what {@link ExplainComparison} holds; the HTML report uses
 * the same rows ({@link #rows}).
 *
 * <p>Thread-safe (stateless). Numbers use {@link java.util.Locale#ROOT}.
 */
public final class ExplainComparisonText {
    private ExplainComparisonText() {
    }

    /** How a figure's change is shown. */
    private enum Change {
        /** B/A − 1 in percent. */
        RATIO,
        /** B − A in percent points. */
        POINTS,
        /** B − A in µs. */
        MICROS
    }

    /** @return the block's lines, with a leading blank line; empty without points */
    public static List<String> lines(ExplainComparison c) {
        if (c.points().isEmpty()) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        out.add("");
        out.add(COMPARE_EXPLAIN.key() + " (per transaction; median [min–max] ×n over repeats; " + c.labels().get(0)
                + " is the baseline; \"" + ExplainComparison.APART + "\": the verdict rule's ranges apart by more than "
                + "their spread, docs/metrics.md):");
        for (ExplainComparison.Point p : c.points()) {
            out.add("  " + heading(c, p));
            boolean[] left = new boolean[1 + 2 * c.labels().size()];
            left[0] = true;
            Columns.render(rows(c, p), left, "  ").lines().forEach(out::add);
        }
        return out;
    }

    /** @return e.g. "4 threads, node n1 (steps: A 3, B 3)" */
    static String heading(ExplainComparison c, ExplainComparison.Point p) {
        List<String> steps = new ArrayList<>();
        for (int i = 0; i < c.labels().size(); i++) {
            steps.add(c.labels().get(i) + " " + p.steps().get(i));
        }
        boolean nodes = c.points().stream().map(ExplainComparison.Point::node).distinct().count() > 1;
        return p.threads() + (p.threads() == 1 ? " thread" : " threads") + (nodes ? ", node " + p.node() : "")
                + " (steps: " + String.join(", ", steps) + ")";
    }

    /** @return the header and one row per figure: label, each side's spread, each compared side's change */
    static List<List<String>> rows(ExplainComparison c, ExplainComparison.Point p) {
        List<List<String>> rows = new ArrayList<>();
        List<String> head = new ArrayList<>(List.of("    "));
        c.labels().forEach(head::add);
        for (int i = 1; i < c.labels().size(); i++) {
            head.add(c.labels().get(i) + " vs " + c.labels().get(0));
        }
        rows.add(head);
        row(rows, AB_EXPLAIN_CPU.key() + " (us)", p.cpuMicrosPerEvent(), 1, Change.RATIO);
        row(rows, AB_EXPLAIN_LOCK_SHARE.key() + " (%)", p.lockSharePercent(), 2, Change.POINTS);
        row(rows, AB_EXPLAIN_LOCK_WAIT.key() + " (us)", p.lockWaitMicros(), 1, Change.MICROS);
        if (p.ipc().stream().anyMatch(java.util.Objects::nonNull)) {
            row(rows, AB_EXPLAIN_IPC.key(), p.ipc(), 2, Change.RATIO);
        } else if (p.ipcAbsentReason() != null) {
            List<String> r = new ArrayList<>(List.of("    " + AB_EXPLAIN_IPC.key()));
            c.labels().forEach(l -> r.add("-"));
            r.add(p.ipcAbsentReason());
            rows.add(r);
        }
        p.functions().forEach(n -> row(rows, AB_EXPLAIN_FUNCTION.key() + " " + shorten(n.name()) + " (%)", n.spreads(),
                2, Change.POINTS));
        p.waits().forEach(n -> row(rows, AB_EXPLAIN_WAIT.key() + " " + shorten(n.name()) + " (us)", n.spreads(), 1,
                Change.MICROS));
        return rows;
    }

    private static void row(List<List<String>> rows, String label, List<Spread> spreads, int digits, Change how) {
        if (spreads.stream().allMatch(java.util.Objects::isNull)) {
            return;
        }
        List<String> r = new ArrayList<>(List.of("    " + label));
        spreads.forEach(s -> r.add(spread(s, digits)));
        Spread base = spreads.get(0);
        for (int i = 1; i < spreads.size(); i++) {
            r.add(change(base, spreads.get(i), how));
        }
        rows.add(r);
    }

    /** @return {@code median [min–max] ×n}, or {@code -} */
    static String spread(Spread s, int digits) {
        if (s == null) {
            return "-";
        }
        String d = "%." + digits + "f";
        return f(d + " [" + d + "–" + d + "] ×%d", s.median(), s.min(), s.max(), s.count());
    }

    private static String change(Spread base, Spread other, Change how) {
        if (base == null || other == null) {
            return "-";
        }
        String amount = switch (how) {
            case RATIO -> base.median() == 0 ? "-" : f("%+.1f%%", (other.median() / base.median() - 1) * 100);
            case POINTS -> f("%+.2f pts", other.median() - base.median());
            case MICROS -> f("%+.1f us", other.median() - base.median());
        };
        return amount + " (" + ExplainComparison.rule(base, other) + ")";
    }

    /** @return the name cut to 48 characters, "…" marking the cut */
    private static String shorten(String name) {
        return name.length() <= 48 ? name : name.substring(0, 47) + "…";
    }
}
