package io.clusterbench.ab;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The position effects of one thread count's blocks: least squares of ln tps on a block effect per block (drift),
 * a position effect per place in a block after the first, and a side effect per side after the first (the two-way
 * analysis of a cross-over design with blocks as subjects and positions as periods; Jones &amp; Kenward, <i>Design
 * and Analysis of Cross-Over Trials</i>, ch. 4). They are already removed from every ratio ({@link PairedEstimate});
 * a resolved one says the steps are not yet steady. With two sides the one position effect is the AB/BA order
 * effect.
 *
 * <p>Thread-safe (stateless).
 */
final class PositionEffects {
    private PositionEffects() {
    }

    /**
     * @param blocks per repeat, the runs of one thread count's block (completed runs with tps &gt; 0), keyed by side
     * @param positions per run, its 0-based position in its block
     * @param sides the sides in the order given
     * @return one effect per position 2 … sides, each interval at 1 − 0.05/(sides − 1); empty when they cannot be
     *         estimated with 2 or more residual degrees of freedom
     */
    static List<SideRanking.PositionEffect> of(TreeMap<Integer, Map<Side, AbRun>> blocks, java.util.function.ToIntFunction<AbRun> positions,
                                               List<Side> sides) {
        int n = sides.size();
        List<Integer> repeats = new ArrayList<>(blocks.keySet());
        int columns = 1 + (repeats.size() - 1) + 2 * (n - 1);
        List<double[]> rows = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        for (int b = 0; b < repeats.size(); b++) {
            for (Map.Entry<Side, AbRun> e : blocks.get(repeats.get(b)).entrySet()) {
                int side = sides.indexOf(e.getKey());
                double tps = e.getValue().tps();
                if (side < 0 || !e.getValue().completed() || !(tps > 0)) {
                    continue;
                }
                double[] x = new double[columns];
                x[0] = 1;
                if (b > 0) {
                    x[b] = 1;
                }
                int position = positions.applyAsInt(e.getValue());
                if (position > 0) {
                    x[repeats.size() - 1 + position] = 1;
                }
                if (side > 0) {
                    x[repeats.size() - 1 + (n - 1) + side] = 1;
                }
                rows.add(x);
                y.add(Math.log(tps));
            }
        }
        if (rows.size() <= columns) {
            return List.of();
        }
        LeastSquares fit = LeastSquares.fit(rows.toArray(new double[0][]), y.stream().mapToDouble(Double::doubleValue).toArray());
        if (fit.df() < 2) {
            return List.of();
        }
        double level = PairedRatio.bonferroni(n - 1);
        double t = PairedRatio.tQuantile(0.5 + level / 2, fit.df());
        List<SideRanking.PositionEffect> out = new ArrayList<>();
        for (int k = 1; k < n; k++) {
            double[] c = LeastSquares.unit(columns, repeats.size() - 1 + k);
            if (!fit.estimable(c)) {
                return List.of();
            }
            double est = fit.estimate(c);
            double half = t * fit.se(c);
            out.add(new SideRanking.PositionEffect(k + 1, Math.exp(est), Math.exp(est - half), Math.exp(est + half), level));
        }
        return out;
    }
}
