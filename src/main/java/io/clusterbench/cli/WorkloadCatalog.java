package io.clusterbench.cli;

import io.clusterbench.UserException;
import io.clusterbench.workload.Distribution;
import io.clusterbench.workload.Workload;
import io.clusterbench.workload.joins.JoinsWorkload;
import io.clusterbench.workload.oltp.OltpVariant;
import io.clusterbench.workload.oltp.OltpWorkload;

import java.util.ArrayList;
import java.util.List;

/**
 * Workload names known to the CLI and how to build each from the parsed options.
 *
 * <p>Thread-safe (stateless).
 */
final class WorkloadCatalog {
    private WorkloadCatalog() {
    }

    /** @return every workload name, in help order */
    static List<String> names() {
        List<String> names = new ArrayList<>();
        for (OltpVariant v : OltpVariant.values()) {
            names.add(v.workloadName());
        }
        names.add(JoinsWorkload.NAME);
        return names;
    }

    /**
     * @throws UserException for an unknown name
     */
    static Workload create(String name, OltpOptions oltp, JoinsOptions joins, Distribution distribution, long seed) {
        joins.rejectUnmatched(name);
        OltpVariant variant = OltpVariant.byName(name);
        if (variant != null) {
            return new OltpWorkload(variant, oltp.toConfig(distribution), seed);
        }
        if (JoinsWorkload.NAME.equals(name)) {
            return new JoinsWorkload(joins.toConfig(oltp, distribution), seed);
        }
        throw new UserException("unknown workload '" + name + "'", "choose one of: " + String.join(", ", names()));
    }
}
