package io.clusterbench.result;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * The one read API of an interval's observer figures ({@link IntervalRecord#observed()}, written as
 * {@code intervals[].observed} in result.json): the figures each observer took for the interval, by the observer's
 * name, each a map of figure name → value (numbers with their unit in the name, e.g. {@code QuestionsPerSecond},
 * {@code flowControlSentMessages}; docs/metrics.md defines each). Observers that watch several nodes hold one such
 * map per node ({@code serverNodes} directly, {@code galera} under {@code nodes}). The serialised map stays as it is;
 * every reader outside the serialiser goes through this class, so the shapes are known in one place and a figure
 * that is absent or of another type reads as absent, never as a cast failure. Immutable view; thread-safe when the
 * underlying map is not modified.
 */
public final class Observations {
    /** Observer names whose figures the tool reads back. */
    public static final String SERVER = "server";
    /** Per-node server status figures: node name → figures. */
    public static final String SERVER_NODES = "serverNodes";
    /** Galera figures: cluster-wide ones, and per node under {@link #NODES}. */
    public static final String GALERA = "galera";
    /** The fault schedule's actions in the interval ({@link #FAULTS_STARTED}). */
    public static final String FAULTS = "faults";
    /** The DDL and big-transaction stall per node. */
    public static final String STALL = "stall";
    /** The key under which an observer holds its per-node figures. */
    public static final String NODES = "nodes";
    /** The key of {@link #FAULTS} listing the actions that began in the interval, e.g. {@code "12.00 kill n3"}. */
    public static final String FAULTS_STARTED = "started";
    private static final Observations NONE = new Observations(Map.of());

    private final Map<String, Object> byObserver;

    private Observations(Map<String, Object> byObserver) {
        this.byObserver = byObserver;
    }

    /**
     * @param observed an interval's observer figures as stored; null for none
     * @return the view
     */
    public static Observations of(Map<String, Object> observed) {
        return observed == null || observed.isEmpty() ? NONE : new Observations(Collections.unmodifiableMap(observed));
    }

    /** @return the view of {@code interval}'s figures */
    public static Observations of(IntervalRecord interval) {
        return of(interval.observed());
    }

    /** @return true when no observer took figures for the interval */
    public boolean isEmpty() {
        return byObserver.isEmpty();
    }

    /** @return the names of the observers with figures, in the stored order */
    public Set<String> observers() {
        return byObserver.keySet();
    }

    /** @return true when {@code observer} took figures for the interval */
    public boolean has(String observer) {
        return byObserver.get(observer) instanceof Map<?, ?>;
    }

    /**
     * @param observer an observer's name
     * @return its figures, name → value (numbers, strings, lists, maps), in the stored order; empty when it has none
     */
    public Map<String, Object> figures(String observer) {
        return asMap(byObserver.get(observer));
    }

    /** @return the numeric figures of {@code observer}, name → value, in the stored order; empty when none */
    public Map<String, Double> numbers(String observer) {
        return numbersOf(byObserver.get(observer));
    }

    /** @return the figure {@code observer.key} when it is a number; empty otherwise */
    public OptionalDouble number(String observer, String key) {
        return figures(observer).get(key) instanceof Number n ? OptionalDouble.of(n.doubleValue()) : OptionalDouble.empty();
    }

    /**
     * @param observer {@link #SERVER_NODES} (whose figures are per node) or an observer holding its per-node figures
     *                 under {@link #NODES} (e.g. {@link #GALERA})
     * @return node name → that node's figures (name → value), in the stored order; empty when it has none
     */
    public Map<String, Map<String, Object>> nodes(String observer) {
        Object perNode = observer.equals(SERVER_NODES) ? byObserver.get(observer) : figures(observer).get(NODES);
        Map<String, Map<String, Object>> out = new LinkedHashMap<>();
        asMap(perNode).forEach((node, figures) -> {
            if (figures instanceof Map<?, ?>) {
                out.put(node, asMap(figures));
            }
        });
        return out;
    }

    /** @return node name → that node's numeric figures, as {@link #nodes} with only the numbers */
    public Map<String, Map<String, Double>> nodeNumbers(String observer) {
        Map<String, Map<String, Double>> out = new LinkedHashMap<>();
        nodes(observer).forEach((node, figures) -> out.put(node, numbersOf(figures)));
        return out;
    }

    /** @return every observer that holds per-node figures under {@link #NODES}, name → node → figures */
    public Map<String, Map<String, Map<String, Object>>> nodesOfEveryObserver() {
        Map<String, Map<String, Map<String, Object>>> out = new LinkedHashMap<>();
        for (String observer : byObserver.keySet()) {
            if (!observer.equals(SERVER_NODES) && figures(observer).get(NODES) instanceof Map<?, ?>) {
                out.put(observer, nodes(observer));
            }
        }
        return out;
    }

    /** @return the fault actions that began in the interval ({@code faults.started}), as written; empty for none */
    public List<String> faultsStarted() {
        List<String> out = new ArrayList<>();
        if (figures(FAULTS).get(FAULTS_STARTED) instanceof List<?> started) {
            started.forEach(x -> out.add(String.valueOf(x)));
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asMap(Object o) {
        if (!(o instanceof Map<?, ?> m)) {
            return Map.of();
        }
        boolean stringKeys = m.keySet().stream().allMatch(k -> k instanceof String);
        if (stringKeys) {
            return Collections.unmodifiableMap((Map<String, Object>) m);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        m.forEach((k, v) -> out.put(String.valueOf(k), v));
        return Collections.unmodifiableMap(out);
    }

    private static Map<String, Double> numbersOf(Object figures) {
        Map<String, Double> out = new LinkedHashMap<>();
        asMap(figures).forEach((k, v) -> {
            if (v instanceof Number n) {
                out.put(k, n.doubleValue());
            }
        });
        return out;
    }
}
