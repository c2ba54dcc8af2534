package io.clusterbench.cli;

import io.clusterbench.runner.Validation;
import io.clusterbench.db.TargetOptions;
import io.clusterbench.UserException;
import io.clusterbench.chores.LedgerCheckRun;
import io.clusterbench.chores.TpccCheckRun;
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
@Command(name = "check", mixinStandardHelpOptions = true, customSynopsis = "clusterbench check WORKLOAD [OPTIONS]", sortOptions = false,
        description = "Check the workload's data: TPC-C consistency conditions 1-4 on every endpoint, and with "
                + "several endpoints a comparison of per-table checksums. Run it on a quiet database.")
final class CheckCommand implements Callable<Integer> {
    private final CliEnv env;

    @Parameters(index = "0", paramLabel = "WORKLOAD|commits", description = "tpcc, or commits (the lost-commit "
            + "ledger of runs made with --verify-commits)")
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

    /** The command as parsed; picocli injects it. */
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        InertOptions.print(spec, env);
        if ("commits".equals(workload)) {
            return commits();
        }
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

    @Option(names = "--result", paramLabel = "DIR",
            description = "commits: the run's result directory (its ledger.csv says which ids were acknowledged). "
                    + "Default: compare the nodes' ledgers with each other.")
    java.nio.file.Path result;

    @Option(names = "--run-id", paramLabel = "ID", defaultValue = "0",
            description = "commits: the ledger run to check. Default: the one in --result, else the newest.")
    long runId;

    /** {@code check commits}: the lost-commit check of a run made with --verify-commits; exit 3 when it fails. */
    private int commits() {
        Validation.check(target, null, null);
        return LedgerCheckRun.check(target.spec(), result, runId, env) ? ExitCode.OK.code()
                : ExitCode.CHECK_FAILED.code();
    }
}
