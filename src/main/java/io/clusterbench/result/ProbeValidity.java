package io.clusterbench.result;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The validity rules of the probes (docs/metrics.md, "Validity"): a level of {@code probe stale-reads} and a setting
 * of {@code probe anomalies} are judged by the run's host rules ({@link ValidityRules#host}) over their own window,
 * flagged for a node that left Synced without a scheduled fault on it, and flagged when they hold too few samples for
 * their rate. Pure functions of the records. Stateless.
 */
public final class ProbeValidity {
    /** First reads a stale-read level needs for its stale rate: with none stale, 0 in 100 bounds the rate below 3.6%. */
    public static final long MIN_FIRST_READS = 100;
    /** The share of the first reads asked that a level must have taken, percent; errors and blocked steps take the rest. */
    public static final double MIN_TAKEN_PERCENT = 90;
    /** Acknowledged operations a history workload needs in a setting before its "none found" says much. */
    public static final long MIN_OPERATIONS = 100;

    private ProbeValidity() {
    }

    /**
     * @param r     a stale-read level with its host window and node states
     * @param asked the first reads asked of the level: samples per pair × ordered pairs
     * @return its verdict: host CPU saturated, client CPU share, a node out of Synced during the level (the probe
     *         schedules no fault), too few samples
     */
    public static Validity level(ProbeLevelRecord r, long asked) {
        List<ValidityFlag> flags = new ArrayList<>(ValidityRules.host(r.host(), "the level"));
        flags.addAll(nodeStates(r.nodeStates(), Set.of(), "during the level"));
        double taken = asked <= 0 ? 100 : 100.0 * r.samples() / asked;
        if (r.samples() < MIN_FIRST_READS || taken < MIN_TAKEN_PERCENT) {
            flags.add(new ValidityFlag("too-few-samples", f("%d first reads of %d asked (%.1f%%; errors %d, blocked "
                            + "steps %d): a level needs %d and %.0f%% of those asked for its stale rate", r.samples(), asked,
                    taken, r.errors(), r.blockedCommits() + r.blockedReads(), MIN_FIRST_READS, MIN_TAKEN_PERCENT),
                    Map.of("samples", (double) r.samples(), "asked", (double) asked,
                            "minSamples", (double) MIN_FIRST_READS)));
        }
        return verdict(flags, r.host());
    }

    /**
     * @param s an anomaly setting with its host window, node states and fault timeline
     * @return its verdict: host CPU saturated, client CPU share, a quorum loss before any scheduled fault, a node out
     *         of Synced that no scheduled fault names, a checked workload with too few acknowledged operations
     */
    public static Validity setting(AnomalySetting s) {
        List<ValidityFlag> flags = new ArrayList<>(ValidityRules.host(s.host(), "the load"));
        flags.addAll(ValidityRules.unplannedQuorumLoss(s.faults()));
        Set<String> faulted = new TreeSet<>();
        if (s.faults() != null) {
            s.faults().events().forEach(e -> faulted.add(e.node()));
        }
        flags.addAll(nodeStates(s.nodeStates(), faulted, "during the load"));
        for (AnomalyCheck c : s.checks()) {
            if (c.checked() && c.ok() < MIN_OPERATIONS) {
                flags.add(new ValidityFlag("too-few-samples", f("%s: %d acknowledged operations (a workload needs %d "
                                + "before \"none found\" bounds its classes' rates)", c.workload(), c.ok(), MIN_OPERATIONS),
                        Map.of("operations", (double) c.ok(), "minOperations", (double) MIN_OPERATIONS)));
            }
        }
        return verdict(flags, s.host());
    }

    /**
     * @return one {@code unplanned-fault} flag per node and state that no scheduled fault names, with the time the node
     *         was in it
     */
    static List<ValidityFlag> nodeStates(List<ProbeNodeSpell> spells, Set<String> scheduled, String when) {
        List<ValidityFlag> flags = new ArrayList<>();
        for (ProbeNodeSpell p : spells == null ? List.<ProbeNodeSpell>of() : spells) {
            if (!scheduled.contains(p.node())) {
                flags.add(new ValidityFlag("unplanned-fault", f("%s was %s for %.1f s %s (seen from %.1f s to %.1f s "
                                + "of the probe) without a scheduled fault on it", p.node(), p.state(), p.seconds(), when,
                        p.firstSeenSeconds(), p.lastSeenSeconds()), Map.of("notSyncedSeconds", round(p.seconds()))));
            }
        }
        return flags;
    }

    private static Validity verdict(List<ValidityFlag> flags, HostWindow host) {
        return new Validity(flags, host == null ? null : host.hostCpuPercent(),
                host == null ? null : host.clientCpuPercentOfHost(), host != null && host.serverOnThisHost());
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
