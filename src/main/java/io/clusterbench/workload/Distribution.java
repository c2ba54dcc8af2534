package io.clusterbench.workload;

import io.clusterbench.UserException;

import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Random integer distributions over {@code [a, b]} with sysbench's names, parameters and formulas
 * (sysbench {@code src/sb_rand.c}: uniform, gaussian, special as in 1.0.20; pareto; zipfian as on master).
 *
 * <p>Immutable and thread-safe; each call uses only the caller's generator, so one worker's sequence
 * depends only on its seed. Usage: {@code Distribution.parse("special", 12, 1, 75, 0.2, 0.8).next(rng, 1, 10000)}.
 */
public final class Distribution {
    /** Distribution names accepted by {@code --rand-type}. */
    public enum Type { UNIFORM, GAUSSIAN, SPECIAL, PARETO, ZIPFIAN }

    private final Type type;
    private final int iterations;
    private final double pctMult;
    private final double pctHalfMult;
    private final double resMult;
    private final double paretoPower;
    private final double zipfExp;
    private final double zipfS;
    private final double zipfHIntegralX1;
    private final String description;

    private Distribution(Type type, int specIter, int specPct, int specRes, double paretoH, double zipfExp) {
        this.type = type;
        this.iterations = specIter;
        this.pctMult = specPct / 100.0;
        this.pctHalfMult = specPct / 200.0;
        this.resMult = 100.0 / (100.0 - specRes);
        this.paretoPower = Math.log(paretoH) / Math.log(1.0 - paretoH);
        this.zipfExp = zipfExp;
        this.zipfS = 2 - hIntegralInverse(hIntegral(2.5, zipfExp) - h(2, zipfExp), zipfExp);
        this.zipfHIntegralX1 = hIntegral(1.5, zipfExp) - 1;
        this.description = switch (type) {
            case UNIFORM -> "uniform";
            case GAUSSIAN -> "gaussian(iter=" + specIter + ")";
            case SPECIAL -> "special(iter=" + specIter + ", pct=" + specPct + ", res=" + specRes + ")";
            case PARETO -> "pareto(h=" + paretoH + ")";
            case ZIPFIAN -> "zipfian(exp=" + zipfExp + ")";
        };
    }

    /**
     * @return the uniform distribution with sysbench's default parameters: for commands that draw keys but take
     *         no {@code --rand-*} options (prepare, cleanup, inspect, explain, the probe's background load)
     */
    public static Distribution defaultUniform() {
        return parse("uniform", 12, 1, 75, 0.2, 0.8);
    }

    /**
     * @param name     {@code uniform|gaussian|special|pareto|zipfian}, case-insensitive
     * @param specIter {@code --rand-spec-iter}, &ge; 1 (sysbench default 12)
     * @param specPct  {@code --rand-spec-pct}, 0–100 (default 1)
     * @param specRes  {@code --rand-spec-res}, 0–99 (default 75)
     * @param paretoH  {@code --rand-pareto-h}, in (0, 1) (default 0.2)
     * @param zipfExp  {@code --rand-zipfian-exp}, &ge; 0 (default 0.8)
     * @throws UserException for an unknown name or a parameter out of range
     */
    public static Distribution parse(String name, int specIter, int specPct, int specRes, double paretoH,
                                     double zipfExp) {
        Type type;
        try {
            type = Type.valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new UserException("invalid --rand-type '" + name + "'",
                    "use one of uniform, gaussian, special, pareto, zipfian");
        }
        if (specIter < 1) {
            throw new UserException("invalid --rand-spec-iter " + specIter, "give an integer >= 1");
        }
        if (specPct < 0 || specPct > 100 || specRes < 0 || specRes > 99) {
            throw new UserException("invalid --rand-spec-pct/--rand-spec-res", "use 0-100 and 0-99");
        }
        if (!(paretoH > 0 && paretoH < 1)) {
            throw new UserException("invalid --rand-pareto-h " + paretoH, "give a number between 0 and 1");
        }
        if (zipfExp < 0) {
            throw new UserException("invalid --rand-zipfian-exp " + zipfExp, "give a number >= 0");
        }
        return new Distribution(type, specIter, specPct, specRes, paretoH, zipfExp);
    }

    /** @return the distribution with its parameters, e.g. {@code special(iter=12, pct=1, res=75)} */
    public String describe() {
        return description;
    }

    /** @return the distribution's type */
    public Type type() {
        return type;
    }

    /**
     * Draws one integer.
     *
     * @param rng the caller's generator
     * @param a   lower bound, inclusive, &ge; 0
     * @param b   upper bound, inclusive, &ge; a
     * @return a value in {@code [a, b]}
     */
    public int next(SplittableRandom rng, int a, int b) {
        if (b <= a) {
            return a;
        }
        return switch (type) {
            case UNIFORM -> uniform(rng, a, b);
            case GAUSSIAN -> gaussian(rng, a, b);
            case SPECIAL -> special(rng, a, b);
            case PARETO -> clamp(a + (long) ((b - a + 1L) * Math.pow(rng.nextDouble(), paretoPower)), a, b);
            case ZIPFIAN -> a + zipf(rng, b - a + 1) - 1;
        };
    }

    /** sysbench's {@code sb_rand_uniform}: a + u·(b − a + 1). */
    public static int uniform(SplittableRandom rng, int a, int b) {
        return (int) (a + (long) (rng.nextDouble() * (b - (long) a + 1)));
    }

    private int gaussian(SplittableRandom rng, int a, int b) {
        double t = b - (double) a + 1;
        double sum = 0;
        for (int i = 0; i < iterations; i++) {
            sum += rng.nextDouble() * t;
        }
        return clamp(a + (long) (sum / iterations), a, b);
    }

    private int special(SplittableRandom rng, int a, int b) {
        double t = b - (double) a;
        double rangeSize = t * resMult;
        double rnd = rng.nextDouble();
        double res = rnd * rangeSize;
        if (res < t) {
            double sum = 0;
            for (int i = 0; i < iterations; i++) {
                sum += rng.nextDouble();
            }
            return clamp(a + (long) (sum * t / iterations), a, b);
        }
        double d = t * pctMult;
        res = rnd * (d + 1) + t / 2 - t * pctHalfMult;
        return clamp(a + (long) res, a, b);
    }

    private static int clamp(long v, int a, int b) {
        return (int) Math.max(a, Math.min(b, v));
    }

    /* Zipfian by rejection-inversion (Hörmann and Derflinger 1996), bounded to [1, n]. */
    private int zipf(SplittableRandom rng, int n) {
        double hn = hIntegral(n + 0.5, zipfExp);
        while (true) {
            double u = hn + rng.nextDouble() * (zipfHIntegralX1 - hn);
            double x = hIntegralInverse(u, zipfExp);
            int k = (int) (x + 0.5);
            if (k < 1) {
                k = 1;
            } else if (k > n) {
                k = n;
            }
            if (k - x <= zipfS || u >= hIntegral(k + 0.5, zipfExp) - h(k, zipfExp)) {
                return k;
            }
        }
    }

    private static double hIntegral(double x, double e) {
        double logX = Math.log(x);
        return expm1OverX((1 - e) * logX) * logX;
    }

    private static double h(double x, double e) {
        return Math.exp(-e * Math.log(x));
    }

    private static double hIntegralInverse(double x, double e) {
        double t = Math.max(-1, x * (1 - e));
        return Math.exp(log1pOverX(t) * x);
    }

    private static double log1pOverX(double x) {
        return Math.abs(x) > 1e-8 ? Math.log1p(x) / x : 1 - x * (0.5 - x * (1.0 / 3 - 0.25 * x));
    }

    private static double expm1OverX(double x) {
        return Math.abs(x) > 1e-8 ? Math.expm1(x) / x : 1 + x * 0.5 * (1 + x / 3 * (1 + 0.25 * x));
    }
}
