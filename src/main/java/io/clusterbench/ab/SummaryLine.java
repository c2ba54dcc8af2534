package io.clusterbench.ab;

import io.clusterbench.result.ValidityFlag;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one-line verdict of an {@code ab} comparison over its thread range, by tps (docs/metrics.md, "summary").
 *
 * <p>Thread-safe (stateless).
 */
final class SummaryLine {
    private static final Pattern SIDE_RUN = Pattern.compile("^(\\S+) run \\d+: .*");

    private SummaryLine() {
    }

    /**
     * @return two sides: e.g. "tps: B wins at 1, 4 threads; loses at 512; no difference resolved at 16, 64; too few
     * pairs to judge at 1024"; more sides: e.g. "tps vs o3: pgo1 wins at 1, 4 threads (+3.0% to +5.1%), no difference
     * resolved at 16 threads; pgo2 loses at 1 thread (-2.0%)"; each group left out when empty; "tps: no difference
     * resolved at any thread count" (more sides: "tps vs o3: …") when all tie; "tps: too few pairs to judge (fewer
     * than 2 finished)" when no verdict has 2 finished pairs (an interrupted comparison); "" without any verdict
     */
    static String of(List<ThreadVerdict> verdicts) {
        if (verdicts.isEmpty()) {
            return "";
        }
        List<ThreadVerdict> judged = verdicts.stream().filter(v -> v.tps().pairs() >= 2).toList();
        if (judged.isEmpty()) {
            return "tps: too few pairs to judge (fewer than 2 finished)";
        }
        Map<String, List<ThreadVerdict>> bySide = new LinkedHashMap<>();
        verdicts.forEach(v -> bySide.computeIfAbsent(v.sideName(), k -> new ArrayList<>()).add(v));
        boolean two = bySide.size() == 1;
        String head = two ? "tps: " : "tps vs " + verdicts.get(0).baselineName() + ": ";
        boolean allTie = verdicts.stream().allMatch(v -> v.tps().pairs() >= 2 && v.outcome().equals("tie"));
        if (allTie) {
            return head + "no difference resolved at any thread count" + flagged(verdicts);
        }
        List<String> sides = new ArrayList<>();
        bySide.forEach((side, vs) -> {
            List<String> parts = new ArrayList<>();
            List<ThreadVerdict> in = vs.stream().filter(v -> v.tps().pairs() >= 2).toList();
            List<ThreadVerdict> out = vs.stream().filter(v -> v.tps().pairs() < 2).toList();
            addGroup(parts, in, "win", two ? "B wins at " : "wins at ");
            addGroup(parts, in, "loss", two ? "B loses at " : "loses at ");
            addGroup(parts, in, "tie", "no difference resolved at ");
            addGroup(parts, out, "tie", "too few pairs to judge at ");
            sides.add(two ? String.join("; ", parts) : side + " " + String.join(", ", parts));
        });
        return head + String.join("; ", sides) + flagged(verdicts);
    }

    /**
     * @return "; flagged: 64 threads (A host-cpu-saturated, B host-cpu-saturated)" naming each side whose runs carry a
     *         validity flag, or "" when none does (too few pairs and a difference within noise are in the line's own
     *         words already)
     */
    static String flagged(List<ThreadVerdict> verdicts) {
        Map<Integer, Set<String>> byThreads = new LinkedHashMap<>();
        for (ThreadVerdict v : verdicts) {
            if (v.validity() == null) {
                continue;
            }
            for (ValidityFlag f : v.validity().flags()) {
                Matcher m = SIDE_RUN.matcher(f.evidence());
                if (m.matches()) {
                    byThreads.computeIfAbsent(v.threads(), k -> new LinkedHashSet<>()).add(m.group(1) + " " + f.flag());
                }
            }
        }
        List<String> parts = new ArrayList<>();
        byThreads.forEach((threads, names) -> parts.add(threads + (threads == 1 ? " thread" : " threads") + " ("
                + String.join(", ", names) + ")"));
        return parts.isEmpty() ? "" : "; flagged: " + String.join(", ", parts);
    }

    private static void addGroup(List<String> parts, List<ThreadVerdict> verdicts, String outcome, String prefix) {
        List<ThreadVerdict> group = verdicts.stream().filter(v -> v.outcome().equals(outcome)).toList();
        if (group.isEmpty()) {
            return;
        }
        StringBuilder b = new StringBuilder(prefix);
        for (int i = 0; i < group.size(); i++) {
            b.append(i == 0 ? "" : ", ").append(group.get(i).threads());
        }
        b.append(group.size() == 1 && group.get(0).threads() == 1 ? " thread" : " threads");
        if (!outcome.equals("tie")) {
            double lo = group.stream().mapToDouble(v -> v.tps().percent()).min().orElse(0);
            double hi = group.stream().mapToDouble(v -> v.tps().percent()).max().orElse(0);
            b.append(group.size() == 1 ? String.format(Locale.ROOT, " (%+.1f%%)", lo)
                    : String.format(Locale.ROOT, " (%+.1f%% to %+.1f%%)", lo, hi));
        }
        parts.add(b.toString());
    }
}
