package io.clusterbench.runner;

import io.clusterbench.DidYouMean;
import io.clusterbench.UserException;
import io.clusterbench.workload.Distribution;
import io.clusterbench.workload.FamilyOptions;
import io.clusterbench.workload.Workload;
import io.clusterbench.workload.bigtrx.BigtrxFamily;
import io.clusterbench.workload.ddl.DdlFamily;
import io.clusterbench.workload.WorkloadFamily;
import io.clusterbench.workload.joins.JoinsFamily;
import io.clusterbench.workload.oltp.OltpFamily;
import io.clusterbench.workload.tpcc.TpccFamily;

import java.util.ArrayList;
import java.util.List;

/**
 * Every workload family, in help order, and the lookup from a workload name to its family. A new family
 * is one line in {@link #FAMILIES}.
 *
 * <p>Thread-safe (immutable).
 */
public final class WorkloadRegistry {
    private static final List<WorkloadFamily> FAMILIES = List.of(new OltpFamily(), new JoinsFamily(),
            new TpccFamily(), new DdlFamily(), new BigtrxFamily());

    private WorkloadRegistry() {
    }

    /** @return every family, in help order */
    public static List<WorkloadFamily> families() {
        return FAMILIES;
    }

    /** @return every workload name, in help order */
    public static List<String> names() {
        List<String> names = new ArrayList<>();
        for (WorkloadFamily f : FAMILIES) {
            names.addAll(f.workloads());
        }
        return names;
    }

    /** @return the family of {@code workload}, or null when no family knows the name */
    public static WorkloadFamily familyOf(String workload) {
        for (WorkloadFamily f : FAMILIES) {
            if (f.workloads().contains(workload)) {
                return f;
            }
        }
        return null;
    }

    /**
     * @return the family of {@code workload}
     * @throws UserException for an unknown name: "unknown workload 'oltp_read_writ' (did you mean oltp_read_write?)"
     *                       with every name as the hint
     */
    public static WorkloadFamily require(String workload) {
        WorkloadFamily f = familyOf(workload);
        if (f == null) {
            throw new UserException("unknown workload '" + workload + "'" + DidYouMean.hint(workload, names()),
                    "choose one of: " + String.join(", ", names()));
        }
        return f;
    }

    /** @return a fresh option object of every family */
    public static FamilyOptions newOptions() {
        FamilyOptions o = new FamilyOptions();
        for (WorkloadFamily f : FAMILIES) {
            o.put(f.newOptions());
        }
        return o;
    }

    /**
     * Builds a workload after checking, in this order, that every argument was recognised and that the name
     * is known.
     *
     * @throws UserException for an unknown argument, an unknown name or invalid options
     */
    public static Workload create(String workload, FamilyOptions options, Distribution distribution, long seed) {
        for (WorkloadFamily f : FAMILIES) {
            f.rejectUnmatched(workload, options);
        }
        return require(workload).create(workload, options, distribution, seed);
    }
}
