package io.clusterbench;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * The nearest names to a mistyped one ({@code --thread} → {@code --threads}, {@code runn} → {@code run}): the
 * candidates at the smallest edit distance (insertions, deletions, substitutions and swaps of two neighbouring
 * characters, case ignored, leading dashes and {@code _}/{@code -} not counted), when that distance is small
 * for the word: at most 2, and less than half the typed word's length, so a short word is not "near" everything.
 *
 * <p>Thread-safe (stateless).
 */
public final class DidYouMean {
    private static final int MAX_DISTANCE = 2;

    private DidYouMean() {
    }

    /**
     * @param typed      what was typed ({@code --thread}; an {@code =value} is ignored)
     * @param candidates the valid names, in the order they should be offered
     * @return the nearest candidates (ties in {@code candidates}' order, at most 3), empty when none is near
     */
    public static List<String> nearest(String typed, Collection<String> candidates) {
        String word = key(typed.split("=", 2)[0]);
        int best = Integer.MAX_VALUE;
        for (String c : candidates) {
            int d = distance(word, key(c));
            if (d == 0) {
                return List.of(); // a valid name in another spelling: nothing to suggest
            }
            best = Math.min(best, d);
        }
        List<String> out = new ArrayList<>();
        if (best > Math.min(MAX_DISTANCE, (word.length() - 1) / 2)) {
            return out;
        }
        for (String c : candidates) {
            if (out.size() < 3 && !out.contains(c) && distance(word, key(c)) == best) {
                out.add(c);
            }
        }
        return out;
    }

    /**
     * @return " (did you mean --threads?)", " (did you mean --time or --timeout?)", or "" when nothing is near
     */
    public static String hint(String typed, Collection<String> candidates) {
        List<String> near = nearest(typed, candidates);
        if (near.isEmpty()) {
            return "";
        }
        String list = near.size() == 1 ? near.get(0)
                : String.join(", ", near.subList(0, near.size() - 1)) + " or " + near.get(near.size() - 1);
        return " (did you mean " + list + "?)";
    }

    private static String key(String name) {
        return name.replaceFirst("^-+", "").replace('_', '-').toLowerCase(Locale.ROOT);
    }

    /** @return the optimal-string-alignment distance of {@code a} and {@code b} */
    public static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
