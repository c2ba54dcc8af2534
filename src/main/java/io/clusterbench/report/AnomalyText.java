package io.clusterbench.report;

import io.clusterbench.result.AnomalyCheck;
import io.clusterbench.result.AnomalyDocument;
import io.clusterbench.result.AnomalySetting;
import io.clusterbench.result.AnomalyWitness;
import io.clusterbench.result.FactKeys;
import io.clusterbench.result.NamedResult;
import io.clusterbench.result.RunAnomalies;
import io.clusterbench.result.RunRecord;

import java.util.ArrayList;
import java.util.List;

import static io.clusterbench.Format.f;
import static io.clusterbench.report.Figure.*;

/**
 * The console text of {@code probe anomalies}, from {@code anomalies.json} records only: per setting and workload the
 * operations, the load's throughput and p95, every class with its count and N ("0 in N (≤ X%)" when none was found)
 * and whether the setting forbids it, then the first witness of each class found in a few lines (transactions with
 * node, session and times; edges with their key/value evidence); at the end one line per setting and workload. The
 * probe prints it as it goes; {@code report DIR} prints the same from the file (docs/metrics.md, "Anomaly probe").
 *
 * <p>Thread-safe (stateless).
 */
public final class AnomalyText {
    /** Operations of a witness transaction shown; the rest are summarised. */
    static final int OPS_SHOWN = 4;

    private AnomalyText() {
    }

    /** @return the whole document: every setting's block and the summary, ending with a newline */
    public static String render(AnomalyDocument doc) {
        StringBuilder b = new StringBuilder();
        for (AnomalySetting s : doc.settings()) {
            b.append('\n').append(ANOMALY_SETTING.key()).append(' ').append(s.index()).append(": ").append(s.name())
                    .append('\n').append(setting(s));
        }
        return b.append('\n').append(summary(doc)).toString();
    }

    /**
     * The block a run prints after its summary with {@code --anomalies}: what the history ran at and how much of the
     * load it was, then the setting's block (per workload its figures, classes and witnesses).
     *
     * @return the lines, without line breaks
     */
    public static List<String> run(RunAnomalies a) {
        AnomalySetting s = a.setting();
        double ok = s.checks().stream().mapToDouble(c -> c.load() == null ? 0 : c.load().okPerSecond()).sum();
        List<String> out = new ArrayList<>();
        out.add(f("Anomalies beside the load: %s (%s %.1f operations/s asked, %d sessions each; %.1f %s = %s %s)",
                s.name(), ANOMALY_HISTORY_RATE.key(), a.rateOpsPerSecond(), a.sessionsPerWorkload(), ok,
                ANOMALY_OK_PER_SECOND.key(), percent(a.percentOfRunEvents()), ANOMALY_SHARE.key()));
        out.add("  " + s.isolationApplied() + "; consistency " + s.consistencyApplied() + "; promises "
                + String.join(", ", s.guarantees()) + "; writes " + s.routing() + ", reads on " + s.readsOn() + " node");
        setting(s).lines().forEach(out::add);
        return out;
    }

    /** @return one setting's block: per workload its figures, classes and witnesses; ends with a newline */
    public static String setting(AnomalySetting s) {
        StringBuilder b = new StringBuilder();
        if (!"completed".equals(s.status())) {
            b.append("  (").append(s.status()).append(": the load was cut short; the history file holds every operation "
                    + "that completed)\n");
        }
        for (AnomalyCheck c : s.checks()) {
            b.append(check(c, s.loadSeconds()));
        }
        if (s.faults() != null) {
            FaultText.lines(s.faults()).forEach(l -> b.append("  ").append(l).append('\n'));
        }
        s.notes().forEach(n -> b.append("  Note: ").append(n).append('\n'));
        if (s.validity() != null) {
            ValidityBlock.lines(s.validity()).forEach(l -> b.append("  ").append(l).append('\n'));
        }
        b.append("  History: ").append(s.directory()).append("/history.jsonl\n");
        return b.toString();
    }

    /** @return one workload's block */
    static String check(AnomalyCheck c, double loadSeconds) {
        StringBuilder b = new StringBuilder();
        header(c, loadSeconds).forEach(l -> b.append("  ").append(l).append('\n'));
        if (!c.checked()) {
            return b.append("  not checked: a stop, or the bound of a run's end, left no time for the check (the "
                    + "history file holds it)\n").toString();
        }
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of(ANOMALY_CLASS.key(), ANOMALY_COUNT.key(), ANOMALY_CHECKED.key(), ANOMALY_UNIT.key(),
                ANOMALY_RATE.key(), ANOMALY_PROMISE.key()));
        for (AnomalyCheck.Count n : c.counts()) {
            rows.add(List.of(n.anomaly(), Long.toString(n.count()), Long.toString(n.checked()), n.unit(), rate(n),
                    promise(n)));
        }
        Columns.render(rows, new boolean[] {true, false, false, true, true, true}, "  ").lines()
                .forEach(l -> b.append("    ").append(l).append('\n'));
        List<String> shown = new ArrayList<>();
        for (AnomalyWitness w : c.witnesses()) {
            if (!shown.contains(w.anomaly())) {
                shown.add(w.anomaly());
                b.append(witness(w));
            }
        }
        return b.toString();
    }

    /** @return the lines above a workload's class table: operations and final reads, load, bank or counter totals */
    static List<String> header(AnomalyCheck c, double loadSeconds) {
        List<String> out = new ArrayList<>();
        StringBuilder b = new StringBuilder(f("%s: %d %s (%d ok, %d failed, %d unknown)", c.workload(), c.operations(),
                ANOMALY_OPERATIONS.key(), c.ok(), c.failed(), c.unknown()));
        if (c.reads() > 0) {
            b.append(", ").append(io.clusterbench.Format.count(c.reads(), "read"));
        }
        if (c.keys() > 0) {
            b.append(", ").append(io.clusterbench.Format.count(c.keys(), "key"));
        }
        b.append("; ").append(ANOMALY_FINAL_READS.key()).append(": ")
                .append(c.finalReadNodes().isEmpty() ? "none" : String.join(", ", c.finalReadNodes()));
        out.add(b.toString());
        out.add(load(c.load(), loadSeconds));
        if (c.bank() != null) {
            AnomalyCheck.Bank k = c.bank();
            out.add(f("bank: %d accounts, total %d expected, read %d..%d; %d transfers moved money", k.accounts(),
                    k.expectedTotal(), k.minTotal(), k.maxTotal(), k.transfers()));
        }
        if (c.counterFinals() != null) {
            List<String> finals = c.counterFinals().stream().map(x -> x.node() + "=" + x.value()).toList();
            out.add("counter final values: " + (finals.isEmpty() ? "none" : String.join(", ", finals)));
        }
        return out;
    }

    /** @return e.g. {@code load: 607.3 ok/s, load p95 12.3 ms (6 sessions, 10.0 s); errors 1213/40001 7} */
    static String load(AnomalyCheck.Load l, double seconds) {
        if (l == null) {
            return "load: -";
        }
        StringBuilder b = new StringBuilder(f("load: %.1f %s, %s %.1f ms (%d sessions, %s %.1f s)", l.okPerSecond(),
                ANOMALY_OK_PER_SECOND.key(), ANOMALY_LOAD_P95.key(), l.latency().p95Micros() / 1000.0, l.sessions(),
                ANOMALY_LOAD_TIME.key(), seconds));
        if (l.errorsByCode() != null && !l.errorsByCode().isEmpty()) {
            List<String> e = new ArrayList<>();
            l.errorsByCode().forEach((k, v) -> e.add(k + " " + v));
            b.append("; errors ").append(String.join(", ", e));
        }
        return b.toString();
    }

    /** @return {@code 1.47%} when found, {@code 0 in 4851 (≤ 0.062%)} when not, {@code not checked (N = 0)} */
    static String rate(AnomalyCheck.Count n) {
        if (n.checked() == 0) {
            return "not checked (N = 0)";
        }
        if (n.count() > 0) {
            return n.count() > n.checked() ? "-" : percent(100.0 * n.count() / n.checked());
        }
        return "0 in " + n.checked() + " (≤ " + percent(n.upperBound95Percent()) + ")";
    }

    /** @return {@code FORBIDDEN, found} / {@code forbids} / {@code allows} */
    static String promise(AnomalyCheck.Count n) {
        return n.forbidden() ? (n.count() > 0 ? "FORBIDDEN, found" : "forbids") : "allows";
    }

    /** @return a percentage with 2 significant digits at least, e.g. {@code 0.062%}, {@code 1.5%}, {@code 30%} */
    static String percent(Double p) {
        if (p == null) {
            return "-";
        }
        double v = p;
        String digits = v >= 10 ? f("%.0f", v) : v >= 1 ? f("%.1f", v) : v >= 0.1 ? f("%.2f", v)
                : v >= 0.01 ? f("%.3f", v) : f("%.2g", v);
        return digits + "%";
    }

    /** @return the witness in a few lines: its summary, one line per transaction, one per edge */
    static String witness(AnomalyWitness w) {
        StringBuilder b = new StringBuilder(f("    %s %s: %s%n", ANOMALY_WITNESS.key(), w.anomaly(), w.summary()));
        for (AnomalyWitness.Txn t : w.transactions()) {
            List<String> ops = t.ops().size() <= OPS_SHOWN ? t.ops() : new ArrayList<>(t.ops().subList(0, OPS_SHOWN));
            String more = t.ops().size() > OPS_SHOWN ? "; +" + (t.ops().size() - OPS_SHOWN) + " more" : "";
            b.append(f("      %s%d %s s%d %.6f-%.6f s %s: %s%s%s%n", w.edges().isEmpty() ? "#" : "T", t.id(), t.node(),
                    t.session(), t.invokeMicros() / 1e6, t.completeMicros() / 1e6, t.outcome(), String.join("; ", ops),
                    more, t.error() == null ? "" : " [" + t.error() + "]"));
        }
        for (AnomalyWitness.Edge e : w.edges()) {
            b.append("      ").append(e.type()).append(": ").append(e.text()).append('\n');
        }
        return b.toString();
    }

    /**
     * @return one line per setting and workload: anomalies found (forbidden ones marked *), ok/s, p95; then one line per
     *         setting with a validity flag ({@code Setting 2 flagged: host-cpu-saturated}); newline-ended
     */
    public static String summary(AnomalyDocument doc) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of(ANOMALY_SETTING.key(), "workload", ANOMALY_OPERATIONS.key(), ANOMALY_OK_PER_SECOND.key(),
                ANOMALY_LOAD_P95.key() + " (ms)", ANOMALY_FOUND.key() + " (* = forbidden by the setting)"));
        for (AnomalySetting s : doc.settings()) {
            for (AnomalyCheck c : s.checks()) {
                rows.add(List.of(s.index() + " " + s.name(), c.workload(), Long.toString(c.operations()),
                        c.load() == null ? "-" : f("%.1f", c.load().okPerSecond()),
                        c.load() == null ? "-" : f("%.1f", c.load().latency().p95Micros() / 1000.0), found(c)));
            }
        }
        StringBuilder b = new StringBuilder("Anomalies per setting (").append(doc.status()).append(", ")
                .append(f("%.1f", doc.durationSeconds())).append(" s):\n");
        Columns.render(rows, new boolean[] {true, true, false, false, false, true}, "  ").lines()
                .forEach(l -> b.append("  ").append(l).append('\n'));
        for (AnomalySetting s : doc.settings()) {
            if (s.validity() != null && !s.validity().clean()) {
                b.append("  ").append(ANOMALY_SETTING.key()).append(' ').append(s.index()).append(" flagged: ")
                        .append(s.validity().names()).append('\n');
            }
        }
        return b.toString();
    }

    /** @return e.g. {@code G-single 88*, lost-update 5*, stale-read 10}, or {@code none in 4851 transactions} */
    static String found(AnomalyCheck c) {
        if (!c.checked()) {
            return "not checked";
        }
        List<String> f = new ArrayList<>();
        for (AnomalyCheck.Count n : c.counts()) {
            if (n.count() > 0) {
                f.add(n.anomaly() + " " + n.count() + (n.forbidden() ? "*" : ""));
            }
        }
        return f.isEmpty() ? "none in " + c.ok() + " acknowledged " + ANOMALY_OPERATIONS.key() : String.join(", ", f);
    }

    /**
     * {@code compare} of two or more anomaly results: per setting (matched by name) and workload, the operations,
     * throughput and p95 side by side, then every class found in any of them with its count (* = forbidden there) or
     * "0 in N".
     *
     * @param docs   the results, the first the baseline
     * @param labels one label per result ({@code A}, {@code B}, …)
     * @param sources where each was read from
     * @return the lines, each without a line break
     */
    public static List<String> compare(List<AnomalyDocument> docs, List<String> labels, List<String> sources) {
        List<String> out = new ArrayList<>();
        out.add("Anomaly results compared per setting:");
        for (int i = 0; i < docs.size(); i++) {
            out.add("  " + labels.get(i) + " = " + sources.get(i) + " (" + docs.get(i).status() + ")");
        }
        List<String> names = new ArrayList<>();
        docs.forEach(d -> d.settings().forEach(s -> {
            if (!names.contains(s.name())) {
                names.add(s.name());
            }
        }));
        for (String name : names) {
            List<String> workloads = new ArrayList<>();
            for (AnomalyDocument d : docs) {
                AnomalySetting s = byName(d, name);
                if (s != null) {
                    s.checks().stream().map(AnomalyCheck::workload).filter(w -> !workloads.contains(w))
                            .forEach(workloads::add);
                }
            }
            for (String w : workloads) {
                out.add("");
                out.add(ANOMALY_SETTING.key() + " " + name + ", " + w + ":");
                List<AnomalyCheck> checks = docs.stream().map(d -> check(byName(d, name), w)).toList();
                List<List<String>> rows = compareRows(checks, labels);
                List<String> validity = new ArrayList<>(List.of("validity"));
                docs.forEach(d -> {
                    AnomalySetting s = byName(d, name);
                    validity.add(s == null || s.validity() == null ? "-" : s.validity().names());
                });
                rows.add(validity);
                Columns.render(rows, null, "  ").lines().forEach(l -> out.add("  " + l));
            }
        }
        return out;
    }

    /**
     * {@code compare} of runs made with {@code --anomalies}: per step (thread count and repeat) and workload, the
     * setting, the history rate and its share of the run's events, then {@link #compare}'s rows (operations, ok/s,
     * p95, every class found in any result or "0 in N"), one column per result.
     *
     * @param results the results compared, the first the baseline
     * @return the lines, each without a line break; empty when no run had {@code --anomalies}
     */
    public static List<String> compareRuns(List<NamedResult> results) {
        java.util.Map<String, List<RunAnomalies>> bySteps = new java.util.LinkedHashMap<>();
        for (int i = 0; i < results.size(); i++) {
            for (RunRecord run : results.get(i).measuredRuns()) {
                RunAnomalies a = run.fact(FactKeys.ANOMALIES);
                if (a != null) {
                    String step = run.threads() + " threads" + (run.repeat() > 1 ? ", run " + run.repeat() : "");
                    bySteps.computeIfAbsent(step, k -> new ArrayList<>(java.util.Collections.nCopies(results.size(),
                            null))).set(i, a);
                }
            }
        }
        if (bySteps.isEmpty()) {
            return List.of();
        }
        List<String> labels = results.stream().map(NamedResult::label).toList();
        List<String> out = new ArrayList<>(List.of("", "Anomalies beside the load (--anomalies), side by side:"));
        bySteps.forEach((step, sides) -> {
            List<String> workloads = new ArrayList<>();
            sides.stream().filter(java.util.Objects::nonNull).flatMap(a -> a.setting().checks().stream())
                    .map(AnomalyCheck::workload).filter(w -> !workloads.contains(w)).forEach(workloads::add);
            for (String w : workloads) {
                out.add("");
                out.add(step + ", " + w + ":");
                List<List<String>> rows = new ArrayList<>();
                List<String> setting = new ArrayList<>(List.of(ANOMALY_SETTING.key()));
                List<String> rate = new ArrayList<>(List.of(ANOMALY_HISTORY_RATE.key()));
                List<String> share = new ArrayList<>(List.of(ANOMALY_SHARE.key()));
                for (RunAnomalies a : sides) {
                    setting.add(a == null ? "-" : a.setting().name());
                    rate.add(a == null ? "-" : f("%.1f", a.rateOpsPerSecond()));
                    share.add(a == null ? "-" : percent(a.percentOfRunEvents()));
                }
                List<List<String>> base = compareRows(sides.stream().map(a -> a == null ? null
                        : check(a.setting(), w)).toList(), labels);
                rows.add(base.get(0));
                rows.addAll(List.of(setting, rate, share));
                rows.addAll(base.subList(1, base.size()));
                Columns.render(rows, null, "  ").lines().forEach(l -> out.add("  " + l));
            }
        });
        return out;
    }

    private static List<List<String>> compareRows(List<AnomalyCheck> checks, List<String> labels) {
        List<List<String>> rows = new ArrayList<>();
        List<String> head = new ArrayList<>(List.of(""));
        head.addAll(labels);
        rows.add(head);
        rows.add(row(ANOMALY_OPERATIONS.key(), checks, c -> Long.toString(c.operations())));
        rows.add(row(ANOMALY_OK_PER_SECOND.key(), checks, c -> c.load() == null ? "-" : f("%.1f", c.load().okPerSecond())));
        rows.add(row(ANOMALY_LOAD_P95.key() + " (ms)", checks, c -> c.load() == null ? "-"
                : f("%.1f", c.load().latency().p95Micros() / 1000.0)));
        List<String> classes = new ArrayList<>();
        for (AnomalyCheck c : checks) {
            if (c != null) {
                c.counts().stream().filter(n -> n.count() > 0).map(AnomalyCheck.Count::anomaly)
                        .filter(a -> !classes.contains(a)).forEach(classes::add);
            }
        }
        if (classes.isEmpty()) {
            rows.add(row(ANOMALY_FOUND.key(), checks, c -> c.checked() ? "none" : "not checked"));
        }
        for (String a : classes) {
            rows.add(row(a, checks, c -> {
                AnomalyCheck.Count n = c.count(a);
                return n == null ? "-" : n.count() > 0 ? n.count() + (n.forbidden() ? " *" : "") : rate(n);
            }));
        }
        return rows;
    }

    private static List<String> row(String label, List<AnomalyCheck> checks,
                                    java.util.function.Function<AnomalyCheck, String> cell) {
        List<String> r = new ArrayList<>(List.of(label));
        checks.forEach(c -> r.add(c == null ? "-" : cell.apply(c)));
        return r;
    }

    private static AnomalySetting byName(AnomalyDocument d, String name) {
        return d.settings().stream().filter(s -> s.name().equals(name)).findFirst().orElse(null);
    }

    private static AnomalyCheck check(AnomalySetting s, String workload) {
        return s == null ? null : s.checks().stream().filter(c -> c.workload().equals(workload)).findFirst()
                .orElse(null);
    }
}
