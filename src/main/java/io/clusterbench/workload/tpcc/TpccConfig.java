package io.clusterbench.workload.tpcc;

import io.clusterbench.workload.TableOptions;
import io.clusterbench.workload.WorkloadOptions;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Options of the TPC-C derivative, with sysbench-tpcc's names and defaults where it has them.
 *
 * <p>Immutable.
 *
 * @param scale          warehouses in each table set ({@code --scale}), &ge; 1
 * @param tables         table sets ({@code --tables}); each set holds all {@code scale} warehouses, so the
 *                       database holds {@code scale × tables} warehouses in total
 * @param useFk          create the foreign keys, and keep {@code foreign_key_checks} on during the run
 * @param isolation      transaction isolation of every run connection ({@code --trx-level})
 * @param enablePurge    add the purge transaction to the mix ({@code --enable-purge})
 * @param mix            transaction weights ({@code --weights})
 * @param fixedHome      true: each worker keeps one home warehouse and table set (TPC-C terminals);
 *                       false: a random warehouse and set per transaction (sysbench-tpcc's behaviour)
 * @param loadFromScale  prepare: first warehouse to load, 1 for a full load; &gt; 1 resumes a failed load
 * @param tableOptions   storage engine and extra CREATE TABLE options of the tables
 * @param forcePk        give history an AUTO_INCREMENT primary key {@code id} ({@code --force-pk}; Galera and
 *                       Group Replication want a primary key on every table)
 */
public record TpccConfig(int scale, int tables, boolean useFk, Isolation isolation, boolean enablePurge, TxMix mix,
                         boolean fixedHome, int loadFromScale, TableOptions tableOptions, boolean forcePk) implements WorkloadOptions {

    /** The configuration without a history primary key (sysbench-tpcc's default layout). */
    public TpccConfig(int scale, int tables, boolean useFk, Isolation isolation, boolean enablePurge, TxMix mix,
                      boolean fixedHome, int loadFromScale, String storageEngine) {
        this(scale, tables, useFk, isolation, enablePurge, mix, fixedHome, loadFromScale,
                new TableOptions(storageEngine, ""), false);
    }

    /** Districts per warehouse (TPC-C 4.3.3.1). */
    public static final int DISTRICTS = 10;
    /** Customers per district. */
    public static final int CUSTOMERS = 3000;
    /** Rows of the item table, and of the stock table per warehouse. */
    public static final int ITEMS = 100_000;
    /** Orders loaded per district; orders above {@value #FIRST_NEW_ORDER} - 1 are undelivered. */
    public static final int ORDERS = 3000;
    /** First order id loaded as undelivered (in new_orders). */
    public static final int FIRST_NEW_ORDER = 2101;

    /** @return scale, sets, warehouses, FKs, isolation, purge, weights, home warehouse, force-pk as result.json records them */
    @Override
    public Map<String, Object> resultFields() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("scale", scale);
        m.put("tables", tables);
        m.put("warehousesTotal", totalWarehouses());
        m.put("useFk", useFk);
        m.put("trxLevel", isolation.name());
        m.put("enablePurge", enablePurge);
        m.put("weights", mix.toString());
        m.put("homeWarehouse", fixedHome ? "fixed" : "random");
        m.put("forcePk", forcePk);
        tableOptions.putResultFields(m);
        return m;
    }

    /** @return warehouses over every table set: {@code scale × tables} */
    public long totalWarehouses() {
        return (long) scale * tables;
    }

    /** {@code --trx-level}: the session isolation of run connections. */
    public enum Isolation {
        /** REPEATABLE READ (the default, as sysbench-tpcc). */
        RR("REPEATABLE READ"),
        /** READ COMMITTED. */
        RC("READ COMMITTED"),
        /** SERIALIZABLE. */
        SER("SERIALIZABLE");

        private final String sql;

        Isolation(String sql) {
            this.sql = sql;
        }

        /** @return the level as SQL spells it, e.g. {@code READ COMMITTED} */
        public String sql() {
            return sql;
        }

        /** @return the level for {@code RR|RC|SER} (case-insensitive), or null */
        public static Isolation parse(String s) {
            try {
                return valueOf(s.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException | NullPointerException e) {
                return null;
            }
        }
    }
}
