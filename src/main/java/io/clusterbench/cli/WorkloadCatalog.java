package io.clusterbench.cli;

import io.clusterbench.UserException;
import io.clusterbench.workload.Distribution;
import io.clusterbench.workload.Workload;
import io.clusterbench.workload.bigtrx.BigtrxWorkload;
import io.clusterbench.workload.ddl.DdlWorkload;
import io.clusterbench.workload.joins.JoinsWorkload;
import io.clusterbench.workload.oltp.OltpVariant;
import io.clusterbench.workload.oltp.OltpWorkload;
import io.clusterbench.workload.tpcc.TpccWorkload;

import java.util.ArrayList;
import java.util.List;

/**
 * Workload names known to the CLI and how to build each from the parsed options.
 *
 * <p>Thread-safe (stateless).
 */
final class WorkloadCatalog {
    /** Name of the TPC-C derivative. */
    static final String TPCC = "tpcc";

    private WorkloadCatalog() {
    }

    /** @return every workload name, in help order */
    static List<String> names() {
        List<String> names = new ArrayList<>();
        for (OltpVariant v : OltpVariant.values()) {
            names.add(v.workloadName());
        }
        names.add(JoinsWorkload.NAME);
        names.add(TPCC);
        names.add(DdlWorkload.NAME);
        names.add(BigtrxWorkload.NAME);
        return names;
    }

    /**
     * @throws UserException for an unknown name
     */
    static Workload create(String name, OltpOptions oltp, JoinsOptions joins, Distribution distribution, long seed) {
        return create(name, oltp, joins, new TpccOptions(), distribution, seed);
    }

    /**
     * @param tpcc the tpcc options (used only for {@code tpcc})
     * @throws UserException for an unknown name or invalid tpcc options
     */
    static Workload create(String name, OltpOptions oltp, JoinsOptions joins, TpccOptions tpcc,
                           Distribution distribution, long seed) {
        return create(name, oltp, joins, tpcc, new FamilyOptions(), distribution, seed);
    }

    /**
     * @param families the ddl and bigtrx options (used only for those)
     * @throws UserException for an unknown name or invalid options
     */
    static Workload create(String name, OltpOptions oltp, JoinsOptions joins, TpccOptions tpcc,
                           FamilyOptions families, Distribution distribution, long seed) {
        joins.rejectUnmatched(name);
        if (DdlWorkload.NAME.equals(name)) {
            return new DdlWorkload(families.ddlConfig(oltp.tableSize, oltp.storageEngine));
        }
        if (BigtrxWorkload.NAME.equals(name)) {
            return new BigtrxWorkload(families.bigtrxConfig(oltp.storageEngine));
        }
        OltpVariant variant = OltpVariant.byName(name);
        if (variant != null) {
            return new OltpWorkload(variant, oltp.toConfig(distribution), seed);
        }
        if (JoinsWorkload.NAME.equals(name)) {
            return new JoinsWorkload(joins.toConfig(oltp, distribution), seed);
        }
        if (TPCC.equals(name)) {
            return new TpccWorkload(tpcc.toConfig(oltp.tables, oltp.storageEngine), seed, System::nanoTime);
        }
        throw new UserException("unknown workload '" + name + "'", "choose one of: " + String.join(", ", names()));
    }
}
