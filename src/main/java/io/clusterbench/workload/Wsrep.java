package io.clusterbench.workload;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * What a family needs to know about a server's wsrep (Galera) layer before it uses a wsrep feature.
 *
 * <p>Thread-safe (stateless).
 */
public final class Wsrep {
    private Wsrep() {
    }

    /** @return the value of {@code wsrep_on} ("ON"/"OFF"), or null when the server has no such variable */
    public static String wsrepOn(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SHOW VARIABLES LIKE 'wsrep_on'")) {
            return rs.next() ? rs.getString(2) : null;
        }
    }

    /** @return true when the connection's server is a Galera node with replication on */
    public static boolean on(Connection c) throws SQLException {
        String v = wsrepOn(c);
        return v != null && v.equalsIgnoreCase("ON");
    }

    /** @return "has no wsrep" or "runs wsrep_on=OFF", for messages about a server that is not a Galera node */
    public static String why(Connection c) throws SQLException {
        return wsrepOn(c) == null ? "has no wsrep" : "runs wsrep_on=OFF";
    }

    /**
     * On a Galera node, waits until the node has applied every write set the cluster committed before this call
     * (a causal read with {@code wsrep_sync_wait=1}), so DDL run through another node (TOI) is visible here:
     * TOI returns on the node that ran it before the others have applied it. Does nothing elsewhere.
     *
     * @param c a session on the node; its {@code wsrep_sync_wait} is the global value again afterwards
     */
    public static void catchUp(Connection c) throws SQLException {
        if (!on(c)) {
            return;
        }
        try (Statement s = c.createStatement()) {
            s.execute("SET SESSION wsrep_sync_wait = 1");
            try {
                s.executeQuery("SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = DATABASE()").close();
            } finally {
                s.execute("SET SESSION wsrep_sync_wait = @@global.wsrep_sync_wait");
            }
        }
    }
}
