package io.clusterbench.report;

import io.clusterbench.ab.AbDocument;
import io.clusterbench.ab.ExplainChange;
import io.clusterbench.ab.PairedDifference;
import io.clusterbench.ab.ThreadVerdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static io.clusterbench.report.Figure.AB_EXPLAIN;
import static io.clusterbench.report.Figure.AB_EXPLAIN_CATEGORY;
import static io.clusterbench.report.Figure.AB_EXPLAIN_CPU;
import static io.clusterbench.report.Figure.AB_EXPLAIN_FUNCTION;
import static io.clusterbench.report.Figure.AB_EXPLAIN_IPC;
import static io.clusterbench.report.Figure.AB_EXPLAIN_LOCK_SHARE;
import static io.clusterbench.report.Figure.AB_EXPLAIN_LOCK_WAIT;
import static io.clusterbench.report.Figure.AB_EXPLAIN_SIDES;
import static io.clusterbench.report.Figure.AB_EXPLAIN_SWITCHES;
import static io.clusterbench.report.Figure.AB_EXPLAIN_WAIT;

/**
 * The {@code ab} console block "explain: what changed, B vs A" (with more sides "explain: what changed, each side vs
 * the baseline NAME", one entry per side and thread count): per thread count, the {@link ExplainChange} of the
 * pairs as rows "figure, A, B, change with its interval" (docs/metrics.md, "A/B comparisons"). Figures come from the
 * {@link AbDocument} only.
 *
 * <p>Thread-safe (stateless).
 */
public final class AbExplainText {
    private AbExplainText() {
    }

    /** The block's title line (also the A/B page's heading). */
    static final String TITLE = AB_EXPLAIN.key() + " (intervals simultaneous at 95% over the m figures judged at a "
            + "thread count: the rows and every candidate of the moved lists, \"of k\")";

    /** @return the block's lines; empty when no thread count has an explain change */
    public static List<String> lines(AbDocument d) {
        List<ThreadVerdict> with = d.verdicts().stream().filter(v -> v.explain() != null).toList();
        if (with.isEmpty()) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        out.add((d.manySides() ? AB_EXPLAIN_SIDES.key() + " " + d.baselineName() : AB_EXPLAIN.key())
                + TITLE.substring(AB_EXPLAIN.key().length()) + ":");
        for (ThreadVerdict v : with) {
            String side = v.sideName();
            out.add("  " + (d.manySides() ? side + " vs " + v.baselineName() + ", " : "") + heading(v));
            List<List<String>> rows = new ArrayList<>();
            rows.add(List.of("    ", v.baselineName(), side, side + " vs " + v.baselineName()));
            for (List<String> r : rows(v)) {
                rows.add(List.of("    " + r.get(0), r.get(1), r.get(2), r.get(3)));
            }
            Columns.render(rows, new boolean[] {true, false, false, true}, "  ").lines().forEach(out::add);
        }
        return out;
    }

    /** @return e.g. "4 threads, 6 pairs, m = 63: no change resolved" */
    static String heading(ThreadVerdict v) {
        ExplainChange e = v.explain();
        return String.format(Locale.ROOT, "%d %s, %d pair%s, m = %d: %s", v.threads(),
                v.threads() == 1 ? "thread" : "threads", e.pairs(), e.pairs() == 1 ? "" : "s", e.figuresJudged(),
                e.anyResolved() ? "a change resolved" : "no change resolved");
    }

    /**
     * @param v a verdict with an explain change
     * @return one row per figure of {@code v}'s explain change: label, the baseline's value, the side's, the change
     *         with its interval
     */
    static List<List<String>> rows(ThreadVerdict v) {
        ExplainChange e = v.explain();
        String side = v.sideName();
        List<List<String>> rows = new ArrayList<>();
        scaled(rows, side, AB_EXPLAIN_CPU.key() + " (us)", e.cpuMicrosPerEvent(), 1);
        scaled(rows, side, AB_EXPLAIN_SWITCHES.key(), e.voluntarySwitchesPerEvent(), 2);
        if (e.ipc() != null) {
            scaled(rows, side, AB_EXPLAIN_IPC.key(), e.ipc(), 2);
        } else if (e.ipcAbsentReason() != null) {
            rows.add(List.of(AB_EXPLAIN_IPC.key(), "-", "-", e.ipcAbsentReason()));
        }
        shift(rows, side, AB_EXPLAIN_LOCK_SHARE.key() + " (%)", e.lockSharePoints(), " pts", "");
        shift(rows, side, AB_EXPLAIN_LOCK_WAIT.key() + " (us)", e.lockWaitMicrosPerEvent(), " us", "");
        e.categories().forEach(s -> shift(rows, side, AB_EXPLAIN_CATEGORY.key() + " " + s.name() + " (%)", s, " pts",
                " (of " + e.categoryCandidates() + ")"));
        e.functions().forEach(s -> shift(rows, side, AB_EXPLAIN_FUNCTION.key() + " " + shorten(s.name()) + " (%)", s,
                " pts", " (of " + e.functionCandidates() + ")"));
        e.waits().forEach(s -> shift(rows, side, AB_EXPLAIN_WAIT.key() + " " + shorten(s.name()) + " (us)", s, " us",
                " (of " + e.waitCandidates() + ")"));
        return rows;
    }

    private static void scaled(List<List<String>> rows, String side, String label, ExplainChange.Scaled s, int digits) {
        if (s != null) {
            rows.add(List.of(label, io.clusterbench.Format.decimal(s.medianA(), digits),
                    io.clusterbench.Format.decimal(s.medianB(), digits),
                    s.change().pairs() < ExplainChange.MIN_PAIRS ? tooFew(s.change().pairs()) : s.change().text(side)));
        }
    }

    private static void shift(List<List<String>> rows, String side, String label, ExplainChange.Shift s, String unit,
                              String tail) {
        if (s != null) {
            PairedDifference c = " pts".equals(unit) ? s.change().clampedTo(ExplainChange.SHARE_POINTS_BOUND) : s.change();
            rows.add(List.of(label, io.clusterbench.Format.decimal(s.meanA(), 2),
                    io.clusterbench.Format.decimal(s.meanB(), 2),
                    (c.pairs() < ExplainChange.MIN_PAIRS ? tooFew(c.pairs()) : c.text(side, unit, 2)) + tail));
        }
    }

    /** @return "too few pairs for an interval (2; it needs 3)" */
    static String tooFew(int pairs) {
        return "too few pairs for an interval (" + pairs + "; it needs " + ExplainChange.MIN_PAIRS + ")";
    }

    /** @return the name cut to 48 characters (long C++ names), "…" marking the cut */
    private static String shorten(String name) {
        return name.length() <= 48 ? name : name.substring(0, 47) + "…";
    }
}
