package io.clusterbench.runner;

import io.clusterbench.UserException;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.Target;
import io.clusterbench.workload.tpcc.TpccChecker;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
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
        Map<String, Map<String, Long>> checksums = new LinkedHashMap<>();
        try (ResolvedTarget resolved = ResolvedTarget.resolve(spec, console)) {
            Target t = resolved.target();
            for (Endpoint e : t.endpoints()) {
                try (Connection c = t.openChecked(e, true)) {
                    syncReads(c);
                    console.line("Node " + e.label() + ":");
                    failed |= render(TpccChecker.conditions(c, scale, tables), console);
                    checksums.put("node " + (checksums.size() + 1) + " " + e.label(), TpccChecker.checksums(c, tables));
                }
            }
        } catch (SQLException ex) {
            throw new UserException("check failed to read the tables: " + ex.getMessage(),
                    "prepare tpcc first with the same --scale and --tables", ex);
        }
        if (checksums.size() > 1) {
            Map<String, Map<String, Long>> diff = TpccChecker.differences(checksums);
            console.line("Checksums across " + checksums.size() + " nodes: "
                    + (diff.isEmpty() ? "PASSED (all " + checksums.values().iterator().next().size()
                    + " tables identical)" : "FAILED"));
            diff.forEach((table, sums) -> console.line("    " + table + " differs: " + sums));
            failed |= !diff.isEmpty();
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
