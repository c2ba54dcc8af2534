package io.clusterbench.workload.oltp;

import io.clusterbench.workload.WorkloadOptions;

import java.util.Map;
import java.util.Set;

/**
 * The options an OLTP run records: the family's configuration without the options its variant never reads
 * ({@link OltpVariant#unusedOptions()}), so {@code oltp_point_select --point-selects 3} does not claim three
 * point SELECTs per event.
 *
 * <p>Immutable.
 *
 * @param config the family's configuration as parsed
 * @param unused long names of the options the variant does not read
 */
public record OltpRunOptions(OltpConfig config, Set<String> unused) implements WorkloadOptions {
    /** Copies {@code unused}. */
    public OltpRunOptions {
        unused = Set.copyOf(unused);
    }

    /** @return the applying OLTP options, in {@link OltpConfig#resultFields()} order */
    @Override
    public Map<String, Object> resultFields() {
        return config.resultFields(flag -> !unused.contains(flag));
    }
}
