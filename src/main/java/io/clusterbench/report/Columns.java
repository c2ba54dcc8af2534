package io.clusterbench.report;

import java.util.List;

/**
 * Left-aligned text columns for console tables. Thread-safe (stateless).
 */
final class Columns {
    private Columns() {
    }

    /**
     * @param rows rows of cells; the first is the header; rows may have different lengths
     * @param gap  text between columns
     * @return the table, lines joined by {@code \n}, trailing spaces removed, no final newline
     */
    static String render(List<List<String>> rows, String gap) {
        int columns = rows.stream().mapToInt(List::size).max().orElse(0);
        int[] width = new int[columns];
        for (List<String> r : rows) {
            for (int i = 0; i < r.size(); i++) {
                width[i] = Math.max(width[i], r.get(i).length());
            }
        }
        StringBuilder b = new StringBuilder();
        for (List<String> r : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < r.size(); i++) {
                line.append(i == 0 ? "" : gap).append(r.get(i)).append(" ".repeat(width[i] - r.get(i).length()));
            }
            b.append(b.length() == 0 ? "" : "\n").append(line.toString().stripTrailing());
        }
        return b.toString();
    }
}
