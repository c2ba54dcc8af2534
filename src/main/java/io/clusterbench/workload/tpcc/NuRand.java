package io.clusterbench.workload.tpcc;

import java.util.SplittableRandom;

/**
 * TPC-C's non-uniform random function NURand(A, x, y) = (((random(0, A) | random(x, y)) + C) % (y − x + 1)) + x
 * (TPC-C 5.11 clause 2.1.6), with its three run-time constants C drawn <em>once</em> when this object is
 * built: C_LAST for A = 255, C_ID for A = 1023, OL_I_ID for A = 8191.
 *
 * <p>sysbench-tpcc means to draw them once but its guard sets a flag to 0, which Lua treats as true, so it
 * redraws C on every call; here they are final fields.
 *
 * <p>Immutable and thread-safe; {@link #next} uses only the caller's generator.
 */
public final class NuRand {
    private final int cLast;
    private final int cId;
    private final int cItem;

    /** @param constants generator the three constants are drawn from (the run's seeded generator) */
    public NuRand(SplittableRandom constants) {
        this.cLast = constants.nextInt(256);
        this.cId = constants.nextInt(1024);
        this.cItem = constants.nextInt(8192);
    }

    /** @return C for A = 255 (customer last names), 0–255 */
    public int cLast() {
        return cLast;
    }

    /** @return C for A = 1023 (customer ids), 0–1023 */
    public int cId() {
        return cId;
    }

    /** @return C for A = 8191 (item ids), 0–8191 */
    public int cItem() {
        return cItem;
    }

    /**
     * @param a   255, 1023 or 8191
     * @param x   lower bound, inclusive
     * @param y   upper bound, inclusive, &gt; x
     * @return a value in {@code [x, y]}
     * @throws IllegalArgumentException for another {@code a}
     */
    public int next(SplittableRandom rng, int a, int x, int y) {
        int c = switch (a) {
            case 255 -> cLast;
            case 1023 -> cId;
            case 8191 -> cItem;
            default -> throw new IllegalArgumentException("NURand A must be 255, 1023 or 8191, got " + a);
        };
        return (((uniform(rng, 0, a) | uniform(rng, x, y)) + c) % (y - x + 1)) + x;
    }

    /** @return a customer id, NURand(1023, 1, 3000) */
    public int customerId(SplittableRandom rng) {
        return next(rng, 1023, 1, TpccConfig.CUSTOMERS);
    }

    /** @return an item id, NURand(8191, 1, 100000) */
    public int itemId(SplittableRandom rng) {
        return next(rng, 8191, 1, TpccConfig.ITEMS);
    }

    /** @return a customer last name, from NURand(255, 0, 999) */
    public String lastName(SplittableRandom rng) {
        return lastName(next(rng, 255, 0, 999));
    }

    /** @return uniform integer in {@code [lo, hi]} */
    public static int uniform(SplittableRandom rng, int lo, int hi) {
        return lo + rng.nextInt(hi - lo + 1);
    }

    private static final String[] SYLLABLES = {"BAR", "OUGHT", "ABLE", "PRI", "PRES", "ESE", "ANTI", "CALLY",
        "ATION", "EING"};

    /**
     * @param num 0–999
     * @return the last name built from the three syllables of {@code num}'s digits (TPC-C 4.3.2.3)
     */
    public static String lastName(int num) {
        return SYLLABLES[num / 100] + SYLLABLES[(num / 10) % 10] + SYLLABLES[num % 10];
    }

    /**
     * A warehouse other than {@code home}, uniformly over the others (TPC-C 2.4.1.5 and 2.5.1.2). sysbench-tpcc's
     * {@code other_ware()} loops until the draw <em>equals</em> the home warehouse, so it never returns another.
     *
     * @param home  the home warehouse, 1–scale
     * @param scale warehouses, &ge; 1
     * @return a warehouse in {@code [1, scale]} other than {@code home}; {@code home} when scale is 1
     */
    public static int otherWarehouse(SplittableRandom rng, int home, int scale) {
        if (scale <= 1) {
            return home;
        }
        int w = uniform(rng, 1, scale - 1);
        return w >= home ? w + 1 : w;
    }
}
