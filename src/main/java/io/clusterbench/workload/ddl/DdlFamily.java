package io.clusterbench.workload.ddl;

import io.clusterbench.workload.Distribution;
import io.clusterbench.workload.FamilyOptions;
import io.clusterbench.workload.Workload;
import io.clusterbench.workload.WorkloadFamily;
import io.clusterbench.workload.oltp.OltpConfig;
import io.clusterbench.workload.oltp.OltpOptions;

import java.util.List;

/**
 * The ddl family (docs/ddl.md): one workload, {@code ddl}.
 *
 * <p>Thread-safe (stateless).
 */
public final class DdlFamily implements WorkloadFamily {
    @Override
    public String name() {
        return "ddl";
    }

    @Override
    public String heading() {
        return "DDL options (docs/ddl.md)";
    }

    @Override
    public List<String> workloads() {
        return List.of(DdlWorkload.NAME);
    }

    @Override
    public Object newOptions() {
        return new DdlOptions();
    }

    @Override
    public List<String> sharedOptions() {
        return List.of("--table-size", "--storage-engine", "--table-options");
    }

    @Override
    public void validate(FamilyOptions options, List<String> problems) {
        options.get(DdlOptions.class).validate(problems);
    }

    @Override
    public Workload create(String workload, FamilyOptions options, Distribution distribution, long seed) {
        OltpConfig oltp = options.get(OltpOptions.class).toConfig(distribution);
        return new DdlWorkload(options.get(DdlOptions.class).toConfig(oltp.tableSize(), oltp.tableOptions()));
    }

    @Override
    public DdlConfig options(Workload workload, FamilyOptions options) {
        return ((DdlWorkload) workload).config();
    }

    @Override
    public String describe(Workload workload, FamilyOptions options, Distribution distribution) {
        DdlConfig c = ((DdlWorkload) workload).config();
        return ", " + c.kinds().size() + " DDL kind(s) on tables of " + c.tableSize() + " rows, " + c.method();
    }
}
