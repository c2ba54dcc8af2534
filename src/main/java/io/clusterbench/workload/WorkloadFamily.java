package io.clusterbench.workload;

import java.util.List;

/**
 * A workload family as the run stage sees it: its workload names, its options (a picocli mixin it owns),
 * and how to build one of its workloads from them. Families are listed once, in
 * {@code runner.WorkloadRegistry}; adding one touches its package and that line.
 *
 * <p>Implementations are stateless and thread-safe.
 */
public interface WorkloadFamily {
    /** @return the family's short name, also the name of its option mixin ({@code oltp}, {@code joins}) */
    String name();

    /** @return the heading of the family's options in {@code --help} */
    String heading();

    /** @return the workload names this family builds, in help order */
    List<String> workloads();

    /** @return a fresh option object: a picocli mixin with the family's {@code @Option}s */
    Object newOptions();

    /**
     * @return long names of other families' options this family reads too, shown in its help section
     *         (e.g. {@code --tables}); empty by default
     */
    default List<String> sharedOptions() {
        return List.of();
    }

    /**
     * @param workload one of {@link #workloads()}
     * @return long names of this family's own options that {@code workload} never reads (given, they are noted as
     *         not applying and left out of result.json); empty (the default) when every option applies
     */
    default java.util.Set<String> unusedOptions(String workload) {
        return java.util.Set.of();
    }

    /**
     * Adds every problem with the family's option values to {@code problems}, without connecting. Runs for
     * every command that holds the options, whichever workload is chosen (their defaults are valid).
     */
    default void validate(FamilyOptions options, List<String> problems) {
    }

    /**
     * Throws for an argument the command line did not recognise, when this family collects them (the joins
     * family does, to name the valid scenarios). Does nothing by default.
     *
     * @param workload the workload name given
     * @throws io.clusterbench.UserException when there is such an argument
     */
    default void rejectUnmatched(String workload, FamilyOptions options) {
    }

    /**
     * @param workload     one of {@link #workloads()}
     * @param options      every family's options as parsed
     * @param distribution key distribution
     * @param seed         random seed (never 0)
     * @throws io.clusterbench.UserException for invalid option values
     */
    Workload create(String workload, FamilyOptions options, Distribution distribution, long seed);

    /**
     * @param workload a workload {@link #create} built
     * @return the family's resolved options as one typed record, which the run plan holds and result.json
     *         records
     */
    WorkloadOptions options(Workload workload, FamilyOptions options);

    /**
     * @return the family's part of the start line, after the load shape (e.g. {@code ", keys uniform"});
     *         starts with {@code ", "}
     */
    String describe(Workload workload, FamilyOptions options, Distribution distribution);
}
