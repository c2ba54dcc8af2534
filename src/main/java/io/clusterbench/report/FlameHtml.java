package io.clusterbench.report;

import io.clusterbench.ab.AbDocument;
import io.clusterbench.ab.AbRun;
import io.clusterbench.ab.Side;
import io.clusterbench.ab.ThreadVerdict;
import io.clusterbench.result.CpuProfile;
import io.clusterbench.result.FactKeys;
import io.clusterbench.result.ProfileFiles;
import io.clusterbench.result.RunRecord;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static io.clusterbench.Format.f;
import static io.clusterbench.report.Html.esc;

/**
 * The flame-graph sections of the HTML reports ({@link FlameGraph}; docs/explain.md): one flame graph per profiled
 * step of a run or sweep, and on the A/B page one differential flame graph per thread count (the steps of each side
 * at that thread count added up). Read from the folded stacks in the step folders next to result.json.
 *
 * <p>Thread-safe (stateless).
 */
final class FlameHtml {
    private static final String NOTE = "<p>Sampled on-CPU profiles (perf cpu-clock): a box's width is its share of "
            + "the samples, callers below callees; hover a box for its samples. A sampled profile is not an "
            + "instrumentation count: briefly running functions may be missing.</p>\n";

    private FlameHtml() {
    }

    /**
     * @param resultDir the folder of a run's or sweep's result.json, or null when unknown
     * @param runs      its runs
     * @return "On-CPU flame graphs" with one graph per profiled node of each step whose folded stacks are in its step
     * folder ({@link ProfileFiles}), in run order, each titled by its file, samples, share of the expected samples and
     * perf's own cost, a profile warning above it; "" without any
     */
    static String steps(Path resultDir, List<RunRecord> runs) {
        if (resultDir == null) {
            return "";
        }
        StringBuilder b = new StringBuilder();
        for (ProfileFiles.Entry e : ProfileFiles.of(resultDir, runs)) {
            CpuProfile.Node n = e.profile();
            String title = relative(resultDir, e.file()) + f(" — %d samples", n.samples())
                    + (n.samplesPercentOfExpected() == null ? "" : f(", %.0f%% of expected", n.samplesPercentOfExpected()))
                    + (n.perfCpuPercentOfServer() == null ? ""
                    : ", perf " + ExplainBlock.percent(n.perfCpuPercentOfServer()) + " of the server's CPU");
            if (n.warning() != null) {
                b.append("<p class=\"note\"><b>").append(esc(Figure.EXPLAIN_PROFILE_WARNING.key())).append("</b> (")
                        .append(esc(relative(resultDir, e.file()))).append("): ").append(esc(n.warning())).append("</p>\n");
            }
            b.append(FlameGraph.svg(read(e.file()), title));
        }
        return b.isEmpty() ? "" : "<h2>On-CPU flame graphs</h2>\n" + NOTE + "<div class=\"flames\">\n" + b + "</div>\n";
    }

    private static String relative(Path dir, Path file) {
        Path a = dir.toAbsolutePath().normalize();
        Path f = file.toAbsolutePath().normalize();
        return f.startsWith(a) ? a.relativize(f).toString() : f.toString();
    }

    /**
     * @param d   the A/B result
     * @param dir its folder (with {@code steps/tNNNN-rR-S/})
     * @return "What changed on the CPU" with one differential flame graph per thread count whose steps were profiled on
     * both sides; "" without any
     */
    static String abDiff(AbDocument d, Path dir) {
        if (dir == null) {
            return "";
        }
        StringBuilder b = new StringBuilder();
        for (ThreadVerdict v : d.verdicts()) {
            String base = v.baselineName();
            String other = v.sideName();
            Map<String, Long> a = side(d, dir, v.threads(), Side.of(base));
            Map<String, Long> bb = side(d, dir, v.threads(), Side.of(other));
            if (!a.isEmpty() && !bb.isEmpty()) {
                b.append(FlameGraph.diff(a, bb, (d.manySides() ? other + " vs " + base + ", " : "") + v.threads()
                        + (v.threads() == 1 ? " thread" : " threads") + ": " + other + "'s profile, red where " + other
                        + " spends a larger share than " + base + ", blue a smaller"));
            }
        }
        return b.isEmpty() ? "" : "<h2>Differential flame graphs, " + (d.manySides() ? "each side vs "
                + Html.esc(d.baselineName()) : "B vs A") + "</h2>\n" + NOTE
                + "<p>Each side's steps at a thread count added up; colour: the change of a frame's share of all "
                + "samples from the baseline to the side (full red at +5 points or more, full blue at −5 or less).</p>\n"
                + "<div class=\"flames\">\n" + b + "</div>\n";
    }

    private static Map<String, Long> side(AbDocument d, Path dir, int threads, Side side) {
        Map<String, Long> sum = new TreeMap<>();
        for (AbRun r : d.runs()) {
            if (r.step().threads() != threads || !r.step().side().equals(side) || !r.completed()) {
                continue;
            }
            CpuProfile p = r.run().fact(FactKeys.CPU_PROFILE);
            if (p == null || p.nodes().isEmpty() || p.nodes().get(0).foldedFile() == null) {
                continue;
            }
            read(dir.resolve("steps").resolve(r.step().dirName()).resolve(p.nodes().get(0).foldedFile()))
                    .forEach((k, n) -> sum.merge(k, n, Long::sum));
        }
        return sum;
    }

    private static Map<String, Long> read(Path f) {
        try {
            return FlameGraph.read(f);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + f + ": " + e.getMessage(), e);
        }
    }
}
