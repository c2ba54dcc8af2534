package io.clusterbench.chores;

import io.clusterbench.runner.Console;
import io.clusterbench.runner.ResolvedTarget;
import io.clusterbench.db.TargetSpec;
import io.clusterbench.UserException;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.Target;
import io.clusterbench.fault.TableChecksums;
import io.clusterbench.report.FaultText;
import io.clusterbench.result.ChecksumRecord;
import io.clusterbench.workload.tpcc.TpccChecker;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code check tpcc}: TPC-C consistency conditions 1-4 per table set and warehouse on every endpoint, then
 * per-table checksums compared across endpoints, printed as they are found.
 *
 * <p>Thread-safe (stateless).
 */
public final class TpccCheckRun {
    private TpccCheckRun() {
    }

    /**
     * @param scale  warehouses per table set, as prepared
     * @param tables table sets, as prepared
     * @return true when every condition passed and the checksums agree
     * @throws UserException when the tables cannot be read
     */
    public static boolean check(TargetSpec spec, int scale, int tables, Console console) {
        boolean failed = false;
        try (ResolvedTarget resolved = ResolvedTarget.resolve(spec, console)) {
            Target t = resolved.target();
            for (Endpoint e : t.endpoints()) {
                try (Connection c = t.openChecked(e, true)) {
                    syncReads(c);
                    List<String> missing = TpccChecker.missing(c, scale, tables);
                    if (!missing.isEmpty()) {
                        throw new UserException("check tpcc --scale " + scale + " --tables " + tables + " at "
                                + e.label() + ": nothing to check for " + String.join("; ", missing),
                                "give the --scale and --tables the data was prepared with, or prepare them");
                    }
                    console.line("Node " + e.label() + ":");
                    failed |= render(TpccChecker.conditions(c, scale, tables), console);
                }
            }
            if (t.endpoints().size() > 1) {
                ChecksumRecord sums = TableChecksums.compare(t.withSessionVariables(Map.of()),
                        TpccChecker.tableNames(tables), true);
                console.line("Checksums across " + sums.checksums().size() + " nodes: " + (sums.passed()
                        ? "PASSED (all " + sums.tables().size() + " tables identical)" : "FAILED"));
                FaultText.checksumLines(sums).stream().skip(1).forEach(console::line);
                failed |= !sums.passed() || !sums.unreadable().isEmpty();
            }
        } catch (SQLException ex) {
            throw new UserException("check failed to read the tables: " + ex.getMessage(),
                    "prepare tpcc first with the same --scale and --tables", ex);
        }
        console.line(failed ? "Consistency check FAILED" : "Consistency check PASSED");
        return !failed;
    }

    /** @return true when any condition failed */
    private static boolean render(List<TpccChecker.Outcome> outcomes, Console console) {
        boolean failed = false;
        for (TpccChecker.Outcome o : outcomes) {
            console.line(String.format(Locale.ROOT, "    set %d warehouse %d condition %d (%s): %s%s", o.set(),
                    o.warehouse(), o.condition(), TpccChecker.CONDITIONS.get(o.condition()),
                    o.passed() ? "PASSED" : "FAILED", o.passed() ? "" : " - " + o.detail()));
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
