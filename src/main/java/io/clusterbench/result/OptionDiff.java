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
 * per run unless given) and {@code reportIntervalSeconds} (output only).
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
            "workload", "workload", "latencyStart", "latency start (--rate)");

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
