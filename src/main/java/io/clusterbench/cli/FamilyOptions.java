package io.clusterbench.cli;

import io.clusterbench.UserException;
import io.clusterbench.workload.bigtrx.BigtrxConfig;
import io.clusterbench.workload.bigtrx.BigtrxOp;
import io.clusterbench.workload.ddl.DdlConfig;
import io.clusterbench.workload.ddl.DdlKind;
import io.clusterbench.workload.ddl.OsuMethod;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;

/**
 * Options of the ddl and bigtrx families and of the workload run beside them ({@code --background}):
 * picocli mixin. {@code --table-size} and {@code --storage-engine} are the OLTP mixin's.
 *
 * <p>Confined to the command's thread.
 */
final class FamilyOptions {
    @Option(names = "--ddl-kinds", split = ",", paramLabel = "KIND[,KIND...]",
            description = "ddl: the DDL kinds each worker cycles through, in this order whatever the order given: "
                    + "create, add_column, add_index, force, drop_index, drop_column, truncate, drop, or 'all'. "
                    + "Default: all.")
    List<String> ddlKinds = new ArrayList<>(List.of("all"));

    @Option(names = "--ddl-method", paramLabel = "toi|rsu|nbo", defaultValue = "toi",
            description = "ddl: schema-change method (wsrep_OSU_method): toi = total order on every node, rsu = "
                    + "one node desynced, nbo = non-blocking (Percona XtraDB Cluster). Default: ${DEFAULT-VALUE}.")
    String ddlMethod = "toi";

    @Option(names = "--bigtrx-ops", split = ",", paramLabel = "OP[,OP...]",
            description = "bigtrx: the transactions each worker cycles through: insert, update, delete, or 'all'. "
                    + "Default: all.")
    List<String> bigtrxOps = new ArrayList<>(List.of("all"));

    @Option(names = "--bigtrx-rows", paramLabel = "ROWS", defaultValue = "10000",
            description = "bigtrx: rows every transaction writes (>= 1). Default: ${DEFAULT-VALUE}.")
    int bigtrxRows = 10_000;

    @Option(names = "--bigtrx-batch-rows", paramLabel = "ROWS", defaultValue = "1000",
            description = "bigtrx: rows per statement inside a transaction (>= 1). Default: ${DEFAULT-VALUE}.")
    int bigtrxBatchRows = 1000;

    @Option(names = "--bigtrx-fragment-size", paramLabel = "N", defaultValue = "0",
            description = "bigtrx: Galera streaming replication, one fragment every N units "
                    + "(wsrep_trx_fragment_size); 0 = off. Default: ${DEFAULT-VALUE}.")
    long bigtrxFragmentSize;

    @Option(names = "--bigtrx-fragment-unit", paramLabel = "bytes|rows|statements", defaultValue = "rows",
            description = "bigtrx: unit of --bigtrx-fragment-size (wsrep_trx_fragment_unit). Default: ${DEFAULT-VALUE}.")
    String bigtrxFragmentUnit = "rows";

    @Option(names = "--background", paramLabel = "WORKLOAD",
            description = "run: a workload run beside this one (closed loop, --background-threads, round-robin over "
                    + "the endpoints, the OLTP options), so the cost of each DDL or big transaction shows in its "
                    + "throughput. Its tables must be prepared. Default: none.")
    String background;

    @Option(names = "--background-threads", paramLabel = "N", defaultValue = "2",
            description = "Threads of the --background workload (>= 1). Default: ${DEFAULT-VALUE}.")
    int backgroundThreads = 2;

    /**
     * @param tableSize     rows of each worker's table ({@code --table-size})
     * @param storageEngine {@code --storage-engine}
     * @throws UserException for an unknown kind or method
     */
    DdlConfig ddlConfig(int tableSize, String storageEngine) {
        List<DdlKind> kinds = new ArrayList<>();
        for (String k : ddlKinds) {
            if (k.strip().equalsIgnoreCase("all")) {
                kinds.addAll(List.of(DdlKind.values()));
                continue;
            }
            DdlKind kind = DdlKind.byName(k);
            if (kind == null) {
                throw new UserException("unknown --ddl-kinds entry '" + k + "'",
                        "use all or any of: " + String.join(", ", DdlKind.names()));
            }
            kinds.add(kind);
        }
        if (kinds.isEmpty()) {
            throw new UserException("--ddl-kinds is empty", "give all or a list such as force,truncate");
        }
        if (tableSize < 0) {
            throw new UserException("invalid --table-size " + tableSize, "give a row count >= 0");
        }
        return new DdlConfig(kinds, tableSize, OsuMethod.parse(ddlMethod), storageEngine);
    }

    /**
     * @param storageEngine {@code --storage-engine}
     * @throws UserException for an unknown op or unit, or a count out of range
     */
    BigtrxConfig bigtrxConfig(String storageEngine) {
        List<BigtrxOp> ops = new ArrayList<>();
        for (String o : bigtrxOps) {
            if (o.strip().equalsIgnoreCase("all")) {
                ops.addAll(List.of(BigtrxOp.values()));
                continue;
            }
            BigtrxOp op = BigtrxOp.byName(o);
            if (op == null) {
                throw new UserException("unknown --bigtrx-ops entry '" + o + "'",
                        "use all or any of: " + String.join(", ", BigtrxOp.names()));
            }
            ops.add(op);
        }
        if (ops.isEmpty() || bigtrxRows < 1 || bigtrxBatchRows < 1 || bigtrxFragmentSize < 0) {
            throw new UserException("invalid bigtrx options: --bigtrx-ops must name an op, --bigtrx-rows and "
                    + "--bigtrx-batch-rows must be >= 1, --bigtrx-fragment-size >= 0", "see clusterbench help run");
        }
        String unit = bigtrxFragmentUnit.strip().toLowerCase(java.util.Locale.ROOT);
        if (!List.of("bytes", "rows", "statements").contains(unit)) {
            throw new UserException("invalid --bigtrx-fragment-unit '" + bigtrxFragmentUnit + "'",
                    "use bytes, rows or statements");
        }
        return new BigtrxConfig(ops, bigtrxRows, bigtrxBatchRows, unit, bigtrxFragmentSize, storageEngine);
    }

    /** @throws UserException when the background options are invalid or name the workload itself */
    void checkBackground(String workload) {
        if (backgroundThreads < 1) {
            throw new UserException("invalid --background-threads " + backgroundThreads, "give a count >= 1");
        }
        if (background != null && background.equals(workload)) {
            throw new UserException("--background " + background + " is the workload itself",
                    "choose another workload, e.g. --background oltp_read_write");
        }
    }
}
