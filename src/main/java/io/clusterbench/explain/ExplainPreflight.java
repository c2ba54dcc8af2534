package io.clusterbench.explain;

import io.clusterbench.db.Endpoint;
import io.clusterbench.db.Target;
import io.clusterbench.result.Finding;
import io.clusterbench.result.FindingLevel;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The pre-flight findings of the wait profile (docs/inspect.md, codes {@code explain-*}): on each endpoint, whether
 * performance_schema is on and its consumers and default instruments are enabled. Says how to turn each on; never
 * changes a setting. The costly instruments that are off by default (mutexes, rw-locks, sockets) are no finding: the
 * wait profile names them ({@code notInstrumented}) and docs/explain.md says how to time them.
 *
 * <p>Thread-safe (stateless).
 */
public final class ExplainPreflight {
    private ExplainPreflight() {
    }

    /**
     * @param target the run's target
     * @param spec   the run's explain plan; no findings when explain is off
     * @return the findings, warnings first
     */
    public static List<Finding> findings(Target target, ExplainSpec spec) {
        List<Finding> out = new ArrayList<>();
        if (!spec.enabled()) {
            return out;
        }
        for (Endpoint e : target.endpoints()) {
            try (Connection c = target.openChecked(e, false)) {
                out.addAll(of(e.label(), PerfSchemaState.read(c)));
            } catch (SQLException | RuntimeException unreadable) {
                // the other checks report an unreachable endpoint; this one has nothing to add
            }
        }
        out.sort(java.util.Comparator.comparing(Finding::level));
        return out;
    }

    /** @return the findings for one endpoint's performance_schema state */
    static List<Finding> of(String endpoint, PerfSchemaState ps) {
        List<Finding> out = new ArrayList<>();
        if (!ps.enabled()) {
            out.add(new Finding(FindingLevel.WARNING, "explain-performance-schema", endpoint,
                    "performance_schema = OFF (MariaDB's default)",
                    "the explain block has no wait events and no top statements; InnoDB's row-lock time, the CPU "
                            + "profile and the resources still show",
                    "start the server with --performance-schema=ON (a restart; its default instruments cost a few % "
                            + "of throughput), or --explain off"));
            return out;
        }
        if (!ps.consumersOff().isEmpty()) {
            out.add(new Finding(FindingLevel.WARNING, "explain-ps-consumers", endpoint,
                    "performance_schema consumers off: " + String.join(", ", ps.consumersOff()),
                    "the wait summaries (global_instrumentation) or the top statements (statements_digest) do not "
                            + "change",
                    "UPDATE performance_schema.setup_consumers SET ENABLED = 'YES' WHERE NAME IN ('"
                            + String.join("', '", ps.consumersOff()) + "')"));
        }
        if (!ps.cheapOff().isEmpty()) {
            out.add(new Finding(FindingLevel.WARNING, "explain-ps-instruments", endpoint,
                    "no instrument enabled and timed in " + String.join(", ", ps.cheapOff()),
                    "their waits (file I/O, table locks, statements) are missing from the wait profile",
                    "UPDATE performance_schema.setup_instruments SET ENABLED = 'YES', TIMED = 'YES' WHERE "
                            + likes(ps.cheapOff())));
        }
        return out;
    }

    private static String likes(List<String> classes) {
        List<String> l = new ArrayList<>();
        classes.forEach(c -> l.add("NAME LIKE '" + c + "/%'"));
        return String.join(" OR ", l);
    }
}
