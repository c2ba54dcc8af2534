package io.clusterbench.cli;

import io.clusterbench.runner.ResolvedTarget;
import io.clusterbench.UserException;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.Target;
import io.clusterbench.workload.tpcc.TpccChecker;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
        if (!WorkloadCatalog.TPCC.equals(workload)) {
            throw new UserException("check supports only the tpcc workload (got '" + workload + "')",
                    "run 'clusterbench check tpcc --scale W --tables S'");
        }
        if (scale < 1 || tables < 1) {
            throw new UserException("invalid options: --scale and --tables must be >= 1", "see --help");
        }
        Validation.check(target, null, null);
        boolean failed = false;
        Map<String, Map<String, Long>> checksums = new LinkedHashMap<>();
        try (ResolvedTarget resolved = ResolvedTarget.resolve(target.spec(), env)) {
            Target t = resolved.target();
            for (Endpoint e : t.endpoints()) {
                try (Connection c = t.openChecked(e, true)) {
                    syncReads(c);
                    env.out().println("Node " + e.label() + ":");
                    failed |= render(TpccChecker.conditions(c, scale, tables));
                    checksums.put("node " + (checksums.size() + 1) + " " + e.label(), TpccChecker.checksums(c, tables));
                }
            }
        } catch (SQLException ex) {
            throw new UserException("check failed to read the tables: " + ex.getMessage(),
                    "prepare tpcc first with the same --scale and --tables", ex);
        }
        if (checksums.size() > 1) {
            Map<String, Map<String, Long>> diff = TpccChecker.differences(checksums);
            env.out().println("Checksums across " + checksums.size() + " nodes: "
                    + (diff.isEmpty() ? "PASSED (all " + checksums.values().iterator().next().size()
                    + " tables identical)" : "FAILED"));
            diff.forEach((table, sums) -> env.out().println("    " + table + " differs: " + sums));
            failed |= !diff.isEmpty();
        }
        env.out().println(failed ? "Consistency check FAILED" : "Consistency check PASSED");
        return failed ? ExitCode.CHECK_FAILED.code() : ExitCode.OK.code();
    }

    /** @return true when any condition failed */
    private boolean render(List<TpccChecker.Outcome> outcomes) {
        boolean failed = false;
        for (TpccChecker.Outcome o : outcomes) {
            env.out().printf(java.util.Locale.ROOT, "    set %d warehouse %d condition %d (%s): %s%s%n", o.set(),
                    o.warehouse(), o.condition(), TpccChecker.CONDITIONS.get(o.condition()),
                    o.passed() ? "PASSED" : "FAILED", o.passed() ? "" : " - " + o.detail());
            failed |= !o.passed();
        }
        return failed;
    }

    /** On a Galera node, wait for every earlier write set before reading; elsewhere a no-op. */
    private static void syncReads(Connection c) {
        try (Statement s = c.createStatement()) {
            s.execute("SET SESSION wsrep_sync_wait = 1");
        } catch (SQLException notGalera) {
            // not a Galera node
        }
    }
}
