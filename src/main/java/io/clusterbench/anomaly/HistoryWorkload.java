package io.clusterbench.anomaly;

import io.clusterbench.UserException;

import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The history workloads of {@code probe anomalies} ({@code --anomaly-workload}): list-append transactions checked for
 * Adya's anomaly classes ({@link AppendChecker}), bank transfers checked for the total ({@link BankCheck}), and a
 * counter checked against its acknowledged increments ({@link CounterCheck}).
 *
 * <p>Immutable.
 */
public enum HistoryWorkload {
    /** List-append transactions ({@link AppendExecutor}). */
    APPEND("append"),
    /** Bank transfers and total reads ({@link BankWorkload}). */
    BANK("bank"),
    /** Counter increments and reads ({@link CounterWorkload}). */
    COUNTER("counter");

    private final String label;

    HistoryWorkload(String label) {
        this.label = label;
    }

    /** @return the name as given and written in results */
    public String label() {
        return label;
    }

    /**
     * @param list {@code append}, {@code bank}, {@code counter}, a comma list of them, or {@code all}
     * @return the workloads, in enum order
     * @throws UserException for an unknown name
     */
    public static Set<HistoryWorkload> parse(String list) {
        EnumSet<HistoryWorkload> out = EnumSet.noneOf(HistoryWorkload.class);
        for (String part : list.split(",", -1)) {
            String p = part.strip().toLowerCase(Locale.ROOT);
            if (p.equals("all")) {
                out.addAll(List.of(values()));
                continue;
            }
            HistoryWorkload found = null;
            for (HistoryWorkload w : values()) {
                if (w.label.equals(p) || p.equals("list-append") && w == APPEND) {
                    found = w;
                }
            }
            if (found == null) {
                throw new UserException("invalid --anomaly-workload '" + list + "'",
                        "give append, bank, counter (comma-separated for several) or all");
            }
            out.add(found);
        }
        return out;
    }
}
