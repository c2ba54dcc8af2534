package io.clusterbench.result;

import java.util.Locale;

/**
 * How much an {@link Finding} distorts a benchmark (docs/inspect.md).
 *
 * <ul>
 *   <li>{@link #ERROR}: the run will fail or its figures will be wrong (e.g. fewer connections allowed than
 *       threads planned, tables Galera cannot replicate); {@code inspect} exits 3.</li>
 *   <li>{@link #WARNING}: the run works but measures something other than intended (a disk test instead
 *       of a CPU test, nodes with different settings).</li>
 *   <li>{@link #INFO}: a fact worth knowing when reading the figures; never printed for a clean target.</li>
 * </ul>
 */
public enum FindingLevel {
    ERROR, WARNING, INFO;

    /** @return the level as printed, e.g. "ERROR" */
    public String label() {
        return name().toUpperCase(Locale.ROOT);
    }
}
