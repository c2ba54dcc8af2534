package io.clusterbench.workload.bigtrx;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The transactions of the bigtrx family: each writes exactly {@code --bigtrx-rows} rows of the worker's own
 * id range in one transaction, in statements of {@code --bigtrx-batch-rows} rows. Immutable.
 */
public enum BigtrxOp {
    /** Multi-row INSERTs of new rows (ids of the worker's range). */
    INSERT,
    /** {@code UPDATE … SET k = k + 1 WHERE id BETWEEN …}: every row changes. */
    UPDATE,
    /** {@code DELETE … WHERE id BETWEEN …}. */
    DELETE;

    /** @return the name in {@code --bigtrx-ops}, e.g. {@code update} */
    public String optionName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @return the statement class of the whole transaction, e.g. {@code bigtrx_update} */
    public String className() {
        return "bigtrx_" + optionName();
    }

    /** @return the op for {@code text} (any case), or null when unknown */
    public static BigtrxOp byName(String text) {
        for (BigtrxOp op : values()) {
            if (op.optionName().equalsIgnoreCase(text.strip())) {
                return op;
            }
        }
        return null;
    }

    /** @return every option name */
    public static List<String> names() {
        List<String> n = new ArrayList<>();
        for (BigtrxOp op : values()) {
            n.add(op.optionName());
        }
        return n;
    }
}
