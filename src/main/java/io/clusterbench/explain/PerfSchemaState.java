package io.clusterbench.explain;

import io.clusterbench.result.WaitProfile;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What performance_schema can measure on one server: whether it is on, which of the consumers the wait profile
 * needs are off, and which instrument classes have no instrument enabled and timed. Read-only: the tool never
 * changes these settings (docs/explain.md says how).
 *
 * <p>Immutable.
 *
 * @param enabled         {@code @@performance_schema}
 * @param consumersOff    needed consumers that are off, in {@link #CONSUMERS} order
 * @param notInstrumented instrument classes of {@link #CHEAP_CLASSES} and {@link #COSTLY_CLASSES} with no instrument
 *                        enabled and timed
 */
record PerfSchemaState(boolean enabled, List<String> consumersOff, List<String> notInstrumented) {
    /** Consumers the summaries need: global and per-thread aggregation, and statement digests. */
    static final List<String> CONSUMERS = List.of("global_instrumentation", "thread_instrumentation",
            "statements_digest");
    /** Instrument classes on by default (MariaDB 10.11, MySQL 8): the wait profile relies on them. */
    static final List<String> CHEAP_CLASSES = List.of("wait/io/file", "wait/io/table", "wait/lock/table",
            "statement/sql");
    /**
     * Instrument classes off by default because timing them costs throughput (every mutex and rw-lock acquisition,
     * every socket read); the profile names them as not measured and never turns them on.
     */
    static final List<String> COSTLY_CLASSES = List.of("wait/synch/mutex", "wait/synch/rwlock", "wait/synch/sxlock",
            "wait/synch/cond", "wait/io/socket", "wait/lock/metadata");

    PerfSchemaState {
        consumersOff = List.copyOf(consumersOff);
        notInstrumented = List.copyOf(notInstrumented);
    }

    /** A server whose performance_schema is off. */
    static final PerfSchemaState OFF = new PerfSchemaState(false, List.of(), List.of());

    /**
     * @return the state of the server behind {@code c}
     * @throws SQLException when the server fails a query (a server without {@code @@performance_schema} is off)
     */
    static PerfSchemaState read(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            boolean on;
            try (ResultSet rs = s.executeQuery("SELECT @@performance_schema")) {
                on = rs.next() && rs.getInt(1) == 1;
            } catch (SQLException unknownVariable) {
                return OFF;
            }
            if (!on) {
                return OFF;
            }
            List<String> consumersOff = new ArrayList<>(CONSUMERS);
            try (ResultSet rs = s.executeQuery("SELECT NAME, ENABLED FROM performance_schema.setup_consumers")) {
                while (rs.next()) {
                    if ("YES".equalsIgnoreCase(rs.getString(2))) {
                        consumersOff.remove(rs.getString(1));
                    }
                }
            }
            Map<String, Integer> timed = new LinkedHashMap<>();
            try (ResultSet rs = s.executeQuery("SELECT IF(NAME LIKE 'statement/%', SUBSTRING_INDEX(NAME, '/', 2), SUBSTRING_INDEX(NAME, '/', 3)) AS k, "
                    + "SUM(ENABLED = 'YES' AND TIMED = 'YES') FROM performance_schema.setup_instruments "
                    + "WHERE NAME LIKE 'wait/%' OR NAME LIKE 'statement/sql/%' GROUP BY k")) {
                while (rs.next()) {
                    timed.merge(rs.getString(1), rs.getInt(2), Integer::sum);
                }
            }
            List<String> off = new ArrayList<>();
            for (String k : concat(CHEAP_CLASSES, COSTLY_CLASSES)) {
                if (timed.getOrDefault(k, 0) == 0) {
                    off.add(k);
                }
            }
            return new PerfSchemaState(true, consumersOff, off);
        }
    }

    /** @return the cheap classes that are off: the profile misses what it should have by default */
    List<String> cheapOff() {
        return notInstrumented.stream().filter(CHEAP_CLASSES::contains).toList();
    }

    /** @return the costly classes that are off (the servers' default) */
    List<String> costlyOff() {
        return notInstrumented.stream().filter(COSTLY_CLASSES::contains).toList();
    }

    /** @return true when the wait and statement summaries can be read and change */
    boolean usable() {
        return enabled && !consumersOff.contains("global_instrumentation");
    }

    /** @return the result's form */
    WaitProfile.PerformanceSchema record() {
        return new WaitProfile.PerformanceSchema(enabled, consumersOff, notInstrumented);
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
