package io.clusterbench.metrics;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Errors counted by vendor code and SQLSTATE, e.g. {@code "1213/40001"}, and for a failed statement also by where
 * it failed (the statement class and the event's type, see {@link #count(String, int, int)}). One error is one
 * increment, so the code view ({@link #snapshot()}) and the place view ({@link #places}) of one {@link #detail()}
 * always agree.
 *
 * <p>Thread-safe: any worker may count; errors are rare, so a concurrent map is fine here.
 */
public final class ErrorCounts {
    private final ConcurrentHashMap<String, LongAdder> counts = new ConcurrentHashMap<>();

    /**
     * @param vendorCode server or client error number
     * @param sqlState   SQLSTATE, or "" when unknown
     */
    public void count(int vendorCode, String sqlState) {
        counts.computeIfAbsent(key(vendorCode, sqlState), k -> new LongAdder()).increment();
    }

    /** @param key the failure's own key (e.g. a causal-read timeout's, see {@code DbFailure.countKey()}) */
    public void count(String key) {
        counts.computeIfAbsent(key, k -> new LongAdder()).increment();
    }

    /**
     * Counts a failed statement with where it failed.
     *
     * @param key            the failure's key ({@code code/sqlstate})
     * @param statementClass index into the workload's statement classes of the statement that failed, {@link #COMMIT}
     *                       for the event's COMMIT, -1 unknown
     * @param eventClass     index into the statement classes of the event's type (TPC-C transaction type), -1 none
     */
    public void count(String key, int statementClass, int eventClass) {
        counts.computeIfAbsent(key + PLACE + statementClass + PLACE + eventClass, k -> new LongAdder()).increment();
    }

    /** @return cumulative counts by {@code code/sqlstate}, sorted */
    public Map<String, Long> snapshot() {
        return byCode(detail());
    }

    /** @return cumulative counts by their full key (code, and place where known), for {@link #byCode}/{@link #places} */
    public Map<String, Long> detail() {
        Map<String, Long> copy = new TreeMap<>();
        counts.forEach((k, v) -> copy.put(k, v.sum()));
        return copy;
    }

    /** @return {@code detail} summed by {@code code/sqlstate}, sorted */
    public static Map<String, Long> byCode(Map<String, Long> detail) {
        Map<String, Long> out = new TreeMap<>();
        detail.forEach((k, v) -> {
            int i = k.indexOf(PLACE);
            out.merge(i < 0 ? k : k.substring(0, i), v, Long::sum);
        });
        return out;
    }

    /**
     * @param detail  counts from {@link #detail()} (or a difference of two)
     * @param classes the workload's statement class names
     * @param event   true for the event type view, false for the failed statement's class
     * @return {@code code/sqlstate} → class name → count, for errors counted with a place: {@code commit} for a
     *         COMMIT, {@code unknown} for a statement the session did not name; in the event view, events without
     *         a type are left out
     */
    public static Map<String, Map<String, Long>> places(Map<String, Long> detail, java.util.List<String> classes,
                                                        boolean event) {
        Map<String, Map<String, Long>> out = new TreeMap<>();
        detail.forEach((k, v) -> {
            String[] parts = k.split(PLACE, -1);
            if (parts.length == 3 && v != 0) {
                int c = Integer.parseInt(parts[event ? 2 : 1]);
                String name = c == COMMIT ? "commit" : c >= 0 && c < classes.size() ? classes.get(c)
                        : event ? null : "unknown";
                if (name != null) {
                    out.computeIfAbsent(parts[0], x -> new TreeMap<>()).merge(name, v, Long::sum);
                }
            }
        });
        return out;
    }

    /** Statement class of a failure on the event's COMMIT (the workload SPI's {@code Session.COMMIT}). */
    public static final int COMMIT = -2;
    /** Separates a key from its place in {@link #detail()}. */
    private static final String PLACE = "@";

    /** @return the key under which an error is counted */
    public static String key(int vendorCode, String sqlState) {
        return sqlState == null || sqlState.isEmpty() ? Integer.toString(vendorCode) : vendorCode + "/" + sqlState;
    }
}
