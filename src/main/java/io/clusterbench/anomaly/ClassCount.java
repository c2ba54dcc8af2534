package io.clusterbench.anomaly;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * How often one anomaly class was found, out of how many chances.
 *
 * <p>A count of a cycle class is the number of strongly connected components of that class's dependency graph holding
 * a cycle of the class (one witness each): a lower bound on the number of distinct cycles. Every other class counts
 * the reads, transactions or appends that show it.
 *
 * <p>When nothing was found, {@code upperBound95} is the one-sided exact (Clopper-Pearson) 95% upper bound on the
 * rate per {@code checked}: {@code 1 - 0.05^(1/N)}, which for large N is the rule of three, about {@code 3/N}; it is
 * 1 for N = 0 (nothing was checked, nothing is known). Immutable.
 *
 * @param anomaly      the class
 * @param count        how many were found
 * @param checked      N: how many {@code unit}s were checked
 * @param unit         what {@code checked} counts
 * @param upperBound95 for {@code count == 0}, the 95% upper bound on the rate as a fraction; else null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ClassCount(AnomalyClass anomaly, long count, long checked, AnomalyClass.Unit unit, Double upperBound95) {
    /** @return the count with its bound when zero */
    public static ClassCount of(AnomalyClass anomaly, long count, long checked) {
        return new ClassCount(anomaly, count, checked, anomaly.unit(), count == 0 ? zeroUpperBound95(checked) : null);
    }

    /**
     * @param trials N &ge; 0
     * @return the exact one-sided 95% upper bound on a rate after 0 events in N trials: {@code 1 - 0.05^(1/N)}
     */
    public static double zeroUpperBound95(long trials) {
        return trials <= 0 ? 1.0 : -Math.expm1(Math.log(0.05) / trials);
    }
}
