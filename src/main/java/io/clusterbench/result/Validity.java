package io.clusterbench.result;

import java.util.ArrayList;
import java.util.List;

/**
 * The validity verdict on a result ({@code observerFacts.validity} of a run or sweep step, {@code validity} of an A/B
 * pair): the flags that make it unfit to compare as it stands, each with its evidence, and the host figures every
 * verdict states (docs/metrics.md, "Validity"). No flag means no rule fired, not that the result is good. Built by
 * {@link ValidityRules}. Immutable.
 *
 * @param flags                  the flags raised, in the order of docs/metrics.md; empty when none
 * @param hostCpuPercent         the host's mean busy share over the measured intervals, 0-100, or null when unread
 * @param clientCpuPercentOfHost the client's CPU seconds ÷ (measured seconds × processors) × 100, or null
 * @param serverOnThisHost       true when the server ran on the client's host (they shared its processors)
 */
public record Validity(List<ValidityFlag> flags, Double hostCpuPercent, Double clientCpuPercentOfHost,
                       boolean serverOnThisHost) {
    /** Copies {@code flags} (null = empty). */
    public Validity {
        flags = flags == null ? List.of() : List.copyOf(flags);
    }

    /** @return true when no flag was raised */
    public boolean clean() {
        return flags.isEmpty();
    }

    /** @return true when {@code name} is among the flags */
    public boolean has(String name) {
        return flags.stream().anyMatch(f -> f.flag().equals(name));
    }

    /** @return the flag named {@code name}, or null */
    public ValidityFlag flag(String name) {
        return flags.stream().filter(f -> f.flag().equals(name)).findFirst().orElse(null);
    }

    /** @return the flags' names joined with ", ", or "none" */
    public String names() {
        return flags.isEmpty() ? "none" : String.join(", ", flags.stream().map(ValidityFlag::flag).toList());
    }

    /** @return this verdict with {@code more} added after its own flags */
    public Validity plus(List<ValidityFlag> more) {
        List<ValidityFlag> all = new ArrayList<>(flags);
        all.addAll(more);
        return new Validity(all, hostCpuPercent, clientCpuPercentOfHost, serverOnThisHost);
    }
}
