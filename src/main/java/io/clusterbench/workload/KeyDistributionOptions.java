package io.clusterbench.workload;

import io.clusterbench.Defaults;
import picocli.CommandLine.Option;

/**
 * sysbench 1.0.20's {@code --rand-*} options (its key distribution), shared by {@code run}/{@code sweep}/{@code ab}
 * and {@code prepare}: sysbench's prepare draws the {@code k} column with {@code sb_rand(1, table_size)}, which
 * follows {@code --rand-type}, so the same options must shape the same tables. Picocli mixin.
 *
 * <p>Confined to the command's thread.
 */
public final class KeyDistributionOptions {
    @Option(names = "--rand-type", paramLabel = "TYPE", defaultValue = "" + Defaults.RAND_TYPE,
            description = "Key distribution: uniform, gaussian, special, pareto, zipfian. "
                    + "Default: ${DEFAULT-VALUE} (sysbench 1.0.20).")
    String randType;

    @Option(names = "--rand-spec-iter", paramLabel = "N", defaultValue = "" + Defaults.RAND_SPEC_ITER,
            description = "Iterations of the special and gaussian distributions. Default: ${DEFAULT-VALUE}.")
    int randSpecIter;

    @Option(names = "--rand-spec-pct", paramLabel = "PERCENT", defaultValue = "" + Defaults.RAND_SPEC_PCT,
            description = "Special distribution: percent of the range treated as special. Default: ${DEFAULT-VALUE}.")
    int randSpecPct;

    @Option(names = "--rand-spec-res", paramLabel = "PERCENT", defaultValue = "" + Defaults.RAND_SPEC_RES,
            description = "Special distribution: percent of draws that hit the special values. Default: ${DEFAULT-VALUE}.")
    int randSpecRes;

    @Option(names = "--rand-pareto-h", paramLabel = "H", defaultValue = "" + Defaults.RAND_PARETO_H,
            description = "Pareto shape parameter, 0 < h < 1. Default: ${DEFAULT-VALUE}.")
    double randParetoH;

    @Option(names = "--rand-zipfian-exp", paramLabel = "E", defaultValue = "" + Defaults.RAND_ZIPFIAN_EXP,
            description = "Zipfian exponent (theta), >= 0. Default: ${DEFAULT-VALUE}.")
    double randZipfianExp;

    /**
     * @return the distribution these options name
     * @throws io.clusterbench.UserException for an unknown type or a parameter out of range
     */
    public Distribution distribution() {
        return Distribution.parse(randType, randSpecIter, randSpecPct, randSpecRes, randParetoH, randZipfianExp);
    }
}
