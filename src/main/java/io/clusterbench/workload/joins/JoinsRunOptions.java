package io.clusterbench.workload.joins;

import io.clusterbench.workload.WorkloadOptions;
import io.clusterbench.workload.oltp.OltpConfig;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The options a joins run records: the OLTP family's options it shares ({@code --tables}, {@code --table-size},
 * the statement counts as sysbench names them), its own configuration and {@code --join-forcing} as given.
 * Immutable.
 *
 * @param oltp        the OLTP options (only the table options and the two write counts act on a joins run)
 * @param joins       the joins configuration the workload runs
 * @param joinForcing {@code --join-forcing} as written ({@code auto}, {@code hint}, {@code straight_join})
 */
public record JoinsRunOptions(OltpConfig oltp, JoinsConfig joins, String joinForcing) implements WorkloadOptions {

    /** The OLTP options a joins run reads itself; the two write counts are recorded from {@link JoinsConfig}. */
    private static final java.util.Set<String> OLTP_FIELDS = java.util.Set.of("--tables", "--table-size",
            "--storage-engine");

    /** @return the OLTP fields that act on joins (tables, tableSize, storageEngine, tableOptions), then scenarios (enabled ones, name to runs per event), the write counts, forcing, verifyPlans */
    @Override
    public Map<String, Object> resultFields() {
        Map<String, Object> m = new LinkedHashMap<>(oltp.resultFields(OLTP_FIELDS::contains));
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (JoinScenario s : JoinScenario.values()) {
            if (joins.count(s) > 0) {
                counts.put(s.scenarioName(), joins.count(s));
            }
        }
        m.put("scenarios", counts);
        m.put("indexUpdates", joins.indexUpdates());
        m.put("deleteInserts", joins.deleteInserts());
        m.put("joinForcing", joinForcing);
        m.put("verifyPlans", joins.verifyPlans());
        return m;
    }
}
