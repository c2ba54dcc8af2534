package io.clusterbench.report;

import java.util.List;

/**
 * Text columns for console tables, each as wide as its widest cell, the header included, so rows stay aligned
 * whatever the figures' widths (fixed widths let a sweep row shift once tps gained a digit). Thread-safe (stateless).
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
        return render(rows, null, gap);
    }

    /**
     * As {@link #render(List, String)}, with an alignment per column.
     *
     * @param left per column, true to align left (text), false to align right (numbers); null for all left
     */
    static String render(List<List<String>> rows, boolean[] left, String gap) {
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
                String pad = " ".repeat(width[i] - r.get(i).length());
                boolean alignLeft = left == null || i >= left.length || left[i];
                line.append(i == 0 ? "" : gap).append(alignLeft ? r.get(i) + pad : pad + r.get(i));
            }
            b.append(b.length() == 0 ? "" : "\n").append(line.toString().stripTrailing());
        }
        return b.toString();
    }
}
