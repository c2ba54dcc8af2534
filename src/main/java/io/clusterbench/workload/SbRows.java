package io.clusterbench.workload;

import java.util.SplittableRandom;

/**
 * Multi-row INSERT text for tables shaped like sysbench's {@code sbtestN} ({@code id, k, c, pad}), with
 * explicit ids, so the rows a family writes are exactly the ids it chose (no auto-increment step on Galera).
 *
 * <p>Confined to one thread (it owns a {@link RandomText} buffer).
 */
public final class SbRows {
    private final RandomText text = new RandomText();
    private final StringBuilder sql = new StringBuilder(1 << 16);

    /**
     * @param table    table name (the caller's own table, never user input)
     * @param firstId  id of the first row
     * @param count    rows, &ge; 1
     * @param keyRange {@code k} is drawn from 1..keyRange, &ge; 1
     * @param rng      the caller's generator
     * @return {@code INSERT INTO table (id, k, c, pad) VALUES (...), ...} for ids firstId..firstId+count-1
     */
    public String insert(String table, long firstId, int count, int keyRange, SplittableRandom rng) {
        sql.setLength(0);
        sql.append("INSERT INTO ").append(table).append(" (id, k, c, pad) VALUES ");
        for (int i = 0; i < count; i++) {
            sql.append(i == 0 ? "(" : ",(").append(firstId + i).append(',').append(1 + rng.nextInt(keyRange))
                    .append(",'").append(text.next(rng, RandomText.C_GROUPS)).append("','")
                    .append(text.next(rng, RandomText.PAD_GROUPS)).append("')");
        }
        return sql.toString();
    }

    /**
     * @param idType SQL type of {@code id}, e.g. {@code INTEGER} or {@code BIGINT}
     * @return the CREATE TABLE text of an sbtest-shaped table with a secondary index on {@code k}
     */
    public static String createTable(String table, String idType, TableOptions tableOptions) {
        return "CREATE TABLE " + table + " (id " + idType + " NOT NULL, k INTEGER DEFAULT '0' NOT NULL, "
                + "c CHAR(120) DEFAULT '' NOT NULL, pad CHAR(60) DEFAULT '' NOT NULL, PRIMARY KEY (id), "
                + "KEY k_" + table + " (k)) " + tableOptions.clause();
    }
}
