package io.clusterbench.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds internal names in the visible text of a clusterbench HTML page (page text outside {@code <code>} and inline
 * SVG graphics of data such as flame graphs, tooltips,
 * chart titles, axis titles, legends, marker labels and categories): a camelCase key ({@code tpsDipPercent}), a
 * counter rate key ({@code QuestionsPerSecond}) or a dotted key ({@code galera.sampleSkewMicros}). Stateless.
 */
public final class VisibleNames {
    /** lower camelCase of two or more lowercase letters then a capital: {@code bufferPoolMissPercent}, {@code tpmC} */
    static final Pattern CAMEL = Pattern.compile("\\b[a-z]{2,}[A-Z][A-Za-z0-9]*\\b");
    /** a per-second rate key: {@code QuestionsPerSecond}, {@code Com_commitPerSecond} */
    static final Pattern RATE = Pattern.compile("\\b\\w+PerSecond\\b");
    /** a dotted key: {@code tpcc.tpmC}, {@code background.tps} */
    static final Pattern DOTTED = Pattern.compile("\\b([a-z][A-Za-z]*)\\.([a-z][A-Za-z_]*)\\b");
    /**
     * Words that look like keys but are not: file names, Galera provider options, abbreviations, and the field's own
     * terms ({@code tpmC}, TPC-C's metric).
     */
    static final Pattern NOT_A_KEY = Pattern.compile("[a-z0-9_]+\\.(json|jsonl|md|html|csv|hlog|svg|png|tsv|"
            + "txt|cnf|sql|sh|js|css|gz|folded|log|err)|(gcache|gcs|evs|pc|ist|repl|cert|socket|gmcast|base)\\.[a-z_]+|e\\.g|i\\.e"
            + "|tpmC");
    private static final ObjectMapper JSON = new ObjectMapper();

    private VisibleNames() {
    }

    /** @return the internal names in {@code html}'s visible text, in order found; empty when none */
    public static List<String> in(String html) {
        Map<String, List<String>> found = new TreeMap<>();
        scan("page", html, found);
        return found.getOrDefault("page", List.of());
    }

    /** Adds the internal names in the page's visible text to {@code found} under {@code page}. */
    public static void scan(String page, String html, Map<String, List<String>> found) {
        List<String> texts = new ArrayList<>();
        Matcher data = Pattern.compile("<script type=\"application/json\" id=\"report-data\">(.*?)</script>",
                Pattern.DOTALL).matcher(html);
        if (data.find()) {
            try {
                chartTexts(JSON.readTree(data.group(1)), texts);
            } catch (java.io.IOException e) {
                throw new IllegalStateException(e);
            }
        }
        // code is literal (command lines, variable names); an inline SVG draws data (a flame graph's server function
        // names, a witness timeline), not the report's own words
        String body = html.replaceAll("(?s)<script.*?</script>", " ").replaceAll("(?s)<style.*?</style>", " ")
                .replaceAll("(?s)<code>.*?</code>", " ").replaceAll("(?s)<svg.*?</svg>", " ");
        Matcher attr = Pattern.compile("(?:title|aria-label|alt|placeholder)=\"([^\"]*)\"").matcher(body);
        while (attr.find()) {
            texts.add(unescape(attr.group(1)));
        }
        texts.add(unescape(body.replaceAll("(?s)<[^>]*>", " ")));
        List<String> names = new ArrayList<>();
        for (String t : texts) {
            for (Pattern p : List.of(CAMEL, RATE, DOTTED)) {
                Matcher m = p.matcher(t);
                while (m.find()) {
                    String name = m.group();
                    if (!NOT_A_KEY.matcher(name).matches() && !names.contains(name)) {
                        names.add(name);
                    }
                }
            }
        }
        names.removeIf(n -> names.stream().anyMatch(d -> d.endsWith("." + n))); // the dotted key says it all
        if (!names.isEmpty()) {
            found.put(page, names);
        }
    }

    /** Every string of the chart specs a reader sees: titles, axis titles, legends, marker labels, categories. */
    private static void chartTexts(JsonNode data, List<String> out) {
        for (JsonNode c : data.path("charts")) {
            for (String field : List.of("title", "x", "yTitle")) {
                out.add(c.path(field).asText(""));
            }
            c.path("series").forEach(s -> out.add(s.path("label").asText("")));
            c.path("markers").forEach(m -> out.add(m.path("label").asText("")));
            c.path("categories").forEach(k -> out.add(k.asText("")));
        }
    }

    private static String unescape(String s) {
        return s.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'")
                .replace("&amp;", "&");
    }
}
