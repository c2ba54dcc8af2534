package io.clusterbench.anomaly;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Makes list-append transactions: each micro-operation picks one of the active keys uniformly and is a read (with
 * the mix's read share) or an append of a fresh value. Values are unique over the generator (1, 2, 3, …), so every
 * read tells which transactions' appends it saw and in which order. A key that has had
 * {@link AppendMix#maxAppendsPerKey()} appends is retired and the next unused key takes its slot.
 *
 * <p>Thread-safe: every method synchronizes (one generator serves all sessions, so they contend on the same keys).
 */
public final class AppendGenerator {
    private final AppendMix mix;
    private final SplittableRandom random;
    private final long[] active;
    private final int[] appends;
    private final List<Long> used = new ArrayList<>();
    private long nextKey;
    private long nextValue = 1;
    private long nextId = 1;

    /**
     * @param mix      the shape of the transactions
     * @param firstKey the first key used (keys run upward from it), so runs on one table can stay apart
     * @param seed     the random seed
     */
    public AppendGenerator(AppendMix mix, long firstKey, long seed) {
        this.mix = mix;
        this.random = new SplittableRandom(seed);
        this.active = new long[mix.activeKeys()];
        this.appends = new int[mix.activeKeys()];
        this.nextKey = firstKey;
        for (int i = 0; i < active.length; i++) {
            active[i] = takeKey();
        }
    }

    /** @return the next transaction, with the mix's read share */
    public synchronized TxnPlan next() {
        return next(mix.readShare());
    }

    /**
     * @param readShare probability that a micro-operation is a read, 0–1 (1: a read-only transaction, 0: appends only)
     * @return the next transaction
     */
    public synchronized TxnPlan next(double readShare) {
        int n = mix.minOps() + random.nextInt(mix.maxOps() - mix.minOps() + 1);
        List<MicroOp> ops = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int slot = random.nextInt(active.length);
            long key = active[slot];
            if (random.nextDouble() < readShare) {
                ops.add(MicroOp.pendingRead(key));
            } else {
                ops.add(MicroOp.append(key, nextValue++));
                if (++appends[slot] >= mix.maxAppendsPerKey()) {
                    active[slot] = takeKey();
                    appends[slot] = 0;
                }
            }
        }
        return new TxnPlan(nextId++, ops);
    }

    /** @return a fresh transaction id, for transactions made elsewhere (final reads) */
    public synchronized long nextId() {
        return nextId++;
    }

    /** @return every key handed out so far, in order (for the final reads) */
    public synchronized List<Long> keys() {
        return List.copyOf(used);
    }

    private long takeKey() {
        used.add(nextKey);
        return nextKey++;
    }
}
