package io.clusterbench.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The words and unit the HTML report shows for an internal name (an observer figure such as
 * {@code host.serverCpuPercent}, a result field such as {@code fault.atSeconds}), read from the table "Names in the
 * HTML report" of docs/metrics.md, which the build copies into the jar beside this class: the page and the
 * definitions share one table. A key the table lacks is shown in words made from the key (never the key itself);
 * a test fails on any figure of a stored result that reaches that fallback.
 *
 * <p>Thread-safe: the table is loaded once and never changed.
 */
final class DisplayNames {
    /** The resource: docs/metrics.md, copied by the build. */
    static final String RESOURCE = "metrics.md";
    /** The heading of the table's section. */
    static final String SECTION = "### Names in the HTML report";

    /**
     * One display name.
     *
     * @param words   what the figure is, in words
     * @param unit    the display unit, e.g. {@code MB/s}
     * @param divisor divides the stored value to give the display unit (1 for none)
     */
    record Name(String words, String unit, double divisor) {
        /** @return {@code words (unit)}, or the words alone without a unit */
        String label() {
            return unit.isEmpty() ? words : words + " (" + unit + ")";
        }
    }

    /** Stored unit → display unit → divisor, for the conversions the table may ask for. */
    private static final Map<String, Map<String, Double>> CONVERSIONS = Map.of(
            "bytes/s", Map.of("MB/s", 1e6), "µs", Map.of("ms", 1e3, "s", 1e6), "ms", Map.of("s", 1e3),
            "fraction", Map.of("%", 0.01));
    /** Unit suffixes of keys, for the fallback: suffix → display unit and divisor from the stored unit. */
    private static final List<Object[]> SUFFIXES = List.of(new Object[]{"BytesPerSecond", "MB/s", 1e6},
            new Object[]{"PerSecond", "per s", 1.0}, new Object[]{"Percent", "%", 1.0},
            new Object[]{"Micros", "ms", 1e3}, new Object[]{"Millis", "ms", 1.0},
            new Object[]{"Seconds", "s", 1.0}, new Object[]{"Bytes", "MB", 1e6});
    private static final Map<String, Name> NAMES = load();

    private DisplayNames() {
    }

    /** @return every entry by key, in table order */
    static Map<String, Name> all() {
        return NAMES;
    }

    /** @return true when the table has {@code key} */
    static boolean known(String key) {
        return NAMES.containsKey(key);
    }

    /**
     * @param key {@code <observer>.<figure>} or {@code <part>.<field>}
     * @return its display name; for a key missing from the table, words made from the key ({@link #fallback})
     */
    static Name of(String key) {
        Name n = NAMES.get(key);
        return n != null ? n : fallback(key);
    }

    /**
     * @param key a server counter figure of one node ({@code observed.serverNodes.N.<key>}, e.g.
     *            {@code QuestionsPerSecond})
     * @return its display name: that of the same figure of the server ({@code server.<key>})
     */
    static Name perNode(String key) {
        return of("server." + key);
    }

    /** @return {@code words (unit)} for {@code key} */
    static String label(String key) {
        return of(key).label();
    }

    /**
     * @return the name a key the table lacks is shown under: its figure part with the unit suffix taken off as the
     *         unit and the rest split into lower-case words ({@code galera.sampleSkewMicros} → "sample skew", ms)
     */
    static Name fallback(String key) {
        String field = key.substring(key.lastIndexOf('.') + 1);
        String unit = "";
        double divisor = 1;
        for (Object[] s : SUFFIXES) {
            if (field.endsWith((String) s[0]) && field.length() > ((String) s[0]).length()) {
                field = field.substring(0, field.length() - ((String) s[0]).length());
                unit = (String) s[1];
                divisor = (Double) s[2];
                break;
            }
        }
        String words = field.replaceAll("([a-z0-9])([A-Z])", "$1 $2").replace('_', ' ').toLowerCase(Locale.ROOT);
        return new Name(words, unit, divisor);
    }

    /** @return the table of the resource's section, by key */
    static Map<String, Name> parse(String markdown) {
        int start = markdown.indexOf(SECTION);
        if (start < 0) {
            throw new IllegalStateException(RESOURCE + ": no section \"" + SECTION + "\"");
        }
        int end = markdown.indexOf("\n#", start + SECTION.length());
        Map<String, Name> out = new LinkedHashMap<>();
        for (String line : markdown.substring(start, end < 0 ? markdown.length() : end).split("\n")) {
            if (!line.startsWith("| `")) {
                continue;
            }
            String[] f = line.substring(1, line.lastIndexOf('|')).split("\\|");
            if (f.length != 4) {
                throw new IllegalStateException(RESOURCE + ": not 4 cells (key, shown as, unit, stored as): " + line);
            }
            String key = f[0].strip().replace("`", "");
            String unit = f[2].strip();
            String stored = f[3].strip();
            out.put(key, new Name(f[1].strip(), unit, divisor(stored, unit, line)));
        }
        if (out.isEmpty()) {
            throw new IllegalStateException(RESOURCE + ": the section \"" + SECTION + "\" has no row");
        }
        return out;
    }

    private static double divisor(String stored, String unit, String line) {
        if (stored.equals(unit)) {
            return 1;
        }
        Double d = CONVERSIONS.getOrDefault(stored, Map.of()).get(unit);
        if (d == null) {
            throw new IllegalStateException(RESOURCE + ": no conversion from " + stored + " to " + unit + ": " + line);
        }
        return d;
    }

    private static Map<String, Name> load() {
        try (InputStream in = DisplayNames.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing resource io/clusterbench/report/" + RESOURCE
                        + " (docs/metrics.md, copied by the build)");
            }
            return Collections.unmodifiableMap(parse(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
