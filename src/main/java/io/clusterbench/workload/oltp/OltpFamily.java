package io.clusterbench.workload.oltp;

import io.clusterbench.workload.Distribution;
import io.clusterbench.workload.FamilyOptions;
import io.clusterbench.workload.Workload;
import io.clusterbench.workload.WorkloadFamily;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The sysbench OLTP family: {@code oltp_point_select} … {@code oltp_delete}, one per {@link OltpVariant}.
 *
 * <p>Thread-safe (stateless).
 */
public final class OltpFamily implements WorkloadFamily {
    @Override
    public String name() {
        return "oltp";
    }

    @Override
    public String heading() {
        return "OLTP options (sysbench 1.0.20 oltp_common.lua)";
    }

    @Override
    public List<String> workloads() {
        List<String> names = new ArrayList<>();
        for (OltpVariant v : OltpVariant.values()) {
            names.add(v.workloadName());
        }
        return names;
    }

    @Override
    public Object newOptions() {
        return new OltpOptions();
    }

    @Override
    public void validate(FamilyOptions options, List<String> problems) {
        options.get(OltpOptions.class).validate(problems);
    }

    @Override
    public Workload create(String workload, FamilyOptions options, Distribution distribution, long seed) {
        return new OltpWorkload(OltpVariant.byName(workload), options.get(OltpOptions.class).toConfig(distribution),
                seed);
    }

    @Override
    public Set<String> unusedOptions(String workload) {
        OltpVariant variant = OltpVariant.byName(workload);
        return variant == null ? Set.of() : variant.unusedOptions();
    }

    @Override
    public OltpRunOptions options(Workload workload, FamilyOptions options) {
        return new OltpRunOptions(((OltpWorkload) workload).config(), unusedOptions(workload.name()));
    }

    @Override
    public String describe(Workload workload, FamilyOptions options, Distribution distribution) {
        return ", keys " + distribution.describe();
    }
}
