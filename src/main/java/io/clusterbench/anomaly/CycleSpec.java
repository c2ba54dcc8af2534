package io.clusterbench.anomaly;

/**
 * What a cycle of one class is made of: the edge types it may use, the type of the edge a search starts from, and
 * how many wr, rw and rt edges it must hold.
 *
 * <p>Immutable.
 */
enum CycleSpec {
    G0(AnomalyClass.G0, mask(DepType.WW), mask(DepType.WW), 0, 0, 0, false),
    G1C(AnomalyClass.G1C, mask(DepType.WW, DepType.WR), mask(DepType.WR), 1, 0, 0, false),
    G_SINGLE(AnomalyClass.G_SINGLE, mask(DepType.WW, DepType.WR, DepType.RW), mask(DepType.RW), 0, 1, 1, false),
    G2_ITEM(AnomalyClass.G2_ITEM, mask(DepType.WW, DepType.WR, DepType.RW), mask(DepType.RW), 0, 2, 2, false),
    G0_REALTIME(AnomalyClass.G0_REALTIME, mask(DepType.WW, DepType.RT), mask(DepType.WW), 0, 0, 0, true),
    G1C_REALTIME(AnomalyClass.G1C_REALTIME, mask(DepType.WW, DepType.WR, DepType.RT),
            mask(DepType.WW, DepType.WR), 1, 0, 0, true),
    G_SINGLE_REALTIME(AnomalyClass.G_SINGLE_REALTIME, mask(DepType.values()), mask(DepType.RW), 0, 1, 1, true),
    G2_ITEM_REALTIME(AnomalyClass.G2_ITEM_REALTIME, mask(DepType.values()), mask(DepType.RW), 0, 2, 2, true);

    final AnomalyClass anomaly;
    /** Edge types the cycle may use. */
    final int allowed;
    /** Edge types a search may start from (every cycle of the class holds one). */
    final int start;
    final int minWr;
    final int minRw;
    /** Most rw edges: 1 for exactly one, 2 for "two or more" (counts are capped at 2). */
    final int maxRw;
    final boolean needsRt;

    CycleSpec(AnomalyClass anomaly, int allowed, int start, int minWr, int minRw, int maxRw, boolean needsRt) {
        this.anomaly = anomaly;
        this.allowed = allowed;
        this.start = start;
        this.minWr = minWr;
        this.minRw = minRw;
        this.maxRw = maxRw;
        this.needsRt = needsRt;
    }

    /** @return true when a closed cycle with these capped counts belongs to the class */
    boolean accepts(int wr, int rw, int rt) {
        return wr >= minWr && rw >= minRw && rw <= maxRw && (!needsRt || rt > 0);
    }

    private static int mask(DepType... types) {
        int m = 0;
        for (DepType t : types) {
            m |= t.bit();
        }
        return m;
    }
}
