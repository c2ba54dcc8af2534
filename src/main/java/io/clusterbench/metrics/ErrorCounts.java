package io.clusterbench.metrics;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Errors counted by vendor code and SQLSTATE, e.g. {@code "1213/40001"}.
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

    /** @return cumulative counts by {@code code/sqlstate}, sorted */
    public Map<String, Long> snapshot() {
        Map<String, Long> copy = new TreeMap<>();
        counts.forEach((k, v) -> copy.put(k, v.sum()));
        return copy;
    }

    /** @return the key under which an error is counted */
    public static String key(int vendorCode, String sqlState) {
        return sqlState == null || sqlState.isEmpty() ? Integer.toString(vendorCode) : vendorCode + "/" + sqlState;
    }
}
