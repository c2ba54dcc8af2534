package io.clusterbench.workload.bigtrx;

import io.clusterbench.workload.WorkloadOptions;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Options of the bigtrx family. Immutable.
 *
 * @param ops           transactions an event cycle runs, in {@link BigtrxOp} order, at least one
 * @param rows          rows per transaction ({@code --bigtrx-rows}), &ge; 1
 * @param batchRows     rows per statement inside the transaction ({@code --bigtrx-batch-rows}), &ge; 1
 * @param fragmentUnit  streaming replication unit ({@code wsrep_trx_fragment_unit}: bytes, rows, statements)
 * @param fragmentSize  streaming replication fragment size in that unit; 0 = streaming off
 * @param tableOptions  storage engine and extra CREATE TABLE options of {@code bigtrx_1}
 */
public record BigtrxConfig(List<BigtrxOp> ops, int rows, int batchRows, String fragmentUnit, long fragmentSize,
                           io.clusterbench.workload.TableOptions tableOptions) implements WorkloadOptions {
    /** Copies and orders {@code ops}; @throws IllegalArgumentException for out-of-range values */
    public BigtrxConfig {
        if (ops.isEmpty() || rows < 1 || batchRows < 1 || fragmentSize < 0) {
            throw new IllegalArgumentException("ops empty or rows, batchRows < 1 or fragmentSize < 0");
        }
        ops = ops.stream().distinct().sorted().toList();
    }

    /** @return true when transactions replicate in fragments (streaming replication) */
    public boolean streaming() {
        return fragmentSize > 0;
    }

    /** @return the bigtrx options, storageEngine and tableOptions as result.json records them */
    @Override
    public Map<String, Object> resultFields() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("bigtrxOps", ops.stream().map(BigtrxOp::optionName).toList());
        m.put("bigtrxRows", rows);
        m.put("bigtrxBatchRows", batchRows);
        m.put("bigtrxFragmentUnit", fragmentUnit);
        m.put("bigtrxFragmentSize", fragmentSize);
        tableOptions.putResultFields(m);
        return m;
    }
}
