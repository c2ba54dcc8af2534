package io.clusterbench.report;

import io.clusterbench.result.LatencySummary;
import io.clusterbench.result.ProbeDocument;
import io.clusterbench.result.ProbeLevelRecord;
import io.clusterbench.result.ProbeNodeSpell;
import io.clusterbench.result.ProbePair;

import java.util.List;
import java.util.Map;

import static io.clusterbench.Format.f;
import static io.clusterbench.report.Figure.*;

/**
 * The stale-read probe's console text, from {@code probe.json} as records only: the level table (stale rate with
 * its 95% Wilson interval, visibility time, read latency, blocked steps), the GTID-wait line, the per-pair table of
 * every level, the blocked nodes, the node states and the probe time. {@code probe stale-reads} prints it when it
 * finishes and {@code report PROBE_DIR} prints the same from the file (docs/metrics.md, "Stale-read probe").
 *
 * <p>Thread-safe (stateless). Usage: {@code out.print(ProbeText.render(ProbeDocument.read(file)))}.
 */
public final class ProbeText {
    private ProbeText() {
    }

    /** @return every block of the probe's result, ending with a newline */
    public static String render(ProbeDocument doc) {
        StringBuilder b = new StringBuilder(levels(doc.levels()));
        b.append(validity(doc.levels()));
        String gtid = gtidLine(doc.gtidWait());
        if (!gtid.isEmpty()) {
            b.append(gtid).append('\n');
        }
        b.append(pairs(doc.levels())).append('\n').append(nodes(doc));
        return b.toString();
    }

    /** @return the comparison table, one line per level, ending with a newline */
    public static String levels(List<ProbeLevelRecord> levels) {
        StringBuilder b = new StringBuilder();
        boolean load = levels.stream().anyMatch(r -> r.backgroundTps() != null);
        b.append(f("%-8s %8s %6s %-24s %-26s %8s %-22s %7s %6s%s%n", PROBE_LEVEL.key(), PROBE_SAMPLES.key(),
                PROBE_STALE.key(), PROBE_STALE_RATE.key(), PROBE_VISIBLE.key(), PROBE_TIMEOUTS.key(),
                PROBE_READ_LATENCY.key(), PROBE_BLOCKED.key(), PROBE_ERRORS.key(),
                load ? " " + PROBE_BACKGROUND_TPS.key() : ""));
        for (ProbeLevelRecord r : levels) {
            b.append(f("%-8s %8d %6d %-24s %-26s %8d %-22s %7d %6d%s%n", r.level(), r.samples(), r.staleReads(),
                    rate(r.staleRatePercent(), List.of(r.ciLowPercent(), r.ciHighPercent())),
                    triple(r.visibility()), r.visibilityTimeouts(), triple(r.readLatency()),
                    r.blockedCommits() + r.blockedReads(), r.errors(),
                    !load ? "" : r.backgroundTps() == null ? " -" : f(" %.2f", r.backgroundTps())));
        }
        return b.toString();
    }

    /**
     * @return per level with a verdict (docs/metrics.md, "Validity"): {@code Validity at level L: …} and one indented
     *         line per flag; "" for a result written before levels had one
     */
    public static String validity(List<ProbeLevelRecord> levels) {
        StringBuilder b = new StringBuilder();
        for (ProbeLevelRecord r : levels) {
            if (r.validity() != null) {
                ValidityBlock.lines(r.validity(), "Validity at level " + r.level())
                        .forEach(l -> b.append(l).append('\n'));
            }
        }
        return b.toString();
    }

    /** @return one block per level: a header line, then one line per ordered pair; ends with a newline */
    public static String pairs(List<ProbeLevelRecord> levels) {
        StringBuilder b = new StringBuilder();
        for (ProbeLevelRecord r : levels) {
            b.append(f("%n%s:%n", PROBE_PAIRS.key().replace(" L", " " + r.level())));
            b.append(f("    %-16s %8s %6s %8s %15s %13s %12s %6s  %s%n", PROBE_PAIR.key(), PROBE_SAMPLES.key(),
                    PROBE_STALE.key(), PROBE_TIMEOUTS.key(), PROBE_BLOCKED_COMMITS.key(), PROBE_BLOCKED_READS.key(),
                    PROBE_BLOCKED_SECONDS.key(), PROBE_ERRORS.key(), PROBE_STALE_RATE.key()));
            for (ProbePair p : r.pairs()) {
                b.append(f("    %-16s %8d %6d %8d %15d %13d %12.1f %6d  %s%n", p.writer() + " -> " + p.reader(),
                        p.samples(), p.stale(), p.timeouts(), p.blockedCommits(), p.blockedReads(),
                        p.blockedMillis() / 1000.0, p.errors(), rate(p.staleRatePercent(), p.staleRateCi95Percent())));
            }
        }
        return b.toString();
    }

    /** @return the blocked-node lines, the node-state lines and the probe-time line; ends with a newline */
    public static String nodes(ProbeDocument doc) {
        StringBuilder b = new StringBuilder();
        Map<String, Map<String, Long>> blocked = doc.blockedByNode() == null ? Map.of() : doc.blockedByNode();
        blocked.forEach((node, c) -> b.append(f("%s: %s (%s on it, %s on it hit the step timeout or a causal-read "
                + "timeout)%n", PROBE_BLOCKED_NODE.key(), node, io.clusterbench.Format.count(c.getOrDefault(
                        "blockedCommits", 0L), "marker commit"), io.clusterbench.Format.count(c.getOrDefault(
                        "blockedReads", 0L), "read"))));
        List<ProbeNodeSpell> spells = doc.nodeStates();
        if (spells != null && spells.isEmpty()) {
            b.append("Node states: every node answered Synced at every reading\n");
        }
        for (ProbeNodeSpell s : spells == null ? List.<ProbeNodeSpell>of() : spells) {
            b.append(PROBE_NODE_STATE.key()).append(": ").append(s.line()).append('\n');
        }
        b.append(f("%s: %.1f s, of which %.1f s in blocked steps%n", PROBE_TIME.key(), doc.durationSeconds(),
                doc.blockedMillis() / 1000.0));
        return b.toString();
    }

    /** @return the GTID-wait summary line, or "" when none was measured */
    public static String gtidLine(ProbeDocument.GtidWait g) {
        if (g == null) {
            return "";
        }
        LatencySummary l = g.waitLatency();
        if (l != null) {
            return f("%s (B applies A's write, from the wait call) p50/p99/max: %.2f/%.2f/%.2f ms over %d waits, "
                    + "%s errors, %s blocked", PROBE_GTID_WAIT.key(), l.p50Micros() / 1000.0, l.p99Micros() / 1000.0,
                    l.maxMicros() / 1000.0, l.count(), g.errors(), g.blocked());
        }
        return g.note() == null ? "" : PROBE_GTID_WAIT.key() + ": " + g.note();
    }

    /** @return e.g. {@code 7.50% [2.58%, 19.86%]} */
    static String rate(double percent, List<Double> ci) {
        return f("%.2f%% [%.2f%%, %.2f%%]", percent, ci.get(0), ci.get(1));
    }

    /** @return {@code p50/p99/max} in ms, or {@code -} when nothing was recorded */
    static String triple(LatencySummary h) {
        if (h == null || h.count() == 0) {
            return "-";
        }
        return f("%.2f/%.2f/%.2f", h.p50Micros() / 1000.0, h.p99Micros() / 1000.0, h.maxMicros() / 1000.0);
    }
}
