package io.clusterbench.ab;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * The execution order of an A/B comparison: thread counts × repeats pairs, each pair one A and one B run
 * back to back. Pure function of its inputs; the same inputs (seed included) give the same schedule, which
 * is recorded in result.json so any run can be replayed.
 *
 * <p>Thread-safe (stateless). Usage: {@code AbSchedule.of(List.of(1, 4, 16), 4, OrderMode.ABBA, 42)}.
 */
public final class AbSchedule {
    private AbSchedule() {
    }

    /**
     * @param threads thread counts (duplicates removed; each &gt;= 1)
     * @param repeats pairs per thread count (&gt;= 1)
     * @param mode    {@link OrderMode}
     * @param seed    seed of {@link OrderMode#SHUFFLE}; ignored by {@link OrderMode#ABBA}
     * @return 2 × thread counts × repeats steps in execution order, {@code index} 0, 1, 2, …
     * @throws IllegalArgumentException for no thread counts or repeats &lt; 1
     */
    public static List<AbStep> of(List<Integer> threads, int repeats, OrderMode mode, long seed) {
        List<Integer> sorted = new ArrayList<>(new TreeSet<>(threads));
        if (sorted.isEmpty() || repeats < 1 || sorted.get(0) < 1) {
            throw new IllegalArgumentException("an A/B schedule needs thread counts >= 1 and repeats >= 1");
        }
        SplittableRandom random = new SplittableRandom(seed);
        List<AbStep> out = new ArrayList<>();
        int pair = 0;
        for (int r = 1; r <= repeats; r++) {
            List<Integer> order = new ArrayList<>(sorted);
            if (mode == OrderMode.SHUFFLE) {
                for (int i = order.size() - 1; i > 0; i--) {
                    Collections.swap(order, i, random.nextInt(i + 1));
                }
            } else if (r % 2 == 0) {
                Collections.reverse(order);
            }
            for (int t : order) {
                Side first = mode == OrderMode.SHUFFLE ? (random.nextBoolean() ? Side.A : Side.B)
                        : pair % 2 == 0 ? Side.A : Side.B;
                out.add(new AbStep(out.size(), r, t, first));
                out.add(new AbStep(out.size(), r, t, first.other()));
                pair++;
            }
        }
        return List.copyOf(out);
    }

    /** @return the schedule as text, one letter per step, pairs separated by spaces, e.g. "AB BA AB" */
    public static String letters(List<AbStep> steps) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < steps.size(); i++) {
            if (i > 0 && i % 2 == 0) {
                b.append(' ');
            }
            b.append(steps.get(i).side());
        }
        return b.toString();
    }
}
