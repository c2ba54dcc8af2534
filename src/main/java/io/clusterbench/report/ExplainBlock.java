package io.clusterbench.report;

import io.clusterbench.result.CpuProfile;
import io.clusterbench.result.ExplainFacts;
import io.clusterbench.result.ExplainSummary;
import io.clusterbench.result.FactKeys;
import io.clusterbench.result.HardwareCounters;
import io.clusterbench.result.RunRecord;
import io.clusterbench.result.ServerResources;
import io.clusterbench.result.WaitProfile;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import static io.clusterbench.Format.f;
import static io.clusterbench.report.Figure.*;

/**
 * The "Explain" block of a run's summary and of a sweep (docs/explain.md; every figure in docs/metrics.md,
 * "Explain"): per node, where the server's time went per transaction — its CPU, the on-CPU categories and top
 * functions, the waits and statements, the hardware counters — formatted from the explain facts only.
 *
 * <p>Thread-safe (stateless). Numbers use {@link java.util.Locale#ROOT}; times in µs (printed {@code us}).
 */
final class ExplainBlock {
    /** Functions, waits and statements named on a line. */
    private static final int NAMED = 5;
    private static final String LABEL = "    %-18s";

    private ExplainBlock() {
    }

    /** @return the block with a leading blank line, or "" when the run has no explain facts */
    static String render(RunRecord run) {
        if (!ExplainFacts.any(run)) {
            return "";
        }
        ServerResources res = run.fact(FactKeys.SERVER_RESOURCES);
        WaitProfile waits = run.fact(FactKeys.WAIT_PROFILE);
        CpuProfile profile = run.fact(FactKeys.CPU_PROFILE);
        HardwareCounters hw = run.fact(FactKeys.HARDWARE_COUNTERS);
        java.util.Map<String, String> endpoints = new java.util.LinkedHashMap<>();
        if (res != null) {
            res.nodes().forEach(n -> endpoints.putIfAbsent(n.node(), n.endpoint()));
        }
        if (waits != null) {
            waits.nodes().forEach(n -> endpoints.putIfAbsent(n.node(), n.endpoint()));
        }
        if (profile != null) {
            profile.nodes().forEach(n -> endpoints.putIfAbsent(n.node(), n.endpoint()));
        }
        StringBuilder b = new StringBuilder("\nExplain (per transaction; docs/explain.md):\n");
        for (var e : endpoints.entrySet()) {
            String node = e.getKey();
            String label = node.equals(e.getValue()) ? node : node + " (" + e.getValue() + ")";
            CpuProfile.Node p = profile == null ? null : profile.nodes().stream().filter(n -> n.node().equals(node))
                    .findFirst().orElse(null);
            b.append("  ").append(label).append(p != null && p.absentReason() == null
                    ? f(", %s at %d Hz", EXPLAIN_PROFILED.key(), p.frequencyHz()) : "").append(":\n");
            resources(b, res == null ? null : res.nodes().stream().filter(n -> n.node().equals(node)).findFirst()
                    .orElse(null));
            profile(b, p, profile != null);
            waits(b, waits == null ? null : waits.nodes().stream().filter(n -> n.node().equals(node)).findFirst()
                    .orElse(null));
            hardware(b, hw == null ? null : hw.nodes().stream().filter(n -> n.node().equals(node)).findFirst()
                    .orElse(null));
        }
        return b.toString();
    }

    private static void resources(StringBuilder b, ServerResources.Node n) {
        if (n == null) {
            return;
        }
        if (n.perEvent() == null) {
            b.append(f(LABEL + "- (%s)%n", EXPLAIN_SERVER_CPU.key() + ":", why(n.absentReason())));
            return;
        }
        ServerResources.PerEvent e = n.perEvent();
        b.append(f(LABEL + "%.1f us (user %.1f, system %.1f); %s %.2f voluntary, %.2f involuntary; %s %s read, %s "
                        + "written%n", EXPLAIN_SERVER_CPU.key() + ":", e.cpuMicros(), e.cpuUserMicros(), e.cpuSystemMicros(),
                EXPLAIN_SWITCHES.key(), e.voluntaryContextSwitches(), e.involuntaryContextSwitches(),
                EXPLAIN_STORAGE.key(), bytes(e.readBytes()), bytes(e.writeBytes())));
    }

    private static void profile(StringBuilder b, CpuProfile.Node p, boolean asked) {
        if (p == null) {
            if (asked) {
                b.append(f(LABEL + "- (not profiled)%n", EXPLAIN_ON_CPU.key() + ":"));
            }
            return;
        }
        if (p.absentReason() != null) {
            b.append(f(LABEL + "- (%s)%n", EXPLAIN_ON_CPU.key() + ":", p.absentReason()));
            return;
        }
        b.append(f(LABEL + "%s%n", EXPLAIN_ON_CPU.key() + ":", p.categories().stream()
                .map(c -> f("%s %.1f%%", c.name(), c.sharePercent())).collect(Collectors.joining(", "))));
        b.append(f(LABEL + "%s (self)%n", EXPLAIN_TOP_FUNCTIONS.key() + ":", shares(p.topSelf())));
        if (!p.topUserSelf().isEmpty()) {
            b.append(f(LABEL + "%s (self; kernel time charged to the function that entered the kernel)%n",
                    EXPLAIN_USER_FUNCTIONS.key() + ":", shares(p.topUserSelf())));
        }
        CpuProfile.Concentration c = p.concentration();
        b.append(f(LABEL + "%d samples%s in %.1f of %.1f s%s; %s of samples in %d/%d/%d of %d functions; %s%s; "
                        + "stacks in %s%n", EXPLAIN_PROFILE.key() + ":", p.samples(), expected(p), p.coveredSeconds(),
                p.windowSeconds(), p.incompleteReason() == null ? "" : " (the phase's first part: its analysis was cut "
                        + "at the step's end deadline; perf.data kept)", EXPLAIN_CONCENTRATION.key(), c.functions50(), c.functions90(), c.functions99(),
                p.distinctFunctions(), EXPLAIN_PERF_CPU.key(), perfCost(p), p.foldedFile() == null ? "-" : p.foldedFile()));
        if (p.warning() != null) {
            b.append(f(LABEL + "%s%n", EXPLAIN_PROFILE_WARNING.key() + ":", p.warning()));
        }
    }

    private static String shares(List<CpuProfile.Share> list) {
        return list.stream().limit(NAMED).map(s -> f("%s %.1f%%", s.name(), s.sharePercent()))
                .collect(Collectors.joining(", "));
    }

    /** @return " (99% of 1357 expected, 0 lost)", or "" for a profile without the server's CPU */
    private static String expected(CpuProfile.Node p) {
        return p.expectedSamples() == null || p.samplesPercentOfExpected() == null ? ""
                : f(" (%.0f%% %s %d, %s %d)", p.samplesPercentOfExpected(), EXPLAIN_EXPECTED_SAMPLES.key(),
                p.expectedSamples(), EXPLAIN_LOST_SAMPLES.key(), p.lostSamples());
    }

    /** @return perf's own CPU in ms and, when known, as a share of the server's, e.g. "0.3 ms (0.02% of the server's)" */
    static String perfCost(CpuProfile.Node p) {
        if (p.pid() == null) {
            return " - (profiled on the server's host through --server-perf-cmd)";
        }
        return f(" %.1f ms", p.perfCpuSeconds() * 1000) + (p.perfCpuPercentOfServer() == null ? ""
                : f(" (%s of the server's)", percent(p.perfCpuPercentOfServer())));
    }

    /** @return a share with two decimals below 10% (perf's cost is often a few hundredths), one above */
    static String percent(double v) {
        return v < 10 ? f("%.2f%%", v) : f("%.1f%%", v);
    }

    private static void waits(StringBuilder b, WaitProfile.Node w) {
        if (w == null) {
            return;
        }
        if (w.absentReason() != null) {
            b.append(f(LABEL + "- (%s)%n", EXPLAIN_WAITS.key() + ":", w.absentReason()));
            return;
        }
        WaitProfile.PerformanceSchema ps = w.performanceSchema();
        List<String> parts = new ArrayList<>();
        for (WaitProfile.Category c : w.categories()) {
            parts.add(f("%s %s (%.1f%%)", c.name(), micros(c.perEventMicros()), c.sharePercent()));
        }
        String note = ps == null || !ps.enabled() ? "performance_schema off"
                : ps.notInstrumented().isEmpty() ? "" : "not timed: " + String.join(", ", ps.notInstrumented());
        if (parts.isEmpty() && w.rowLockWaitMicros() != null) {
            parts.add(f("%s %s", WaitProfile.ROW_LOCK, micros(w.rowLockWaitMicros() / (double) Math.max(1, w.events()))));
        }
        b.append(f(LABEL + "%s%s%n", EXPLAIN_WAITS.key() + ":", String.join(", ", parts),
                note.isEmpty() ? "" : (parts.isEmpty() ? "" : "; ") + note));
        if (!w.leadingWaits().isEmpty() && !w.categories().isEmpty()) {
            b.append(f(LABEL + "%s%n", EXPLAIN_TOP_WAITS.key() + ":", w.leadingWaits().stream().limit(3)
                    .map(x -> f("%s %s", x.event(), micros(x.perEventMicros()))).collect(Collectors.joining(", "))));
        }
        if (!w.statements().isEmpty()) {
            b.append(f(LABEL + "%s%n", EXPLAIN_TOP_STATEMENTS.key() + ":", w.statements().stream().limit(3)
                    .map(s -> f("%.1f%% %s (%s/txn)", s.sharePercent(), shorten(s.text(), 48),
                            s.perEventCount() == null ? "-" : f("%.2f", s.perEventCount())))
                    .collect(Collectors.joining(", "))));
        }
        if (!w.disabledMetrics().isEmpty()) {
            b.append(f(LABEL + "%d of the InnoDB metrics it reads are off (SET GLOBAL innodb_monitor_enable = "
                    + "'name'; listed in result.json)%n", "", w.disabledMetrics().size()));
        }
    }

    private static void hardware(StringBuilder b, HardwareCounters.Node h) {
        if (h == null) {
            return;
        }
        if (!h.supported() || h.derived() == null) {
            b.append(f(LABEL + "- (%s)%n", EXPLAIN_HARDWARE.key() + ":", why(h.absentReason())));
            return;
        }
        HardwareCounters.Derived d = h.derived();
        b.append(f(LABEL + "%s cycles, %s instructions, IPC %s; per 1000 instructions: L1i %s, iTLB %s, branch %s "
                        + "misses%n", EXPLAIN_HARDWARE.key() + ":", num(d.cyclesPerEvent(), 0), num(d.instructionsPerEvent(), 0),
                num(d.ipc(), 2), num(d.l1iMissesPerKiloInstr(), 2), num(d.itlbMissesPerKiloInstr(), 2),
                num(d.branchMissesPerKiloInstr(), 2)));
    }

    /**
     * @param summary the sweep's explain figures
     * @return the sweep's explain table, with a leading blank line, or "" when it has no points
     */
    static String sweep(ExplainSummary summary) {
        if (summary.points().isEmpty()) {
            return "";
        }
        boolean nodes = summary.points().stream().map(ExplainSummary.Point::node).distinct().count() > 1;
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of(THREADS_COLUMN.key()));
        if (nodes) {
            header.add(NODE.key());
        }
        header.addAll(List.of(EXPLAIN_SRV_CPU_COLUMN.key(), EXPLAIN_LOCK_CPU_COLUMN.key(),
                EXPLAIN_LOCK_WAIT_COLUMN.key(), EXPLAIN_TOP_FUNCTIONS.key() + " (self %)",
                EXPLAIN_TOP_WAITS.key() + " (us)"));
        rows.add(header);
        for (ExplainSummary.Point p : summary.points()) {
            List<String> row = new ArrayList<>(List.of(Integer.toString(p.threads())));
            if (nodes) {
                row.add(p.node());
            }
            row.addAll(List.of(num(p.cpuMicrosPerEvent(), 1), p.lockCpuPercent() == null ? "-"
                            : f("%.1f%%", p.lockCpuPercent()), num(p.lockWaitMicros(), 1),
                    named(p.topFunctions(), "%.1f"), named(p.topWaits(), "%.1f")));
            rows.add(row);
        }
        boolean[] left = new boolean[header.size()];
        left[header.size() - 1] = true;
        left[header.size() - 2] = true;
        if (nodes) {
            left[1] = true;
        }
        StringBuilder b = new StringBuilder(
                "\nExplain per thread count (medians over full repeats, per transaction; docs/explain.md):\n");
        for (String line : Columns.render(rows, left, "  ").split("\n")) {
            b.append("   ").append(line).append('\n');
        }
        b.append(f("    %s: %d of %d steps%s%s%n", EXPLAIN_PROFILED.key(), summary.profiledSteps(), summary.steps(),
                summary.perfCpuPercentMax() == null ? ""
                        : f(" (perf's own CPU at most %s of the server's)", percent(summary.perfCpuPercentMax())),
                summary.warnedSteps() == 0 ? "" : f("; %d with a %s (see the step's line)", summary.warnedSteps(),
                        EXPLAIN_PROFILE_WARNING.key())));
        return b.toString();
    }

    private static String named(List<ExplainSummary.Named> list, String format) {
        return list.isEmpty() ? "-" : list.stream().map(n -> n.name() + " " + f(format, n.value()))
                .collect(Collectors.joining(", "));
    }

    private static String why(String reason) {
        return reason == null ? "no figures" : reason;
    }

    private static String micros(Double v) {
        return v == null ? "-" : f("%.1f us", v);
    }

    private static String num(Double v, int decimals) {
        return v == null ? "-" : f("%." + decimals + "f", v);
    }

    private static String bytes(Double v) {
        if (v == null) {
            return "-";
        }
        return v >= 1e6 ? f("%.1f MB", v / 1e6) : v >= 1e3 ? f("%.1f kB", v / 1e3) : f("%.0f B", v);
    }

    /**
     * @return a statement's text on one line, cut after a whole word to at most {@code max} characters with "..."; a
     * text of this tool's own in parentheses (what a digest stands for, e.g. the prepared statements a server does
     * not itemise) whole
     */
    static String shorten(String s, int max) {
        String one = s.replaceAll("\\s+", " ").strip();
        if (one.length() <= max || one.startsWith("(") && one.endsWith(")")) {
            return one;
        }
        int space = one.lastIndexOf(' ', max - 3);
        return one.substring(0, space > max / 2 ? space : max - 3) + "...";
    }
}
