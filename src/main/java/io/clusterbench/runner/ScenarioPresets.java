package io.clusterbench.runner;

import java.util.List;
import java.util.Map;

/**
 * The built-in scenario sets of {@code run --scenario-preset}, as scenario-file lines (docs/usage.md,
 * "Training mix", says what each runs and why).
 *
 * <p>Thread-safe (immutable).
 */
public final class ScenarioPresets {
    /**
     * {@code training}: a broad load for profile collection (PGO, AutoFDO) on one schema: every OLTP variant on the
     * sbtest tables, TPC-C, the joins, DDL on the ddl family's own tables, short-lived connections, a hot spot whose
     * deadlocks and lock-wait timeouts take the error and rollback paths, and one open-loop scenario; 54 threads,
     * plus the run's own.
     */
    static final List<String> TRAINING = List.of(
            "point=oltp_point_select:8",
            "readonly=oltp_read_only:4",
            "readwrite=oltp_read_write:8",
            "writeonly=oltp_write_only:4",
            "updindex=oltp_update_index:2",
            "updnonindex=oltp_update_non_index:2",
            "inserts=oltp_insert:2",
            "deletes=oltp_delete:1:50",
            "tpcc=tpcc:8",
            "joins=joins:2 --scenarios all",
            "ddl=ddl:1",
            "reconnects=oltp_point_select:4 --reconnect 10",
            "hotspot=oltp_read_write:8 --table-size 16 --ignore-errors 1213,1205,1020,1062");

    private static final Map<String, List<String>> PRESETS = Map.of("training", TRAINING);

    private ScenarioPresets() {
    }

    /** @return the preset's scenario lines, or null for an unknown name */
    public static List<String> lines(String name) {
        return PRESETS.get(name);
    }

    /** @return every preset name */
    public static List<String> names() {
        return PRESETS.keySet().stream().sorted().toList();
    }
}
