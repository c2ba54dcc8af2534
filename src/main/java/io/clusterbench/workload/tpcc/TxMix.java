package io.clusterbench.workload.tpcc;

import io.clusterbench.UserException;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The transaction mix: a weight per {@link TxType} and the chooser that draws one type per event.
 *
 * <p>Immutable and thread-safe; {@link #choose} uses only the caller's generator. Usage:
 * {@code TxMix.parse("45,43,4,4,4", false).choose(rng)}.
 */
public final class TxMix {
    private final int[] weights = new int[TxType.values().length];
    private final int[] cumulative = new int[TxType.values().length];
    private final int total;

    private TxMix(int[] w) {
        int sum = 0;
        for (int i = 0; i < w.length; i++) {
            weights[i] = w[i];
            sum += w[i];
            cumulative[i] = sum;
        }
        this.total = sum;
    }

    /** @return the standard mix: new_order 45, payment 43, order_status 4, delivery 4, stock_level 4 (+ purge 4) */
    public static TxMix standard(boolean purge) {
        int[] w = new int[TxType.values().length];
        for (TxType t : TxType.values()) {
            w[t.ordinal()] = t == TxType.PURGE && !purge ? 0 : t.defaultWeight();
        }
        return new TxMix(w);
    }

    /**
     * Parses {@code --weights}: either five or six non-negative integers in type order
     * ({@code 45,43,4,4,4[,purge]}), or {@code name=weight} pairs that override the standard mix
     * ({@code new_order=50,payment=50}). Empty means the standard mix.
     *
     * @param spec  the option value
     * @param purge whether purge is enabled (its weight is 0 otherwise)
     * @throws UserException for a malformed value, a negative weight, all weights 0, or a purge weight
     *                       without {@code --enable-purge}
     */
    public static TxMix parse(String spec, boolean purge) {
        TxMix base = standard(purge);
        if (spec == null || spec.isBlank()) {
            return base;
        }
        int[] w = base.weights.clone();
        String[] parts = spec.strip().split(",");
        boolean named = parts[0].contains("=");
        if (!named && parts.length != 5 && parts.length != 6) {
            throw bad(spec);
        }
        for (int i = 0; i < parts.length; i++) {
            String p = parts[i].strip();
            int eq = p.indexOf('=');
            if (named != (eq >= 0)) {
                throw bad(spec);
            }
            TxType type = named ? TxType.byLabel(p.substring(0, eq).strip().toLowerCase(Locale.ROOT))
                    : TxType.values()[i];
            if (type == null) {
                throw bad(spec);
            }
            try {
                int v = Integer.parseInt(named ? p.substring(eq + 1).strip() : p);
                if (v < 0) {
                    throw bad(spec);
                }
                w[type.ordinal()] = v;
            } catch (NumberFormatException e) {
                throw bad(spec);
            }
        }
        if (!purge && w[TxType.PURGE.ordinal()] > 0) {
            throw new UserException("--weights gives purge a weight but purge is off", "add --enable-purge");
        }
        TxMix mix = new TxMix(w);
        if (mix.total == 0) {
            throw new UserException("--weights are all 0", "give at least one transaction type a weight > 0");
        }
        return mix;
    }

    private static UserException bad(String spec) {
        return new UserException("invalid --weights '" + spec + "'",
                "give new_order,payment,order_status,delivery,stock_level[,purge] as integers (e.g. 45,43,4,4,4) "
                        + "or name=weight pairs (e.g. new_order=50,payment=50)");
    }

    /**
     * Draws one transaction type with probability weight / sum of weights.
     *
     * @param rng the caller's generator
     * @return the type
     */
    public TxType choose(SplittableRandom rng) {
        int r = rng.nextInt(total);
        for (int i = 0; i < cumulative.length; i++) {
            if (r < cumulative[i]) {
                return TxType.values()[i];
            }
        }
        throw new IllegalStateException("unreachable: weights sum to " + total);
    }

    /** @return the weight of {@code type} */
    public int weight(TxType type) {
        return weights[type.ordinal()];
    }

    /** @return the expected share of {@code type}, 0–1 */
    public double share(TxType type) {
        return (double) weights[type.ordinal()] / total;
    }

    /** @return the mix as {@code new_order=45,payment=43,...} (types with weight 0 left out) */
    @Override
    public String toString() {
        List<String> parts = new ArrayList<>();
        for (TxType t : TxType.values()) {
            if (weights[t.ordinal()] > 0) {
                parts.add(t.label() + "=" + weights[t.ordinal()]);
            }
        }
        return String.join(",", parts);
    }
}
