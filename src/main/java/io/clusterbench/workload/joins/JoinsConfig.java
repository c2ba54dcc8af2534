package io.clusterbench.workload.joins;

import io.clusterbench.workload.Distribution;

/**
 * Options of the joins family. Immutable (the counts array is copied in and never exposed).
 *
 * @param tables        number of main tables {@code main1..N} (&ge; 1); the five level tables are shared
 * @param tableSize     rows per table, main and level alike (&ge; 0)
 * @param counts        runs per event of each scenario, indexed by {@link JoinScenario#ordinal()}, each &ge; 0
 * @param indexUpdates  {@code index_updates} statements per event (&ge; 0)
 * @param deleteInserts {@code delete_inserts} DELETE + INSERT pairs per event (&ge; 0)
 * @param forcing       form of the {@code *_forcing_order} variants, or null for auto (hint on MySQL,
 *                      STRAIGHT_JOIN on MariaDB)
 * @param verifyPlans   capture and check every enabled scenario's plan before the run
 * @param tableOptions  storage engine and extra CREATE TABLE options of the tables
 * @param distribution  key distribution of {@code delete_inserts} ids ({@code --rand-type})
 */
public record JoinsConfig(int tables, int tableSize, int[] counts, int indexUpdates, int deleteInserts,
                          JoinSql.Form forcing, boolean verifyPlans, io.clusterbench.workload.TableOptions tableOptions,
                          Distribution distribution) {

    /** Copies {@code counts}; @throws IllegalArgumentException when it has not one entry per scenario */
    public JoinsConfig {
        if (counts.length != JoinScenario.values().length) {
            throw new IllegalArgumentException("counts has " + counts.length + " entries, expected "
                    + JoinScenario.values().length);
        }
        counts = counts.clone();
    }

    /** @return runs per event of {@code s} */
    public int count(JoinScenario s) {
        return counts[s.ordinal()];
    }

    /** @return true when an event runs any statement that changes rows */
    public boolean writes() {
        if (indexUpdates > 0 || deleteInserts > 0) {
            return true;
        }
        for (JoinScenario s : JoinScenario.values()) {
            if (s.kind() == JoinScenario.Kind.WRITE && count(s) > 0) {
                return true;
            }
        }
        return false;
    }

    /** @return true when an event runs at least one statement */
    public boolean anyEnabled() {
        for (int c : counts) {
            if (c > 0) {
                return true;
            }
        }
        return indexUpdates > 0 || deleteInserts > 0;
    }
}
