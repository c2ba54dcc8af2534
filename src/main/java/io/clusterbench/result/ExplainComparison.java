package io.clusterbench.result;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * What changed in the servers' work between two or more results, per thread count and node (docs/metrics.md, "What
 * changed in the explain facts"): each side's median [min–max] over its repeats of the per-step explain figures —
 * server CPU µs per event, the on-CPU lock share, the lock wait per event, IPC (or why there is none) — and of the
 * functions and wait events whose median moved most from the baseline's. Each change carries the comparison rule of
 * {@link Verdict} without its better/worse words ({@link #rule}): a difference is called only when both sides have
 * at least {@link Verdict#MIN_RUNS} steps, their ranges do not overlap and the medians lie further apart than the
 * wider range is wide. Computed from the runs' explain facts only; the first result is the baseline.
 *
 * <p>Immutable.
 *
 * @param labels the results' labels, baseline first
 * @param points per thread count (ascending), then node (the baseline's node order); empty without explain facts
 */
public record ExplainComparison(List<String> labels, List<Point> points) {
    /** Functions and waits listed per point. */
    public static final int TOP = 5;
    /** The rule's words: both sides' ranges apart and the gap wider than the spread. */
    public static final String APART = "apart";
    /** The rule's words: not apart. */
    public static final String WITHIN_NOISE = "within noise";
    /** The rule's words: a side has fewer than {@link Verdict#MIN_RUNS} steps. */
    public static final String TOO_FEW = "too few runs";

    public ExplainComparison {
        labels = List.copyOf(labels);
        points = List.copyOf(points);
    }

    /**
     * One thread count on one node.
     *
     * @param threads           worker threads
     * @param node              the node's name
     * @param steps             per side, its steps at this thread count with explain facts for the node
     * @param cpuMicrosPerEvent per side, server CPU µs per event over its steps; null where it has none
     * @param lockSharePercent  per side, the on-CPU lock share (% of samples) over its profiled steps
     * @param lockWaitMicros    per side, lock wait µs per event (the wait profile's lock category, else InnoDB's
     *                          row-lock time)
     * @param ipc               per side, instructions per cycle
     * @param ipcAbsentReason   why no side has IPC (e.g. "not supported by this host"); null when one has
     * @param functions         the functions whose median self share (%) moved most from the baseline's
     * @param waits             the wait events whose median µs per event moved most
     */
    public record Point(int threads, String node, List<Integer> steps, List<Spread> cpuMicrosPerEvent,
                        List<Spread> lockSharePercent, List<Spread> lockWaitMicros, List<Spread> ipc,
                        String ipcAbsentReason, List<Named> functions, List<Named> waits) {
        public Point {
            steps = List.copyOf(steps);
            cpuMicrosPerEvent = java.util.Collections.unmodifiableList(new ArrayList<>(cpuMicrosPerEvent));
            lockSharePercent = java.util.Collections.unmodifiableList(new ArrayList<>(lockSharePercent));
            lockWaitMicros = java.util.Collections.unmodifiableList(new ArrayList<>(lockWaitMicros));
            ipc = java.util.Collections.unmodifiableList(new ArrayList<>(ipc));
            functions = List.copyOf(functions);
            waits = List.copyOf(waits);
        }
    }

    /**
     * A function or wait event with its spread per side (a step where it was not listed counts 0: below the 20 largest
     * self shares, or not among the leading waits).
     *
     * @param name    the function or wait event
     * @param spreads per side; null for a side without profiled (or waited) steps
     */
    public record Named(String name, List<Spread> spreads) {
        public Named {
            spreads = java.util.Collections.unmodifiableList(new ArrayList<>(spreads));
        }
    }

    /** One step's figures on one node. */
    private record Step(Double cpu, Double lockShare, Double lockWait, Double ipc, String ipcAbsent,
                        Map<String, Double> functions, Map<String, Double> waits) {
    }

    /**
     * @param results two or more results, baseline first
     * @return the comparison; no points when no result has explain facts
     */
    public static ExplainComparison of(List<NamedResult> results) {
        List<String> labels = results.stream().map(NamedResult::label).toList();
        Set<Integer> threads = new TreeSet<>();
        Set<String> nodes = new LinkedHashSet<>();
        List<Map<Integer, Map<String, List<Step>>>> sides = new ArrayList<>();
        for (NamedResult r : results) {
            Map<Integer, Map<String, List<Step>>> side = new LinkedHashMap<>();
            for (RunRecord run : r.measuredRuns()) {
                if (!SweepSummary.isRepeat(run) || !ExplainFacts.any(run)) {
                    continue;
                }
                for (String node : nodeNames(run)) {
                    side.computeIfAbsent(run.threads(), t -> new LinkedHashMap<>())
                            .computeIfAbsent(node, n -> new ArrayList<>()).add(step(run, node));
                    threads.add(run.threads());
                    if (sides.isEmpty()) {
                        nodes.add(node);
                    }
                }
            }
            sides.add(side);
        }
        List<Point> points = new ArrayList<>();
        for (int t : threads) {
            for (String node : nodes) {
                List<List<Step>> per = sides.stream().map(s -> s.getOrDefault(t, Map.of()).getOrDefault(node, List.of()))
                        .toList();
                if (per.get(0).isEmpty() || per.stream().skip(1).allMatch(List::isEmpty)) {
                    continue;
                }
                points.add(point(t, node, per));
            }
        }
        return new ExplainComparison(labels, points);
    }

    private static Point point(int threads, String node, List<List<Step>> per) {
        String ipcAbsent = per.stream().flatMap(List::stream).anyMatch(s -> s.ipc() != null) ? null
                : per.stream().flatMap(List::stream).map(Step::ipcAbsent).filter(java.util.Objects::nonNull).findFirst()
                .orElse(null);
        return new Point(threads, node, per.stream().map(List::size).toList(), spreads(per, Step::cpu),
                spreads(per, Step::lockShare), spreads(per, Step::lockWait), spreads(per, Step::ipc), ipcAbsent,
                moved(per, Step::functions, Step::lockShare), moved(per, Step::waits, Step::lockWait));
    }

    private static List<Spread> spreads(List<List<Step>> per, Function<Step, Double> f) {
        List<Spread> out = new ArrayList<>();
        for (List<Step> steps : per) {
            List<Double> v = steps.stream().map(f).filter(java.util.Objects::nonNull).toList();
            out.add(v.isEmpty() ? null : Spread.of(v));
        }
        return out;
    }

    /**
     * @param present a figure a step has only when it was profiled (or waited): such steps count a missing name as 0
     * @return the names whose median moved most from the baseline's (largest |median − baseline median| over the
     * sides), at most {@link #TOP}
     */
    private static List<Named> moved(List<List<Step>> per, Function<Step, Map<String, Double>> values,
                                     Function<Step, Double> present) {
        Set<String> names = new LinkedHashSet<>();
        per.forEach(steps -> steps.forEach(s -> names.addAll(values.apply(s).keySet())));
        List<Named> all = new ArrayList<>();
        Map<String, Double> moves = new LinkedHashMap<>();
        for (String name : names) {
            List<Spread> spreads = new ArrayList<>();
            for (List<Step> steps : per) {
                List<Double> v = steps.stream().filter(s -> present.apply(s) != null)
                        .map(s -> values.apply(s).getOrDefault(name, 0.0)).toList();
                spreads.add(v.isEmpty() ? null : Spread.of(v));
            }
            if (spreads.get(0) == null) {
                continue;
            }
            double move = 0;
            for (int i = 1; i < spreads.size(); i++) {
                if (spreads.get(i) != null) {
                    move = Math.max(move, Math.abs(spreads.get(i).median() - spreads.get(0).median()));
                }
            }
            all.add(new Named(name, spreads));
            moves.put(name, move);
        }
        all.sort(Comparator.comparingDouble((Named n) -> -moves.get(n.name())).thenComparing(Named::name));
        return all.subList(0, Math.min(TOP, all.size()));
    }

    private static Step step(RunRecord run, String node) {
        ServerResources.Node res = find(run.fact(FactKeys.SERVER_RESOURCES), ServerResources::nodes,
                ServerResources.Node::node, node);
        CpuProfile.Node p = find(run.fact(FactKeys.CPU_PROFILE), CpuProfile::nodes, CpuProfile.Node::node, node);
        WaitProfile.Node w = find(run.fact(FactKeys.WAIT_PROFILE), WaitProfile::nodes, WaitProfile.Node::node, node);
        HardwareCounters.Node h = find(run.fact(FactKeys.HARDWARE_COUNTERS), HardwareCounters::nodes,
                HardwareCounters.Node::node, node);
        Double cpu = res == null || res.perEvent() == null ? null : res.perEvent().cpuMicros();
        boolean profiled = p != null && p.absentReason() == null && p.samples() > 0;
        Map<String, Double> functions = new LinkedHashMap<>();
        if (profiled) {
            p.topSelf().forEach(f -> functions.put(f.name(), f.sharePercent()));
        }
        Double lockWait = null;
        Map<String, Double> waits = new LinkedHashMap<>();
        if (w != null && w.absentReason() == null && w.events() > 0) {
            WaitProfile.Category lock = w.category(WaitProfile.LOCK);
            Long micros = lock != null ? Long.valueOf(lock.waitMicros()) : w.rowLockWaitMicros();
            lockWait = micros == null ? null : micros / (double) w.events();
            w.leadingWaits().forEach(x -> waits.put(x.event(), x.waitMicros() / (double) w.events()));
        }
        Double ipc = h == null || h.derived() == null ? null : h.derived().ipc();
        String ipcAbsent = h == null || ipc != null ? null
                : h.absentReason() != null ? h.absentReason() : "cycles or instructions not counted";
        return new Step(cpu, profiled ? (p.lockSharePercent() == null ? 0.0 : p.lockSharePercent()) : null, lockWait,
                ipc, ipcAbsent, functions, waits);
    }

    private static List<String> nodeNames(RunRecord r) {
        ServerResources res = r.fact(FactKeys.SERVER_RESOURCES);
        WaitProfile w = r.fact(FactKeys.WAIT_PROFILE);
        CpuProfile p = r.fact(FactKeys.CPU_PROFILE);
        return res != null ? res.nodes().stream().map(ServerResources.Node::node).toList()
                : w != null ? w.nodes().stream().map(WaitProfile.Node::node).toList()
                : p != null ? p.nodes().stream().map(CpuProfile.Node::node).toList() : List.of();
    }

    private static <F, N> N find(F fact, Function<F, List<N>> nodes, Function<N, String> name, String node) {
        return fact == null ? null : nodes.apply(fact).stream().filter(n -> name.apply(n).equals(node)).findFirst()
                .orElse(null);
    }

    /**
     * The comparison rule of {@link Verdict} without better or worse (for figures where neither direction is better in
     * itself).
     *
     * @param base  the baseline's spread, or null
     * @param other the compared side's, or null
     * @return {@link #APART}, {@link #WITHIN_NOISE}, {@link #TOO_FEW}, or null when a side is missing
     */
    public static String rule(Spread base, Spread other) {
        if (base == null || other == null) {
            return null;
        }
        if (base.count() < Verdict.MIN_RUNS || other.count() < Verdict.MIN_RUNS) {
            return TOO_FEW;
        }
        double gap = Math.abs(other.median() - base.median());
        double width = Math.max(base.max() - base.min(), other.max() - other.min());
        return base.overlaps(other) || gap <= width ? WITHIN_NOISE : APART;
    }
}
