package io.clusterbench.ab;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * The execution order of an {@code ab} comparison: thread counts × repeats <b>blocks</b>, each block one run of
 * every side back to back, in an order taken from a Williams design ({@link #williams}): over every
 * {@link #cycle} blocks of a thread count each side runs in each position of the block equally often and runs
 * right after each other side equally often, so a position effect (the first run of a block slower, say) and a
 * first-order carry-over (a run slowed by the one before it) land on every side alike. With two sides the design is
 * {AB, BA} and a block is today's pair: A first in half of the pairs and B in the other half (one apart when the
 * repeats are odd), whatever the mode. Pure function of its inputs; the same inputs (seed included) give the same
 * schedule, which is recorded in result.json so any run can be replayed.
 *
 * <p>Thread-safe (stateless). Usage: {@code AbSchedule.of(List.of(1, 4, 16), 4, OrderMode.ABBA, 42)}.
 */
public final class AbSchedule {
    private AbSchedule() {
    }

    /**
     * The two-sided schedule (sides A and B).
     *
     * @see #of(List, List, int, OrderMode, long)
     */
    public static List<AbStep> of(List<Integer> threads, int repeats, OrderMode mode, long seed) {
        return of(List.of(Side.A, Side.B), threads, repeats, mode, seed);
    }

    /**
     * @param sides   the sides, in the order given (at least 2, distinct)
     * @param threads thread counts (duplicates removed; each &gt;= 1)
     * @param repeats blocks per thread count (&gt;= 1); the design is balanced when it is a multiple of
     *                {@link #cycle}
     * @param mode    {@link OrderMode}
     * @param seed    seed of {@link OrderMode#SHUFFLE}; ignored by {@link OrderMode#ABBA}
     * @return sides × thread counts × repeats steps in execution order, {@code index} 0, 1, 2, …
     * @throws IllegalArgumentException for fewer than 2 sides, no thread counts or repeats &lt; 1
     */
    public static List<AbStep> of(List<Side> sides, List<Integer> threads, int repeats, OrderMode mode, long seed) {
        List<Integer> sorted = new ArrayList<>(new TreeSet<>(threads));
        if (sides.size() < 2 || sorted.isEmpty() || repeats < 1 || sorted.get(0) < 1) {
            throw new IllegalArgumentException("an ab schedule needs 2 or more sides, thread counts >= 1 and repeats >= 1");
        }
        List<List<Integer>> design = williams(sides.size());
        SplittableRandom random = new SplittableRandom(seed);
        List<List<Integer>> rows = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i++) {
            rows.add(rows(design.size(), repeats, i, mode, random));
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
                for (int side : design.get(rows.get(i).get(r - 1))) {
                    out.add(new AbStep(out.size(), r, sorted.get(i), sides.get(side)));
                }
            }
        }
        return List.copyOf(out);
    }

    /**
     * The design's row each repeat of one thread count runs: the rows in turn from a starting row, so every
     * {@code rows} repeats run each row once (with two sides: A first in half of the repeats, B in the other half,
     * one more of one order when the repeats are odd). ABBA starts at row {@code threadIndex mod rows}, so the
     * first block's order and an incomplete cycle's extra rows also vary over the thread counts; SHUFFLE starts at
     * a random row and shuffles the repeats' rows.
     */
    private static List<Integer> rows(int rows, int repeats, int threadIndex, OrderMode mode, SplittableRandom random) {
        int start = threadIndex % rows;
        if (mode == OrderMode.SHUFFLE) {
            // two rows: the draw schedules recorded before the N-way design used, so a seed keeps its AB/BA schedule
            start = (start + (rows == 2 ? (random.nextBoolean() ? 1 : 0) : random.nextInt(rows))) % rows;
        }
        List<Integer> out = new ArrayList<>();
        for (int r = 0; r < repeats; r++) {
            out.add((start + r) % rows);
        }
        if (mode == OrderMode.SHUFFLE) {
            for (int i = out.size() - 1; i > 0; i--) {
                Collections.swap(out, i, random.nextInt(i + 1));
            }
        }
        return out;
    }

    /**
     * A Williams design for {@code n} sides (Williams 1949; Jones &amp; Kenward, <i>Design and Analysis of Cross-Over
     * Trials</i>, ch. 4): the first row 0, 1, n−1, 2, n−2, 3, …, each further row the one before plus 1 (mod n).
     * For even n these n rows are a Latin square in which every side follows every other side exactly once; for odd
     * n the n rows and their mirror images (2n rows) make every side follow every other exactly twice. n = 2 gives
     * {0 1, 1 0}.
     *
     * @param n number of sides, &gt;= 2
     * @return {@link #cycle}(n) rows, each a permutation of 0..n−1 (the order of one block)
     */
    public static List<List<Integer>> williams(int n) {
        if (n < 2) {
            throw new IllegalArgumentException("a Williams design needs 2 or more sides");
        }
        int[] first = new int[n];
        int low = 1;
        int high = n - 1;
        for (int p = 1; p < n; p++) {
            first[p] = p % 2 == 1 ? low++ : high--;
        }
        List<List<Integer>> rows = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            List<Integer> row = new ArrayList<>();
            for (int p = 0; p < n; p++) {
                row.add((first[p] + r) % n);
            }
            rows.add(List.copyOf(row));
        }
        if (n % 2 == 1) {
            for (int r = 0; r < n; r++) {
                List<Integer> mirror = new ArrayList<>(rows.get(r));
                Collections.reverse(mirror);
                rows.add(List.copyOf(mirror));
            }
        }
        return List.copyOf(rows);
    }

    /** @return blocks in one cycle of the Williams design for {@code n} sides: n when n is even, 2n when odd */
    public static int cycle(int n) {
        return n % 2 == 0 ? n : 2 * n;
    }

    /**
     * @return the repeats {@code ab} runs when {@code --repeat} is not given: 4 for two sides, else the smallest
     * whole number of Williams cycles that is at least 4 (3 sides: 6, 4: 4, 5: 10, 6: 6)
     */
    public static int defaultRepeats(int sides) {
        int c = cycle(sides);
        return c * (int) Math.ceil(4.0 / c);
    }

    /**
     * @return the schedule as text, blocks separated by spaces: one letter per step when every side's name is one
     * character ("AB BA AB", "ABC CAB"), else the names joined by '/' ("o3/pgo1/pgo2 pgo1/pgo2/o3")
     */
    public static String letters(List<AbStep> steps) {
        int n = (int) steps.stream().map(AbStep::side).distinct().count();
        boolean oneChar = steps.stream().allMatch(s -> s.side().name().length() == 1);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < steps.size(); i++) {
            if (i > 0) {
                b.append(i % Math.max(n, 1) == 0 ? " " : oneChar ? "" : "/");
            }
            b.append(steps.get(i).side());
        }
        return b.toString();
    }
}
