package io.clusterbench.workload.ddl;

import io.clusterbench.UserException;
import io.clusterbench.workload.Wsrep;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;

/**
 * How a Galera node replicates a schema change ({@code wsrep_OSU_method}, galera-local.md and the Galera
 * documentation "Schema Upgrades"): TOI runs the DDL on every node in total order, stopping the cluster for
 * its length; RSU runs it on one node only, desynced from the cluster, which then catches up (the ddl family
 * rolls it over every node of the target in turn, the rolling schema upgrade); NBO
 * (Percona XtraDB Cluster 8.0) holds the total order only at the start and end of the DDL.
 *
 * <p>Immutable.
 */
public enum OsuMethod {
    TOI, RSU, NBO;

    /**
     * @param text toi, rsu or nbo (any case)
     * @throws UserException for anything else
     */
    public static OsuMethod parse(String text) {
        try {
            return valueOf(text.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new UserException("invalid --ddl-method '" + text + "'", "use toi, rsu or nbo");
        }
    }

    /** @return the SET statement a session runs to use this method, or null for TOI (the server default) */
    String sessionSql() {
        return this == TOI ? null : "SET SESSION wsrep_OSU_method = '" + name() + "'";
    }

    /**
     * Checks that the server offers this method: RSU and NBO need a Galera node ({@code wsrep_on=ON}) whose
     * {@code wsrep_OSU_method} accepts the value. TOI needs nothing (a standalone server runs DDL locally).
     *
     * @param c a connection to the server (its session's method is left at the server default)
     * @throws UserException when the server does not offer the method
     */
    void require(Connection c) throws SQLException {
        if (this == TOI) {
            return;
        }
        if (!Wsrep.on(c)) {
            throw new UserException("--ddl-method " + name().toLowerCase(Locale.ROOT) + " needs a Galera node "
                    + "(wsrep_on=ON), and this server " + Wsrep.why(c),
                    "use --ddl-method toi, or point --host at a Galera cluster");
        }
        try (Statement s = c.createStatement()) {
            s.execute(sessionSql());
            s.execute("SET SESSION wsrep_OSU_method = DEFAULT");
        } catch (SQLException e) {
            throw new UserException("this server does not offer wsrep_OSU_method=" + name() + " (" + e.getMessage()
                    + ")", name().equals("NBO") ? "NBO exists on Percona XtraDB Cluster 8.0; use toi or rsu here"
                    : "use --ddl-method toi");
        }
    }
}
