package io.clusterbench.result;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A result as given to {@code compare} or {@code report}: the document, where it was read from, and the
 * short label it is shown under ({@code A}, {@code B}, … in the order given; A is the baseline of a
 * comparison). Immutable.
 *
 * @param label  short label, e.g. {@code A}
 * @param source where the document came from (a path as typed), for legends
 * @param doc    the result
 */
public record NamedResult(String label, String source, ResultDocument doc) {
    public NamedResult {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(doc, "doc");
    }

    /**
     * @param index 0-based position in the argument list
     * @return {@code A} … {@code Z}, then {@code R27}, {@code R28}, …
     */
    public static String label(int index) {
        return index < 26 ? String.valueOf((char) ('A' + index)) : "R" + (index + 1);
    }

    /**
     * Labels documents in order.
     *
     * @param sources where each document came from
     * @param docs    the documents, same length as {@code sources}
     * @return one named result per document, labelled A, B, …
     * @throws IllegalArgumentException when the lists differ in length
     */
    public static List<NamedResult> of(List<String> sources, List<ResultDocument> docs) {
        if (sources.size() != docs.size()) {
            throw new IllegalArgumentException(sources.size() + " sources for " + docs.size() + " documents");
        }
        List<NamedResult> out = new ArrayList<>();
        for (int i = 0; i < docs.size(); i++) {
            out.add(new NamedResult(label(i), sources.get(i), docs.get(i)));
        }
        return out;
    }

    /** @return the runs of the document that hold a summary with at least one event (as {@link SweepSummary}) */
    public List<RunRecord> measuredRuns() {
        return doc.runs() == null ? List.of() : doc.runs().stream()
                .filter(r -> r.summary() != null && r.summary().events() > 0).toList();
    }

    /** @return the workload names of the document's runs, in first-seen order, joined by {@code ,} */
    public String workloads() {
        return doc.runs() == null ? "" : String.join(",", doc.runs().stream().map(RunRecord::workload)
                .filter(Objects::nonNull).distinct().toList());
    }
}
