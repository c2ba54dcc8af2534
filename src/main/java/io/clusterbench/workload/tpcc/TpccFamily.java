package io.clusterbench.workload.tpcc;

import io.clusterbench.workload.Distribution;
import io.clusterbench.workload.FamilyOptions;
import io.clusterbench.workload.Workload;
import io.clusterbench.workload.WorkloadFamily;
import io.clusterbench.workload.oltp.OltpOptions;

import java.util.List;

/**
 * The TPC-C derivative (sysbench-tpcc's transactions and options). Reads {@code --tables} (table sets) and
 * {@code --storage-engine} of the OLTP options.
 *
 * <p>Thread-safe (stateless).
 */
public final class TpccFamily implements WorkloadFamily {
    /** The workload's name. */
    public static final String NAME = "tpcc";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String heading() {
        return "TPC-C options (sysbench-tpcc names; _ is accepted for -)";
    }

    @Override
    public List<String> workloads() {
        return List.of(NAME);
    }

    @Override
    public Object newOptions() {
        return new TpccOptions();
    }

    @Override
    public List<String> sharedOptions() {
        return List.of("--tables", "--storage-engine", "--table-options");
    }

    @Override
    public Workload create(String workload, FamilyOptions options, Distribution distribution, long seed) {
        OltpOptions oltp = options.get(OltpOptions.class);
        return new TpccWorkload(options.get(TpccOptions.class).toConfig(oltp.tables(), oltp.tableOptions()), seed,
                System::nanoTime);
    }

    @Override
    public TpccConfig options(Workload workload, FamilyOptions options) {
        return ((TpccWorkload) workload).config();
    }

    @Override
    public String describe(Workload workload, FamilyOptions options, Distribution distribution) {
        TpccConfig t = options(workload, options);
        return ", " + t.scale() + " warehouse(s) per set x " + t.tables() + " set(s) = "
                + t.totalWarehouses() + " warehouses, mix " + t.mix();
    }
}
