package io.clusterbench.workload.joins;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Plan verification: captures {@code EXPLAIN FORMAT=JSON} for scenarios on the target and flags what
 * defeats a join test. Each scenario is rendered against {@code main1} with parameters from a generator
 * seeded by the caller. After EXPLAIN it reads {@code SHOW WARNINGS}; MariaDB gives its rewritten query
 * (note 1003) only for {@code EXPLAIN EXTENDED}, which is then run as well.
 *
 * <p>Flags (docs/joins.md): a hint naming no alias of the query; a server warning (hint not resolved or
 * ignored); a {@code /*+ … *}{@code /} hint on a server that treats it as a comment; a forcing variant whose
 * join order equals its baseline's (forcing changed nothing); a forcing variant whose order is not the one
 * asked for; fewer outer joins in the rewritten query than written (converted to inner, or eliminated);
 * full table or index scans.
 *
 * <p>Thread-safe (stateless); the connection is the caller's.
 */
public final class JoinsExplain {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int REWRITTEN_NOTE = 1003;

    private JoinsExplain() {
    }

    /**
     * Captures the plans of {@code scenarios} and of their baselines (to compare against), in event order.
     *
     * @param c        connection to the target schema (tables prepared)
     * @param seed     parameter seed: the same seed gives the same statements
     * @param form     form of the forcing variants
     * @param mariadb  true when the server is MariaDB (affects how the rewritten query is read)
     * @param hintsAreComments true when the server ignores {@code /*+ *}{@code /} hints (MariaDB before 12)
     * @return one plan per scenario, in event order; a failed EXPLAIN is a plan with {@code error} set
     */
    public static List<JoinPlan> capture(Connection c, Set<JoinScenario> scenarios, long seed, JoinSql.Form form,
                                         boolean mariadb, boolean hintsAreComments) {
        Set<JoinScenario> wanted = new LinkedHashSet<>(scenarios);
        for (JoinScenario s : scenarios) {
            if (s.baseline() != null) {
                wanted.add(s.baseline());
            }
        }
        Map<JoinScenario, JoinPlan> plans = new EnumMap<>(JoinScenario.class);
        for (JoinScenario s : JoinScenario.values()) {
            if (!wanted.contains(s)) {
                continue;
            }
            SplittableRandom rng = new SplittableRandom(seed + 31L * s.ordinal());
            String sql = JoinSql.render(s, 1, form, rng);
            JoinPlan base = s.baseline() == null ? null : plans.get(s.baseline());
            plans.put(s, capture(c, s.scenarioName(), JoinSql.formLabel(s, form), sql, mariadb, hintsAreComments,
                    base, s.order()));
        }
        return new ArrayList<>(plans.values());
    }

    /**
     * Captures and checks one statement.
     *
     * @param label       name to report it under
     * @param form        the form label ({@code plain}, {@code hint}, {@code straight_join})
     * @param sql         the statement
     * @param baseline    the baseline's plan to compare the join order with, or null
     * @param wantedOrder the join order the statement forces (aliases), or empty
     * @return the plan; never throws for a failed EXPLAIN (see {@link JoinPlan#error()})
     */
    public static JoinPlan capture(Connection c, String label, String form, String sql, boolean mariadb,
                                   boolean hintsAreComments, JoinPlan baseline, List<String> wantedOrder) {
        List<String> flags = new ArrayList<>();
        List<String> unknown = PlanCheck.unknownHintNames(sql);
        if (!unknown.isEmpty()) {
            flags.add("hint names unknown alias(es) " + String.join(", ", unknown) + " (query aliases: "
                    + String.join(", ", PlanCheck.aliases(sql)) + ")");
        }
        if (hintsAreComments && sql.contains("/*+")) {
            flags.add("optimizer hint is a comment on this server: it cannot take effect");
        }
        JsonNode explain;
        List<String> warnings = new ArrayList<>();
        String rewritten;
        try (Statement st = c.createStatement()) {
            try (ResultSet rs = st.executeQuery("EXPLAIN FORMAT=JSON " + sql)) {
                rs.next();
                explain = JSON.readTree(rs.getString(1));
            }
            rewritten = readWarnings(st, warnings);
            if (rewritten == null && mariadb) {
                try (ResultSet rs = st.executeQuery("EXPLAIN EXTENDED " + sql)) {
                    while (rs.next()) {
                        // the tabular plan is not needed; the note is
                    }
                }
                rewritten = readWarnings(st, new ArrayList<>());
            }
        } catch (SQLException e) {
            return new JoinPlan(label, form, sql, List.of(), List.of(), warnings, null, flags, null,
                    e.getErrorCode() + ": " + e.getMessage());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return new JoinPlan(label, form, sql, List.of(), List.of(), warnings, null, flags, null,
                    "EXPLAIN output is not JSON: " + e.getOriginalMessage());
        }
        for (String w : warnings) {
            flags.add("server warning " + w);
        }
        List<PlanCheck.PlanTable> tables = PlanCheck.tables(explain);
        List<String> order = PlanCheck.joinOrder(tables);
        if (baseline != null && baseline.error() == null && order.equals(baseline.joinOrder())) {
            flags.add("forcing changed nothing: same join order as " + baseline.scenario() + " ("
                    + String.join(" > ", order) + ")");
        }
        if (!wantedOrder.isEmpty()) {
            List<String> actual = new ArrayList<>(order);
            actual.retainAll(wantedOrder);
            if (!actual.equals(wantedOrder)) {
                flags.add("forced order not followed: asked " + String.join(" > ", wantedOrder) + ", got "
                        + String.join(" > ", actual));
            }
        }
        int written = PlanCheck.outerJoins(sql);
        if (rewritten != null && written > 0) {
            int kept = PlanCheck.rewrittenOuterJoins(rewritten);
            if (kept < written) {
                flags.add("outer joins converted to inner (or eliminated): " + kept + " of " + written
                        + " left in the rewritten query");
            }
        }
        for (PlanCheck.PlanTable t : tables) {
            if (t.fullScan()) {
                flags.add("full scan: " + t.describe() + (t.rows() == null ? "" : ", ~" + t.rows() + " rows"));
            }
        }
        return new JoinPlan(label, form, sql, order, tables, warnings, rewritten, flags, explain, null);
    }

    /** Reads SHOW WARNINGS into {@code warnings} (all but note 1003); @return note 1003's text, or null */
    private static String readWarnings(Statement st, List<String> warnings) throws SQLException {
        String rewritten = null;
        try (ResultSet rs = st.executeQuery("SHOW WARNINGS")) {
            while (rs.next()) {
                int code = rs.getInt(2);
                if (code == REWRITTEN_NOTE) {
                    rewritten = rs.getString(3);
                } else {
                    warnings.add(code + ": " + rs.getString(3));
                }
            }
        }
        return rewritten;
    }

    /** @return the console lines for {@code plans}: one per scenario, then one per flag */
    public static List<String> lines(List<JoinPlan> plans) {
        List<String> lines = new ArrayList<>();
        int flagged = 0;
        for (JoinPlan p : plans) {
            StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "  %-37s %-13s ", p.scenario(), p.form()));
            if (p.error() != null) {
                b.append("EXPLAIN failed: ").append(p.error());
            } else {
                List<String> parts = new ArrayList<>();
                for (PlanCheck.PlanTable t : p.tables()) {
                    if (t.topLevel()) {
                        parts.add(t.describe());
                    }
                }
                b.append(String.join(" > ", parts));
            }
            lines.add(b.toString());
            for (String f : p.flags()) {
                lines.add("      ! " + f);
            }
            if (!p.flags().isEmpty() || p.error() != null) {
                flagged++;
            }
        }
        lines.add(String.format(Locale.ROOT, "Plans: %d captured, %d with flags, %d EXPLAIN failures",
                plans.size(), flagged, plans.stream().filter(p -> p.error() != null).count()));
        return lines;
    }
}
