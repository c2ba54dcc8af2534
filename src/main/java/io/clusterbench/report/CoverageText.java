package io.clusterbench.report;

import io.clusterbench.result.Coverage;

import java.util.ArrayList;
import java.util.List;

import static io.clusterbench.Format.f;
import static io.clusterbench.report.Figure.COVERAGE;
import static io.clusterbench.report.Figure.COVERAGE_EXCLUSIVE;
import static io.clusterbench.report.Figure.COVERAGE_FUNCTIONS;
import static io.clusterbench.report.Figure.COVERAGE_IF_EQUAL;
import static io.clusterbench.report.Figure.COVERAGE_REACHED;
import static io.clusterbench.report.Figure.COVERAGE_SAMPLES;
import static io.clusterbench.report.Figure.COVERAGE_SELF;
import static io.clusterbench.report.Figure.EXPLAIN_CONCENTRATION;

/**
 * The console text of {@code clusterbench coverage} (docs/metrics.md, "Training coverage"): one row per set and the
 * union, then per set the functions it reaches and the others do not. Formats only what {@link Coverage} holds.
 *
 * <p>Thread-safe (stateless). Numbers use {@link java.util.Locale#ROOT}.
 */
public final class CoverageText {
    /** Functions printed per exclusive list (the JSON keeps {@link Coverage#TOP}). */
    static final int LISTED = 15;

    private CoverageText() {
    }

    /** @return the lines to print, without line terminators */
    public static List<String> lines(Coverage c) {
        List<String> out = new ArrayList<>();
        out.add(COVERAGE.key() + " (" + Coverage.CAVEAT + "; docs/metrics.md):");
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("  set", "workloads", "steps", COVERAGE_SAMPLES.key(), COVERAGE_FUNCTIONS.key(),
                EXPLAIN_CONCENTRATION.key(), "source"));
        c.sets().forEach(s -> rows.add(row(s)));
        if (c.union() != null) {
            rows.add(row(c.union()));
        }
        Columns.render(rows, new boolean[] {true, true, false, false, false, false, true}, "  ").lines()
                .forEach(out::add);
        for (Coverage.Exclusive e : c.exclusive()) {
            out.add("");
            out.addAll(exclusive(e));
        }
        return out;
    }

    private static List<String> row(Coverage.SetFigures s) {
        return List.of("  " + s.label(), s.workloads(), Integer.toString(s.steps()), Long.toString(s.samples()),
                Integer.toString(s.functions()), f("%d/%d/%d", s.concentration().functions50(),
                        s.concentration().functions90(), s.concentration().functions99()), s.source());
    }

    /** @return the heading of one exclusive list and its functions, or "none" */
    static List<String> exclusive(Coverage.Exclusive e) {
        List<String> out = new ArrayList<>();
        String others = String.join(", ", e.against());
        out.add(f("%s %s and by none of %s (%d samples): %d functions, %d beyond chance (%s below %s); %.2f%% of %s's "
                        + "samples have one as self", COVERAGE_EXCLUSIVE.key(), e.label(), others, e.againstSamples(),
                e.functions(), e.beyondChance(), COVERAGE_IF_EQUAL.key(), chance(e.chanceThreshold()),
                e.selfSharePercent(), e.label()));
        if (e.top().isEmpty()) {
            return out;
        }
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("   ", COVERAGE_REACHED.key(), COVERAGE_SELF.key(), COVERAGE_IF_EQUAL.key(), "function"));
        e.top().stream().limit(LISTED).forEach(fn -> rows.add(List.of("   ", f("%.2f%%", fn.sharePercent()),
                f("%.2f%%", fn.selfSharePercent()), chance(fn.chanceIfEqual()), fn.name())));
        Columns.render(rows, new boolean[] {true, false, false, false, true}, "  ").lines().forEach(out::add);
        if (e.functions() > LISTED) {
            out.add(f("    … %d more (--json FILE lists the first %d)", e.functions() - LISTED, Coverage.TOP));
        }
        return out;
    }

    /** @return the chance with 3 significant digits ({@code 0.0234}, {@code 1.2e-05}), {@code <1e-99} below that */
    static String chance(double p) {
        return p < 1e-99 ? "<1e-99" : p >= 0.001 ? f("%.3g", p) : f("%.1e", p);
    }
}
