package io.clusterbench.result;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One reason a result is not fit to compare as it stands (docs/metrics.md, "Validity"), with its evidence: a sentence
 * for the reader and the figures behind it, by name, so a test or a script can check them against their sources.
 * Immutable.
 *
 * @param flag     the flag's name: {@code host-cpu-saturated}, {@code client-cpu-share}, {@code unplanned-fault},
 *                 {@code cut-off-share}, {@code stalled}, {@code too-few-repeats}, {@code within-noise}, {@code too-few-samples}
 *                 (probe levels and anomaly settings)
 * @param evidence what was seen, one sentence with its numbers
 * @param figures  the numbers of the evidence by name (units in the names), in the order the sentence gives them
 */
public record ValidityFlag(String flag, String evidence, Map<String, Double> figures) {
    /** Copies {@code figures} (null = empty), keeping its order. */
    public ValidityFlag {
        figures = figures == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(figures));
    }
}
