package io.clusterbench.cli;

import io.clusterbench.UserException;
import io.clusterbench.runner.TpccCheckRun;
import io.clusterbench.workload.tpcc.TpccFamily;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.concurrent.Callable;

/**
 * {@code clusterbench check tpcc --scale W --tables S}: TPC-C consistency conditions 1–4 per table set and
 * warehouse on every endpoint, then per-table checksums compared across endpoints. Exit 3 when a
 * condition fails or the checksums differ.
 *
 * <p>Confined to the main thread.
 */
@Command(name = "check", mixinStandardHelpOptions = true, customSynopsis = "clusterbench check WORKLOAD [OPTIONS]", sortOptions = false, usageHelpAutoWidth = true,
        description = "Check the workload's data: TPC-C consistency conditions 1-4 on every endpoint, and with "
                + "several endpoints a comparison of per-table checksums. Run it on a quiet database.")
final class CheckCommand implements Callable<Integer> {
    private final CliEnv env;

    @Parameters(index = "0", paramLabel = "WORKLOAD", description = "tpcc")
    String workload;

    @Option(names = "--scale", paramLabel = "WAREHOUSES", defaultValue = "1",
            description = "Warehouses per table set, as prepared. Default: ${DEFAULT-VALUE}.")
    int scale;

    @Option(names = "--tables", paramLabel = "N", defaultValue = "1",
            description = "Table sets, as prepared. Default: ${DEFAULT-VALUE}.")
    int tables;

    @Mixin
    TargetOptions target = new TargetOptions();

    CheckCommand(CliEnv env) {
        this.env = env;
    }

    @Override
    public Integer call() {
        if (!TpccFamily.NAME.equals(workload)) {
            throw new UserException("check supports only the tpcc workload (got '" + workload + "')",
                    "run 'clusterbench check tpcc --scale W --tables S'");
        }
        if (scale < 1 || tables < 1) {
            throw new UserException("invalid options: --scale and --tables must be >= 1", "see --help");
        }
        Validation.check(target, null, null);
        return TpccCheckRun.check(target.spec(), scale, tables, env) ? ExitCode.OK.code()
                : ExitCode.CHECK_FAILED.code();
    }
}
