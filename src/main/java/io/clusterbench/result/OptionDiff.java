package io.clusterbench.result;

import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Run options ({@code runs[].plan}, a {@link PlanRecord}) whose values differ between results: consistency,
 * routing, thread counts, time, workload options and every other option a run records, named by their command-line
 * flag (docs/metrics.md, "Differing options"). A result's value of an option is the set of values over its runs,
 * joined with {@code ,} (a sweep over 1,8,64 threads reads {@code 1,8,64}). Left out: {@code randSeed} (drawn
 * per run unless given) and {@code reportIntervalSeconds} (output only). A sandbox relay's links are compared too,
 * as {@code link NODE} ({@link #links}).
 *
 * <p>Thread-safe (stateless).
 */
public final class OptionDiff {
    /** Plan fields never compared. */
    public static final Set<String> NOT_COMPARED = Set.of("randSeed", "reportIntervalSeconds");
    private static final ObjectMapper MAPPER = new ObjectMapper();
    /** Plan field → command-line flag where the flag is not the field in kebab case. */
    private static final Map<String, String> FLAGS = Map.of("timeSeconds", "--time", "warmupSeconds", "--warmup",
            "rateEventsPerSecond", "--rate", "sampleIntervalSeconds", "--report-interval (sampling)",
            "randType", "--rand-type", "ignoreErrors", "--ignore-errors", "dbPsMode", "--db-ps-mode",
            "workload", "workload", "latencyStart", "latency start (--rate)", "giveUpSeconds", "--give-up-time");

    private OptionDiff() {
    }

    /**
     * @param docs results in order
     * @return the differing options, in plan order, each with one value per result ({@code null} where a result's
     *         runs do not record the option; such absence alone does not make an option differ)
     */
    public static List<VariableDiff.Entry> of(List<ResultDocument> docs) {
        List<Map<String, String>> values = new ArrayList<>();
        Set<String> keys = new LinkedHashSet<>();
        for (ResultDocument d : docs) {
            Map<String, Set<String>> seen = new LinkedHashMap<>();
            if (d.runs() != null) {
                for (RunRecord r : d.runs()) {
                    if (r.plan() == null) {
                        continue;
                    }
                    @SuppressWarnings("unchecked")
                    Map<String, Object> plan = MAPPER.convertValue(r.plan(), Map.class);
                    plan.forEach((k, v) -> seen.computeIfAbsent(k, x -> new LinkedHashSet<>())
                            .add(v == null ? "none" : String.valueOf(v)));
                }
            }
            Map<String, String> joined = new LinkedHashMap<>();
            seen.forEach((k, v) -> joined.put(k, String.join(",", v)));
            keys.addAll(joined.keySet());
            values.add(joined);
        }
        List<VariableDiff.Entry> out = new ArrayList<>();
        for (String k : keys) {
            if (NOT_COMPARED.contains(k)) {
                continue;
            }
            List<String> row = new ArrayList<>();
            values.forEach(m -> row.add(m.get(k)));
            if (row.stream().filter(java.util.Objects::nonNull).distinct().count() > 1) {
                out.add(new VariableDiff.Entry(flag(k), java.util.Collections.unmodifiableList(row)));
            }
        }
        out.addAll(links(docs));
        return out;
    }

    /** Value of a node's link in a result recorded without a relay (its nodes talk directly). */
    public static final String DIRECT = "direct";

    /**
     * @return per node, {@code link NODE} with each result's link at the start of its runs
     *         ({@code observerFacts.relay.nodes.NODE.link}, e.g. {@code 25ms}, {@code off}; {@link #DIRECT} for a
     *         result without relay facts), where the results differ ({@code off} and {@link #DIRECT} both add no
     *         delay: no difference): a far node is a setup difference as an option is
     */
    static List<VariableDiff.Entry> links(List<ResultDocument> docs) {
        List<Map<String, String>> perDoc = new ArrayList<>();
        Set<String> nodes = new LinkedHashSet<>();
        boolean anyRelay = false;
        for (ResultDocument d : docs) {
            Map<String, Set<String>> seen = new LinkedHashMap<>();
            boolean relay = false;
            for (RunRecord r : d.runs() == null ? List.<RunRecord>of() : d.runs()) {
                RelayFacts f = r.observerFacts() == null ? null : r.fact(FactKeys.RELAY);
                if (f != null && f.relay()) {
                    relay = true;
                    f.nodes().forEach((n, link) -> {
                        if (link.link() != null) {
                            seen.computeIfAbsent(n, x -> new LinkedHashSet<>()).add(link.link());
                        }
                    });
                }
            }
            Map<String, String> joined = new LinkedHashMap<>();
            seen.forEach((n, v) -> joined.put(n, String.join(",", v)));
            joined.put("", relay ? "relay" : DIRECT);
            nodes.addAll(seen.keySet());
            anyRelay |= relay;
            perDoc.add(joined);
        }
        List<VariableDiff.Entry> out = new ArrayList<>();
        if (!anyRelay) {
            return out;
        }
        for (String n : nodes) {
            List<String> row = new ArrayList<>();
            perDoc.forEach(m -> row.add(m.get("").equals(DIRECT) ? DIRECT : m.get(n)));
            long distinct = row.stream().filter(java.util.Objects::nonNull).map(v -> v.equals("off") ? DIRECT : v)
                    .distinct().count(); // a relay link without delay adds no delay either: not a difference
            if (distinct > 1) {
                out.add(new VariableDiff.Entry("link " + n, java.util.Collections.unmodifiableList(row)));
            }
        }
        return out;
    }

    /** @return the command-line spelling of a plan field: {@code consistency} → {@code --consistency} */
    static String flag(String field) {
        String known = FLAGS.get(field);
        if (known != null) {
            return known;
        }
        StringBuilder b = new StringBuilder("--");
        for (char c : field.toCharArray()) {
            if (Character.isUpperCase(c)) {
                b.append('-').append(Character.toLowerCase(c));
            } else {
                b.append(c);
            }
        }
        return b.toString().toLowerCase(Locale.ROOT);
    }
}
