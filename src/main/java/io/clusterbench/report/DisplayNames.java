package io.clusterbench.report;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The words and unit the HTML report shows for an internal name (an observer figure such as
 * {@code host.serverCpuPercent}, a result field such as {@code fault.atSeconds}), read from the resource
 * {@code display-names.tsv} beside this class. Each name in it is defined in docs/metrics.md (a test checks
 * it), so the page and the definitions share one table.
 *
 * <p>Thread-safe: the table is loaded once and never changed.
 */
final class DisplayNames {
    /**
     * One display name.
     *
     * @param words   what the figure is, in words
     * @param unit    the display unit, e.g. {@code MB/s}
     * @param divisor divides the stored value to give the display unit (1 for none)
     */
    record Name(String words, String unit, double divisor) {
        /** @return {@code words (unit)} */
        String label() {
            return words + " (" + unit + ")";
        }
    }

    private static final Map<String, Name> NAMES = load();

    private DisplayNames() {
    }

    /** @return every entry by key, in file order */
    static Map<String, Name> all() {
        return NAMES;
    }

    /**
     * @param key {@code <observer>.<figure>} or {@code <part>.<field>}
     * @return its display name; for a key missing from the table, the key itself with no unit, so a new figure
     *         still shows (and the test of the table names it)
     */
    static Name of(String key) {
        Name n = NAMES.get(key);
        return n != null ? n : new Name(key, "", 1);
    }

    /** @return {@code words (unit)} for {@code key}, or the key itself when the table lacks it */
    static String label(String key) {
        Name n = NAMES.get(key);
        return n != null ? n.label() : key;
    }

    private static Map<String, Name> load() {
        Map<String, Name> out = new LinkedHashMap<>();
        try (InputStream in = DisplayNames.class.getResourceAsStream("display-names.tsv")) {
            if (in == null) {
                throw new IllegalStateException("missing resource io/clusterbench/report/display-names.tsv");
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split("\t");
                if (f.length != 4) {
                    throw new IllegalStateException("display-names.tsv: not 4 tab-separated fields: " + line);
                }
                out.put(f[0], new Name(f[1], f[2], Double.parseDouble(f[3])));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Collections.unmodifiableMap(out);
    }
}
