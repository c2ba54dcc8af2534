package io.clusterbench.db;

import io.clusterbench.UserException;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The read consistency a run's sessions ask for ({@code --consistency}): Galera {@code wsrep_sync_wait=N}
 * (a bitmask 0–15: 1 reads, 2 UPDATE/DELETE, 4 INSERT/REPLACE, 8 SHOW) or Group Replication
 * {@code group_replication_consistency} (EVENTUAL, BEFORE_ON_PRIMARY_FAILOVER, BEFORE, AFTER,
 * BEFORE_AND_AFTER), set per session (cluster-consistency.md §1.2, §2.1). {@link #apply} checks that the
 * servers took it and says so when they did not.
 *
 * <p>Immutable.
 *
 * @param level the level as given: digits for Galera, a GR level name
 */
public record Consistency(String level) {
    private static final Set<String> GR_LEVELS = Set.of("EVENTUAL", "BEFORE_ON_PRIMARY_FAILOVER", "BEFORE", "AFTER",
            "BEFORE_AND_AFTER");

    /**
     * What {@link #apply} found. Immutable.
     *
     * @param target     the target to run with (the level set on every session, or the target as it was)
     * @param requested  the level asked
     * @param variable   the session variable set
     * @param verifiedOn endpoints whose session reported the level back
     * @param problems   one sentence per endpoint that did not
     * @param effect     {@code in effect}, or why the setting has no effect on this server
     * @param line       the console line
     */
    public record Applied(Target target, String requested, String variable, List<String> verifiedOn,
                          List<String> problems, String effect, String line) {
        public Applied {
            verifiedOn = List.copyOf(verifiedOn);
            problems = List.copyOf(problems);
        }
    }

    /** @throws UserException for a value that is neither 0–15 nor a GR level */
    public static Consistency parse(String s) {
        String v = s.strip().toUpperCase(Locale.ROOT);
        if (v.matches("\\d{1,2}") && Integer.parseInt(v) <= 15 || GR_LEVELS.contains(v)) {
            return new Consistency(v);
        }
        throw new UserException("invalid --consistency '" + s + "'", "give a Galera wsrep_sync_wait bitmask 0-15 "
                + "(1 = reads, 7 = reads and writes) or a Group Replication level (EVENTUAL, BEFORE, AFTER, BEFORE_AND_AFTER)");
    }

    /**
     * @param list {@code --consistency} as given: one level or a comma list ({@code 0,1,3}), or null
     * @return the levels in the order given; empty when not set
     * @throws UserException for an invalid or repeated level
     */
    public static List<Consistency> list(String list) {
        if (list == null) {
            return List.of();
        }
        List<Consistency> out = new ArrayList<>();
        for (String part : list.split(",", -1)) {
            Consistency c = parse(part);
            if (out.contains(c)) {
                throw new UserException("invalid --consistency '" + list + "': level " + c.level()
                        + " is given twice", "list each level once, e.g. --consistency 0,1,3");
            }
            out.add(c);
        }
        return out;
    }

    /** @return true for a Galera {@code wsrep_sync_wait} value */
    public boolean galera() {
        return Character.isDigit(level.charAt(0));
    }

    /** @return the session variable this level sets */
    public String variable() {
        return galera() ? "wsrep_sync_wait" : "group_replication_consistency";
    }

    /**
     * Sets the level on the target's sessions and reads it back on every endpoint.
     *
     * @param target   the run's target
     * @param topology what the target is
     * @return the target to run with (unchanged when the servers do not know the variable) and what was found
     * @throws UserException when the level does not fit the cluster (a GR name on Galera, a number on GR)
     */
    public Applied apply(Target target, Topology topology) {
        if (galera() && Topology.GROUP_REPLICATION.equals(topology.flavor())
                || !galera() && topology.galera()) {
            throw new UserException("--consistency " + level + " does not apply to " + topology.flavor(),
                    galera() ? "Group Replication takes EVENTUAL, BEFORE, AFTER or BEFORE_AND_AFTER"
                            : "Galera takes a wsrep_sync_wait bitmask 0-15 (1 = reads)");
        }
        String literal = galera() ? level : "'" + level + "'";
        Target withLevel = target.withSessionVariables(Map.of(variable(), literal));
        List<String> verified = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (Endpoint e : target.endpoints()) {
            try (Connection c = target.open(e)) {
                c.setNetworkTimeout(Runnable::run, target.connectTimeoutMillis());
                withLevel.applySessionVariables(c);
                String now = read(c, "SHOW SESSION VARIABLES LIKE '" + variable() + "'");
                if (now == null) {
                    problems.add(e.label() + " does not know " + variable());
                } else if (now.equalsIgnoreCase(level)) {
                    verified.add(e.label());
                } else {
                    problems.add(e.label() + " reports " + variable() + "=" + now);
                }
            } catch (DbFailure f) {
                problems.add(e.label() + " unreachable (" + f.vendorCode() + ")");
            } catch (SQLException ex) {
                problems.add(e.label() + (timedOut(ex) ? " did not answer within " + target.connectTimeoutMillis()
                        + " ms (node blocked?)" : " rejects " + variable() + " (error " + ex.getErrorCode() + ")"));
            }
        }
        String effect = "";
        if (verified.isEmpty()) {
            effect = "ignored: the server does not take " + variable() + " (" + topology.flavor() + ")";
        } else if (galera() && !topology.galera()) {
            effect = "accepted but without effect: wsrep is off (" + topology.flavor() + ")";
        } else if (!galera() && !Topology.GROUP_REPLICATION.equals(topology.flavor())) {
            effect = "accepted but without effect: not Group Replication (" + topology.flavor() + ")";
        }
        boolean keep = !verified.isEmpty();
        String line = "Consistency: " + variable() + "=" + level + (verified.isEmpty() ? ""
                : " verified on " + verified.size() + "/" + target.endpoints().size() + " endpoint(s)")
                + (effect.isEmpty() ? "" : " — " + effect)
                + (problems.isEmpty() ? "" : " — " + String.join("; ", problems))
                + (keep ? "" : " — running without it");
        return new Applied(keep ? withLevel : target, level, variable(), verified, problems,
                effect.isEmpty() ? "in effect" : effect, line);
    }

    /**
     * Reads a session variable back with {@code SHOW SESSION VARIABLES}: a {@code SELECT @@SESSION…} on a session
     * that already runs with {@code wsrep_sync_wait} bit 1 would itself wait for the node to catch up, and block
     * on a frozen node (SHOW waits only with bit 8; the socket timeout bounds that case).
     */
    private static String read(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            return rs.next() ? String.valueOf(rs.getString(2)) : null;
        }
    }

    private static boolean timedOut(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.net.SocketTimeoutException) {
                return true;
            }
        }
        return false;
    }
}
