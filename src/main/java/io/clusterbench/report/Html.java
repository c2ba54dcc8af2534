package io.clusterbench.report;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Small HTML helpers: escaping, tables, number text. Thread-safe (stateless). Numbers use
 * {@link Locale#ROOT}.
 */
final class Html {
    /** Cells that hold only a number or a spread (digits, signs, brackets, dashes, ×, %) are right-aligned. */
    private static final Pattern NUMERIC = Pattern.compile("[-+0-9.,%\\[\\]–× ]+");

    private Html() {
    }

    /** @return {@code text} with its first letter in upper case, as a heading starts ({@code Differing variables}) */
    static String heading(String text) {
        return text == null || text.isEmpty() ? "" : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    /** @return {@code text} with {@code & < > " '} escaped; "" for null */
    static String esc(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /**
     * @param head header cells (plain text)
     * @param rows body cells (already HTML: escape text with {@link #esc})
     * @return a {@code <table>}
     */
    static String table(List<String> head, List<List<String>> rows) {
        StringBuilder b = new StringBuilder("<div class=\"table\"><table>\n<thead><tr>");
        head.forEach(h -> b.append("<th>").append(esc(h)).append("</th>"));
        b.append("</tr></thead>\n<tbody>\n");
        for (List<String> r : rows) {
            b.append("<tr>");
            r.forEach(c -> b.append(NUMERIC.matcher(c).matches() ? "<td class=\"num\">" : "<td>").append(c)
                    .append("</td>"));
            b.append("</tr>\n");
        }
        return b.append("</tbody>\n</table></div>\n").toString();
    }
}
