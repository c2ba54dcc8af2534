package io.clusterbench.workload.bigtrx;

import io.clusterbench.UserException;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Options of the bigtrx family: picocli mixin. {@code --storage-engine} is the OLTP family's.
 *
 * <p>Confined to the command's thread.
 */
public final class BigtrxOptions {
    @Option(names = "--bigtrx-ops", split = ",", paramLabel = "OP[,OP...]",
            description = "bigtrx: the transactions each worker cycles through: insert, update, delete, or 'all'. "
                    + "Default: all.")
    List<String> ops = new ArrayList<>(List.of("all"));

    @Option(names = "--bigtrx-rows", paramLabel = "ROWS", defaultValue = "10000",
            description = "bigtrx: rows every transaction writes (>= 1). Default: ${DEFAULT-VALUE}.")
    int rows = 10_000;

    @Option(names = "--bigtrx-batch-rows", paramLabel = "ROWS", defaultValue = "1000",
            description = "bigtrx: rows per statement inside a transaction (>= 1). Default: ${DEFAULT-VALUE}.")
    int batchRows = 1000;

    @Option(names = "--bigtrx-fragment-size", paramLabel = "N", defaultValue = "0",
            description = "bigtrx: Galera streaming replication, one fragment every N units "
                    + "(wsrep_trx_fragment_size); 0 = off. Default: ${DEFAULT-VALUE}.")
    long fragmentSize;

    @Option(names = "--bigtrx-fragment-unit", paramLabel = "bytes|rows|statements", defaultValue = "rows",
            description = "bigtrx: unit of --bigtrx-fragment-size (wsrep_trx_fragment_unit). Default: ${DEFAULT-VALUE}.")
    String fragmentUnit = "rows";

    /** Adds a problem per unknown op or unit and per count out of range. */
    void validate(List<String> problems) {
        for (String o : ops) {
            if (!o.strip().equalsIgnoreCase("all") && BigtrxOp.byName(o) == null) {
                problems.add("unknown --bigtrx-ops entry '" + o + "' (use all or any of: "
                        + String.join(", ", BigtrxOp.names()) + ")");
            }
        }
        if (rows < 1 || batchRows < 1 || fragmentSize < 0) {
            problems.add("--bigtrx-rows and --bigtrx-batch-rows must be >= 1 and --bigtrx-fragment-size >= 0");
        }
        if (!List.of("bytes", "rows", "statements").contains(fragmentUnit.strip().toLowerCase(Locale.ROOT))) {
            problems.add("invalid --bigtrx-fragment-unit '" + fragmentUnit + "' (use bytes, rows or statements)");
        }
    }

    /**
     * @param tableOptions  {@code --storage-engine} and {@code --table-options}
     * @throws UserException for invalid values (normally caught by {@link #validate} first)
     */
    BigtrxConfig toConfig(io.clusterbench.workload.TableOptions tableOptions) {
        List<String> problems = new ArrayList<>();
        validate(problems);
        if (!problems.isEmpty()) {
            throw new UserException(problems.get(0), "see clusterbench help run");
        }
        List<BigtrxOp> list = new ArrayList<>();
        for (String o : ops) {
            if (o.strip().equalsIgnoreCase("all")) {
                list.addAll(List.of(BigtrxOp.values()));
            } else {
                list.add(BigtrxOp.byName(o));
            }
        }
        return new BigtrxConfig(list, rows, batchRows, fragmentUnit.strip().toLowerCase(Locale.ROOT), fragmentSize,
                tableOptions);
    }
}
