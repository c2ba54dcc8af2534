package io.clusterbench.explain;

import io.clusterbench.result.WaitProfile;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The wait profile of one server between two {@link WaitSnapshot}s: deltas, never negative (a counter that went
 * down was reset: that entry is left out, a gap), grouped into the categories of docs/explain.md.
 *
 * <p>Thread-safe (stateless).
 */
final class WaitDeltas {
    /** Waits kept in the result, longest first. */
    static final int WAITS_KEPT = 50;
    /** Statements kept in the result, longest first. */
    static final int STATEMENTS_KEPT = 10;
    /** Leading waits kept. */
    static final int LEADING_KEPT = 10;

    private WaitDeltas() {
    }

    /**
     * @param a the reading at the measured start
     * @param b the reading at its end
     * @return the node's profile, not yet per event
     */
    static WaitProfile.Node between(String node, String endpoint, WaitSnapshot a, WaitSnapshot b) {
        Map<String, Long> status = new LinkedHashMap<>();
        for (String k : WaitSnapshot.STATUS) {
            Long d = delta(a.status().get(k), b.status().get(k));
            if (d != null) {
                status.put(k, d);
            }
        }
        Long rowLockMillis = metricDelta(a, b, "lock_row_lock_time");
        Long rowLockWaits = metricDelta(a, b, "lock_row_lock_waits");
        if (rowLockMillis == null) {
            rowLockMillis = status.get("Innodb_row_lock_time");
            rowLockWaits = status.get("Innodb_row_lock_waits");
        }
        Long rowLockMicros = rowLockMillis == null ? null : rowLockMillis * 1000;
        boolean ps = a.ps().usable() && b.ps().usable();
        List<WaitProfile.Wait> waits = ps ? waits(a, b) : List.of();
        List<WaitProfile.Wait> leading = new ArrayList<>();
        for (WaitProfile.Wait w : waits) {
            if (category(w.event()) != null) {
                leading.add(w);
            }
        }
        if (rowLockMicros != null) {
            leading.add(new WaitProfile.Wait(WaitProfile.ROW_LOCK, rowLockWaits == null ? 0 : rowLockWaits,
                    rowLockMicros, null, null));
        }
        leading.sort(Comparator.comparingLong(WaitProfile.Wait::waitMicros).reversed());
        List<WaitProfile.Metric> metrics = new ArrayList<>();
        List<String> disabled = new ArrayList<>();
        List<String> absent = new ArrayList<>();
        metrics(a, b, metrics, disabled, absent);
        List<String> sem = b.semaphores();
        int longWaits = (int) sem.stream().filter(l -> l.contains("has waited at")).count();
        return new WaitProfile.Node(node, endpoint, null, b.ps().record(), (b.atNanos() - a.atNanos()) / 1e9, status,
                rowLockMicros, ps ? categories(waits, rowLockMicros, b.ps()) : List.of(),
                leading.subList(0, Math.min(LEADING_KEPT, leading.size())),
                waits.subList(0, Math.min(WAITS_KEPT, waits.size())), ps ? statements(a, b) : List.of(), metrics,
                disabled, absent, new WaitProfile.Semaphores(longWaits, sem.subList(0, Math.min(20, sem.size()))), 0,
                (a.tookNanos() + b.tookNanos()) / 1_000_000);
    }

    /** @return the category of a performance_schema wait event, or null for one outside them (table handler, idle) */
    static String category(String event) {
        if (event.startsWith("wait/lock/") || event.startsWith("wait/synch/mutex/")
                || event.startsWith("wait/synch/rwlock/") || event.startsWith("wait/synch/sxlock/")) {
            return WaitProfile.LOCK;
        }
        if (event.startsWith("wait/io/file/")) {
            return WaitProfile.FILE_IO;
        }
        if (event.startsWith("wait/io/socket/")) {
            return WaitProfile.SOCKET_IO;
        }
        if (event.startsWith("wait/synch/cond/")) {
            return WaitProfile.CONDITION;
        }
        return null;
    }

    private static List<WaitProfile.Wait> waits(WaitSnapshot a, WaitSnapshot b) {
        List<WaitProfile.Wait> out = new ArrayList<>();
        b.waits().forEach((event, end) -> {
            long[] start = a.waits().getOrDefault(event, new long[]{0, 0});
            long count = end[0] - start[0];
            long picos = end[1] - start[1];
            if (!event.equals("idle") && count > 0 && picos >= 0) {
                out.add(new WaitProfile.Wait(event, count, picos / 1_000_000, null, null));
            }
        });
        out.sort(Comparator.comparingLong(WaitProfile.Wait::waitMicros).reversed()
                .thenComparing(WaitProfile.Wait::event));
        return out;
    }

    /**
     * Sums the waits per category; a category none of whose instruments is enabled and timed is left out (it was
     * not measured, which is not zero). The lock category also holds InnoDB's row-lock time.
     */
    private static List<WaitProfile.Category> categories(List<WaitProfile.Wait> waits, Long rowLockMicros,
                                                         PerfSchemaState ps) {
        Map<String, Long> sum = new LinkedHashMap<>();
        sum.put(WaitProfile.LOCK, rowLockMicros == null ? 0 : rowLockMicros);
        if (!ps.notInstrumented().contains("wait/io/file")) {
            sum.put(WaitProfile.FILE_IO, 0L);
        }
        if (!ps.notInstrumented().contains("wait/io/socket")) {
            sum.put(WaitProfile.SOCKET_IO, 0L);
        }
        if (!ps.notInstrumented().contains("wait/synch/cond")) {
            sum.put(WaitProfile.CONDITION, 0L);
        }
        for (WaitProfile.Wait w : waits) {
            String c = category(w.event());
            if (c != null && sum.containsKey(c)) {
                sum.merge(c, w.waitMicros(), Long::sum);
            }
        }
        long total = sum.values().stream().mapToLong(Long::longValue).sum();
        List<WaitProfile.Category> out = new ArrayList<>();
        sum.forEach((name, micros) -> out.add(new WaitProfile.Category(name, micros,
                total == 0 ? 0 : round(100.0 * micros / total), null)));
        out.sort(Comparator.comparingLong(WaitProfile.Category::waitMicros).reversed());
        return out;
    }

    private static List<WaitProfile.Statement> statements(WaitSnapshot a, WaitSnapshot b) {
        Map<String, long[]> byText = new LinkedHashMap<>(); // count, time, lock, examined, sent, errors
        Map<String, WaitSnapshot.StatementRow> first = new LinkedHashMap<>();
        boolean itemised = b.statements().entrySet().stream().anyMatch(e -> e.getKey().startsWith("p:")
                && e.getValue().count() > (a.statements().containsKey(e.getKey())
                ? a.statements().get(e.getKey()).count() : 0));
        b.statements().forEach((key, end) -> {
            if (itemised && key.equals(WaitSnapshot.EXECUTE_KEY)) {
                return; // the instances name them: the sum of all executions would count them twice
            }
            WaitSnapshot.StatementRow start = a.statements().get(key);
            long[] d = start == null ? new long[]{end.count(), end.timerPicos(), end.lockPicos(), end.rowsExamined(),
                    end.rowsSent(), end.errors()}
                    : new long[]{end.count() - start.count(), end.timerPicos() - start.timerPicos(),
                    end.lockPicos() - start.lockPicos(), end.rowsExamined() - start.rowsExamined(),
                    end.rowsSent() - start.rowsSent(), end.errors() - start.errors()};
            if (d[0] <= 0 || d[1] < 0) {
                return; // nothing ran, or the summary was reset (a gap)
            }
            String k = end.schema() + "\u0000" + end.digest() + "\u0000" + end.text(); // prepared: one row per text
            first.putIfAbsent(k, end);
            long[] sum = byText.computeIfAbsent(k, x -> new long[6]);
            for (int i = 0; i < 6; i++) {
                sum[i] += Math.max(0, d[i]);
            }
        });
        long total = byText.values().stream().mapToLong(v -> v[1]).sum();
        List<WaitProfile.Statement> out = new ArrayList<>();
        byText.forEach((k, v) -> {
            WaitSnapshot.StatementRow r = first.get(k);
            out.add(new WaitProfile.Statement(r.schema(), r.digest(), r.text(), v[0], v[1] / 1_000_000,
                    v[2] / 1_000_000, v[3], v[4], v[5], total == 0 ? 0 : round(100.0 * v[1] / total), null, null));
        });
        out.sort(Comparator.comparingLong(WaitProfile.Statement::timeMicros).reversed()
                .thenComparing(WaitProfile.Statement::text));
        return out.subList(0, Math.min(STATEMENTS_KEPT, out.size()));
    }

    private static void metrics(WaitSnapshot a, WaitSnapshot b, List<WaitProfile.Metric> out, List<String> disabled,
                                List<String> absent) {
        for (String name : WaitSnapshot.METRICS) {
            WaitSnapshot.MetricRow end = b.metrics().get(name);
            WaitSnapshot.MetricRow start = a.metrics().get(name);
            if (end == null) {
                absent.add(name);
            } else if (!end.enabled() || start == null || !start.enabled()) {
                disabled.add(name);
            } else {
                boolean gauge = WaitSnapshot.GAUGES.contains(name);
                long d = end.count() - start.count();
                out.add(new WaitProfile.Metric(name, end.subsystem(), gauge, start.count(), end.count(),
                        gauge || d >= 0 ? d : null, null));
            }
        }
    }

    private static Long metricDelta(WaitSnapshot a, WaitSnapshot b, String name) {
        WaitSnapshot.MetricRow x = a.metrics().get(name);
        WaitSnapshot.MetricRow y = b.metrics().get(name);
        return x == null || y == null || !x.enabled() || !y.enabled() ? null : delta(x.count(), y.count());
    }

    private static Long delta(Long a, Long b) {
        return a == null || b == null || b < a ? null : b - a;
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
