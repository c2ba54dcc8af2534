package io.clusterbench.workload;

import java.util.Map;

/**
 * A workload family's resolved options as one typed, immutable record (e.g. {@code oltp.OltpConfig},
 * {@code tpcc.TpccConfig}), owned by the family's package. The run plan holds it; the result's
 * {@code plan} object records it through {@link #resultFields()}.
 *
 * <p>Implementations are immutable records.
 */
public interface WorkloadOptions {
    /**
     * @return the options as {@code result.json} records them inside {@code plan}, by field name in a fixed
     *         order; values are JSON-serialisable (numbers, booleans, strings, lists, maps). The names are
     *         the result file's contract: change them only with the schema.
     */
    Map<String, Object> resultFields();
}
