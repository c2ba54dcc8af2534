package io.clusterbench.ab;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * The execution order of an A/B comparison: thread counts × repeats pairs, each pair one A and one B run
 * back to back; at every thread count A runs first in half of the pairs and B in the other half (one apart
 * when the repeats are odd), whatever the mode. Pure function of its inputs; the same inputs (seed included) give the same schedule, which
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
        List<List<Side>> firsts = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i++) {
            firsts.add(firstSides(repeats, i, mode, random));
        }
        List<AbStep> out = new ArrayList<>();
        for (int r = 1; r <= repeats; r++) {
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < sorted.size(); i++) {
                order.add(i);
            }
            if (mode == OrderMode.SHUFFLE) {
                for (int i = order.size() - 1; i > 0; i--) {
                    Collections.swap(order, i, random.nextInt(i + 1));
                }
            } else if (r % 2 == 0) {
                Collections.reverse(order);
            }
            for (int i : order) {
                Side first = firsts.get(i).get(r - 1);
                out.add(new AbStep(out.size(), r, sorted.get(i), first));
                out.add(new AbStep(out.size(), r, sorted.get(i), first.other()));
            }
        }
        return List.copyOf(out);
    }

    /**
     * The side that runs first in each repeat at one thread count: A first in half of the repeats and B first
     * in the other half (one more of one order when the repeats are odd), so an order effect — the second run
     * of a pair faster or slower than the first — lands on both sides. ABBA alternates them by repeat,
     * starting with A at the 1st, 3rd, … thread count and with B at the others (so an odd repeat count's extra
     * order alternates over the thread counts too); SHUFFLE draws a random order of the same balanced set,
     * with the extra one drawn at random.
     */
    private static List<Side> firstSides(int repeats, int threadIndex, OrderMode mode, SplittableRandom random) {
        List<Side> firsts = new ArrayList<>();
        Side start = threadIndex % 2 == 0 ? Side.A : Side.B;
        if (mode == OrderMode.SHUFFLE && random.nextBoolean()) {
            start = start.other();
        }
        for (int r = 0; r < repeats; r++) {
            firsts.add(r % 2 == 0 ? start : start.other());
        }
        if (mode == OrderMode.SHUFFLE) {
            for (int i = firsts.size() - 1; i > 0; i--) {
                Collections.swap(firsts, i, random.nextInt(i + 1));
            }
        }
        return firsts;
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
