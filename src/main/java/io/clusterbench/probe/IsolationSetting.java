package io.clusterbench.probe;

import io.clusterbench.UserException;
import io.clusterbench.anomaly.Isolation;
import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Target;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Sets a history session's transaction isolation as a session variable of the target ({@code transaction_isolation}
 * where the server has it, MySQL 8 and MariaDB 11.1+; else {@code tx_isolation}, MariaDB 10.x) and reads it back on
 * every endpoint, so a history is never checked against a level the server did not run.
 *
 * <p>Thread-safe (stateless).
 */
public final class IsolationSetting {
    private IsolationSetting() {
    }

    /**
     * What {@link #apply} found. Immutable.
     *
     * @param target the target whose sessions run at the level
     * @param line   the console line, e.g. {@code Isolation: tx_isolation=REPEATABLE-READ verified on 3/3 endpoint(s)}
     */
    public record Applied(Target target, String line) {
    }

    /**
     * @param target the sessions' target (its session variables are kept)
     * @param level  the level
     * @param names  node name per endpoint
     * @return the target with the level set, and what was verified
     * @throws UserException when an endpoint that answers runs at another level after setting it
     */
    public static Applied apply(Target target, Isolation level, List<String> names) {
        Target plain = target.withSessionVariables(Map.of());
        String variable = null;
        for (int e = 0; e < target.endpoints().size() && variable == null; e++) {
            variable = variableName(plain, e);
        }
        if (variable == null) {
            throw new UserException("no endpoint answered to set the isolation level",
                    "check the nodes (clusterbench sandbox status) and rerun");
        }
        Map<String, String> vars = new LinkedHashMap<>(target.sessionVariables());
        vars.put(variable, "'" + level.variableValue() + "'");
        Target with = target.withSessionVariables(vars);
        List<String> verified = new ArrayList<>();
        List<String> unreachable = new ArrayList<>();
        for (int e = 0; e < target.endpoints().size(); e++) {
            String now = read(with, e, variable);
            if (now == null) {
                unreachable.add(names.get(e));
            } else if (!now.equalsIgnoreCase(level.variableValue())) {
                throw new UserException(names.get(e) + " runs at " + variable + "=" + now + " after setting "
                        + level.variableValue(), "check the server's isolation settings");
            } else {
                verified.add(names.get(e));
            }
        }
        String line = "Isolation: " + variable + "=" + level.variableValue() + " verified on " + verified.size() + "/"
                + target.endpoints().size() + " endpoint(s)"
                + (unreachable.isEmpty() ? "" : " — unreachable: " + String.join(", ", unreachable));
        return new Applied(with, line);
    }

    /**
     * The level the target's sessions run at when none is set: the first answering endpoint's session value.
     *
     * @param target the sessions' target (its session variables are kept)
     * @return that level
     * @throws UserException when no endpoint answers, or the level is one a history is not judged at
     *                       (READ-UNCOMMITTED)
     */
    public static Isolation serverDefault(Target target) {
        Target plain = target.withSessionVariables(Map.of());
        for (int e = 0; e < target.endpoints().size(); e++) {
            String variable = variableName(plain, e);
            String now = variable == null ? null : read(target, e, variable);
            if (now != null) {
                try {
                    return Isolation.parse(now);
                } catch (UserException unknown) {
                    throw new UserException("the sessions run at " + variable + "=" + now + ", a level the history is "
                            + "not checked at", "give --anomaly-isolation RC, RR or SER");
                }
            }
        }
        throw new UserException("no endpoint answered to read the isolation level",
                "check the nodes (clusterbench sandbox status) and rerun");
    }

    /** @return {@code transaction_isolation} or {@code tx_isolation}, or null when the endpoint does not answer */
    private static String variableName(Target plain, int endpoint) {
        try (Connection c = plain.open(plain.endpoints().get(endpoint)); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SHOW VARIABLES LIKE 'transaction_isolation'")) {
            return rs.next() ? "transaction_isolation" : "tx_isolation";
        } catch (DbFailure | SQLException e) {
            return null;
        }
    }

    /** @return the session's value after connecting with the level set, or null when the endpoint does not answer */
    private static String read(Target with, int endpoint, String variable) {
        try (Connection c = with.open(with.endpoints().get(endpoint)); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SHOW SESSION VARIABLES LIKE '" + variable + "'")) {
            return rs.next() ? rs.getString(2) : "";
        } catch (DbFailure | SQLException e) {
            return null;
        }
    }
}
