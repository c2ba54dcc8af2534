package io.clusterbench.ab;

/**
 * How an {@code ab} schedule orders its steps. Both keep the runs of a block (one per side) next to each other, so
 * slow drift of the machine (other load, caches, thermal state) lands on every side of a block almost equally, and
 * both take each block's side order from the Williams design of {@link AbSchedule#williams}.
 */
public enum OrderMode {
    /**
     * Balanced and deterministic: the pairs alternate AB, BA in execution order (A B B A A B B A …), the
     * thread counts run ascending in odd repeats and descending in even ones, so each thread count sees AB
     * and BA equally often (exactly when the repeats are even) and no thread count always runs first. With more
     * sides each thread count runs the design's rows in turn (ABC, BCA, CAB, CBA, ACB, BAC for three).
     */
    ABBA,
    /**
     * Seeded shuffle: per repeat, the thread counts in a random order; per thread count, a random order of
     * a balanced set of pair orders (as many AB as BA, the odd one out drawn at random; with more sides, of the
     * design's rows from a random starting row)
     * ({@link java.util.SplittableRandom} from the seed; the same seed gives the same schedule).
     */
    SHUFFLE;

    /**
     * @param text     {@code --order} as given: abba or shuffle, any case
     * @param problems receives the problem when it is neither
     * @return the mode, or null after adding a problem
     */
    public static OrderMode parse(String text, java.util.List<String> problems) {
        return switch (text.toLowerCase(java.util.Locale.ROOT)) {
            case "abba" -> ABBA;
            case "shuffle" -> SHUFFLE;
            default -> {
                problems.add("--order must be abba or shuffle (got '" + text + "')");
                yield null;
            }
        };
    }
}
