package io.clusterbench.report;

import java.util.List;

/**
 * A plain-text table for the console: every column as wide as its widest cell, the header included, so rows stay
 * aligned whatever the figures' widths (fixed widths let a sweep row shift once tps gained a digit, and the A/B
 * verdict header drift from its rows).
 *
 * <p>Thread-safe (stateless).
 */
final class TextTable {
    private TextTable() {
    }

    /**
     * @param rows   the header row first, then the data rows; every row as many cells as the header
     * @param left   per column, true to align left (text), false to align right (numbers)
     * @param indent what starts every line, e.g. four spaces
     * @param gap    what separates two columns
     * @return the lines, each ending in a line break; trailing spaces of a left-aligned last column removed
     * @throws IllegalArgumentException when a row has another number of cells than {@code left} has columns
     */
    static String render(List<String[]> rows, boolean[] left, String indent, String gap) {
        int[] width = new int[left.length];
        for (String[] row : rows) {
            if (row.length != left.length) {
                throw new IllegalArgumentException(row.length + " cells in a table of " + left.length + " columns");
            }
            for (int c = 0; c < row.length; c++) {
                width[c] = Math.max(width[c], row[c].length());
            }
        }
        StringBuilder b = new StringBuilder();
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder(indent);
            for (int c = 0; c < row.length; c++) {
                String pad = " ".repeat(width[c] - row[c].length());
                line.append(c == 0 ? "" : gap).append(left[c] ? row[c] + pad : pad + row[c]);
            }
            b.append(line.toString().stripTrailing()).append('\n');
        }
        return b.toString();
    }
}
