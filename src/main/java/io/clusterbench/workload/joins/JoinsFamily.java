package io.clusterbench.workload.joins;

import io.clusterbench.workload.Distribution;
import io.clusterbench.workload.FamilyOptions;
import io.clusterbench.workload.Workload;
import io.clusterbench.workload.WorkloadFamily;
import io.clusterbench.workload.oltp.OltpOptions;

import java.util.List;

/**
 * The joins family: one workload, {@code joins}, whose event runs the chosen scenarios. Reads the table
 * options and the two write counts of the OLTP options.
 *
 * <p>Thread-safe (stateless).
 */
public final class JoinsFamily implements WorkloadFamily {
    @Override
    public String name() {
        return "joins";
    }

    @Override
    public String heading() {
        return "Joins options";
    }

    @Override
    public List<String> workloads() {
        return List.of(JoinsWorkload.NAME);
    }

    @Override
    public Object newOptions() {
        return new JoinsOptions();
    }

    @Override
    public List<String> sharedOptions() {
        return List.of("--tables", "--table-size", "--storage-engine", "--table-options", "--index-updates", "--delete-inserts");
    }

    @Override
    public void rejectUnmatched(String workload, FamilyOptions options) {
        options.get(JoinsOptions.class).rejectUnmatched(workload);
    }

    @Override
    public Workload create(String workload, FamilyOptions options, Distribution distribution, long seed) {
        return new JoinsWorkload(options.get(JoinsOptions.class).toConfig(options.get(OltpOptions.class),
                distribution), seed);
    }

    @Override
    public JoinsRunOptions options(Workload workload, FamilyOptions options) {
        JoinsConfig joins = ((JoinsWorkload) workload).configuration();
        return options.get(JoinsOptions.class).runOptions(options.get(OltpOptions.class)
                .toConfig(joins.distribution()), joins);
    }

    @Override
    public String describe(Workload workload, FamilyOptions options, Distribution distribution) {
        return ", keys " + distribution.describe();
    }
}
