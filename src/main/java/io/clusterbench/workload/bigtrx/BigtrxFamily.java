package io.clusterbench.workload.bigtrx;

import io.clusterbench.workload.Distribution;
import io.clusterbench.workload.FamilyOptions;
import io.clusterbench.workload.TableOptions;
import io.clusterbench.workload.Workload;
import io.clusterbench.workload.WorkloadFamily;
import io.clusterbench.workload.oltp.OltpOptions;

import java.util.List;

/**
 * The bigtrx family (docs/ddl.md): one workload, {@code bigtrx}.
 *
 * <p>Thread-safe (stateless).
 */
public final class BigtrxFamily implements WorkloadFamily {
    @Override
    public String name() {
        return "bigtrx";
    }

    @Override
    public String heading() {
        return "Big transaction options (docs/ddl.md)";
    }

    @Override
    public List<String> workloads() {
        return List.of(BigtrxWorkload.NAME);
    }

    @Override
    public Object newOptions() {
        return new BigtrxOptions();
    }

    @Override
    public List<String> sharedOptions() {
        return List.of("--storage-engine", "--table-options");
    }

    @Override
    public void validate(FamilyOptions options, List<String> problems) {
        options.get(BigtrxOptions.class).validate(problems);
    }

    @Override
    public Workload create(String workload, FamilyOptions options, Distribution distribution, long seed) {
        TableOptions engine = options.get(OltpOptions.class).tableOptions();
        return new BigtrxWorkload(options.get(BigtrxOptions.class).toConfig(engine));
    }

    @Override
    public BigtrxConfig options(Workload workload, FamilyOptions options) {
        return ((BigtrxWorkload) workload).config();
    }

    @Override
    public String describe(Workload workload, FamilyOptions options, Distribution distribution) {
        BigtrxConfig c = ((BigtrxWorkload) workload).config();
        return ", " + c.rows() + " rows per transaction" + (c.streaming() ? ", streaming every " + c.fragmentSize()
                + " " + c.fragmentUnit() : "");
    }
}
