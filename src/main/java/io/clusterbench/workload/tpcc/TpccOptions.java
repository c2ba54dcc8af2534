package io.clusterbench.workload.tpcc;

import io.clusterbench.UserException;
import io.clusterbench.workload.OnOff;
import io.clusterbench.workload.TableOptions;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Options of the {@code tpcc} workload with sysbench-tpcc's names ({@code --scale}, {@code --use_fk},
 * {@code --trx_level}, {@code --enable_purge}; underscores are accepted). {@code --tables} and
 * {@code --storage-engine} are shared with the OLTP options: picocli mixin.
 *
 * <p>Confined to the command's thread.
 */
public final class TpccOptions {
    @Option(names = "--scale", paramLabel = "WAREHOUSES", defaultValue = "1",
            description = "tpcc: warehouses in each table set (every set holds all of them). "
                    + "Default: ${DEFAULT-VALUE} (sysbench-tpcc's is 100).")
    int scale = 1;

    @Option(names = "--use-fk", paramLabel = "on|off", defaultValue = "on", arity = "0..1", fallbackValue = "on",
            description = "tpcc: create the foreign keys; the run then keeps foreign_key_checks on. "
                    + "Default: ${DEFAULT-VALUE}.")
    String useFk = "on";

    @Option(names = "--trx-level", paramLabel = "RR|RC|SER", defaultValue = "RR",
            description = "tpcc: isolation level of the run connections. Default: ${DEFAULT-VALUE}.")
    String trxLevel = "RR";

    @Option(names = "--enable-purge", paramLabel = "on|off", defaultValue = "off", arity = "0..1",
            fallbackValue = "on",
            description = "tpcc: add the purge transaction (weight 4) that deletes delivered orders. "
                    + "Default: ${DEFAULT-VALUE}.")
    String enablePurge = "off";

    @Option(names = "--weights", paramLabel = "NO,P,OS,D,SL[,PURGE]|name=W,...",
            description = "tpcc: transaction mix weights, in the order new_order, payment, order_status, "
                    + "delivery, stock_level[, purge], or name=weight pairs. Default: 45,43,4,4,4 (purge 4).")
    String weights;

    @Option(names = "--home-warehouse", paramLabel = "fixed|random", defaultValue = "fixed",
            description = "tpcc: fixed = each thread keeps one home warehouse and table set (thread k: "
                    + "warehouse k mod scale + 1), as TPC-C terminals; random = a random one per transaction, "
                    + "as sysbench-tpcc. Default: ${DEFAULT-VALUE}.")
    String homeWarehouse = "fixed";

    @Option(names = "--force-pk", paramLabel = "on|off", defaultValue = "off", arity = "0..1", fallbackValue = "on",
            description = "tpcc prepare: give history an AUTO_INCREMENT primary key 'id' (sysbench-tpcc "
                    + "--force_pk; wanted by Galera and Group Replication). Default: ${DEFAULT-VALUE}.")
    String forcePk = "off";

    @Option(names = "--load-from-scale", paramLabel = "WAREHOUSE", defaultValue = "1",
            description = "tpcc prepare: first warehouse to load; > 1 resumes a failed load (rows of that "
                    + "warehouse and above are deleted and loaded again). Default: ${DEFAULT-VALUE}.")
    int loadFromScale = 1;

    /**
     * @param tables        {@code --tables}
     * @param tableOptions  {@code --storage-engine} and {@code --table-options}
     * @return the workload configuration
     * @throws UserException listing every invalid value
     */
    public TpccConfig toConfig(int tables, TableOptions tableOptions) {
        List<String> problems = new ArrayList<>();
        if (scale < 1 || scale > 32767) {
            problems.add("--scale must be 1-32767 warehouses (got " + scale + ")");
        }
        if (OnOff.parse(useFk) == null) {
            problems.add("--use-fk must be on or off (got '" + useFk + "')");
        }
        if (OnOff.parse(forcePk) == null) {
            problems.add("--force-pk must be on or off (got '" + forcePk + "')");
        }
        if (OnOff.parse(enablePurge) == null) {
            problems.add("--enable-purge must be on or off (got '" + enablePurge + "')");
        }
        TpccConfig.Isolation isolation = TpccConfig.Isolation.parse(trxLevel);
        if (isolation == null) {
            problems.add("--trx-level must be RR, RC or SER (got '" + trxLevel + "')");
        }
        if (!homeWarehouse.equals("fixed") && !homeWarehouse.equals("random")) {
            problems.add("--home-warehouse must be fixed or random (got '" + homeWarehouse + "')");
        }
        if (loadFromScale < 1 || loadFromScale > Math.max(1, scale)) {
            problems.add("--load-from-scale must be 1-" + scale + " (got " + loadFromScale + ")");
        }
        if (!problems.isEmpty()) {
            throw new UserException("invalid options: " + String.join("; ", problems), "see --help");
        }
        boolean purge = OnOff.parse(enablePurge);
        return new TpccConfig(scale, tables, OnOff.parse(useFk), isolation, purge, TxMix.parse(weights, purge),
                homeWarehouse.equals("fixed"), loadFromScale, tableOptions, OnOff.parse(forcePk));
    }}
