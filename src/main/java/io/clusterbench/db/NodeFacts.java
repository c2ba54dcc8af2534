package io.clusterbench.db;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What one endpoint says about itself at discovery time.
 *
 * <p>Immutable.
 *
 * @param endpoint      the endpoint's label
 * @param error         why it could not be read, or null when it answered
 * @param version       {@code VERSION()}
 * @param versionComment {@code @@version_comment}
 * @param readOnly      {@code @@read_only}
 * @param wsrep         {@code SHOW GLOBAL STATUS LIKE 'wsrep%'} plus {@code wsrep_on}, {@code wsrep_node_name}
 *                      (lower-case names); empty when the server has no wsrep
 * @param serverUuid    {@code @@server_uuid} (MySQL), or ""
 * @param grMembers     rows of {@code performance_schema.replication_group_members}
 *                      (id, host, port, state, role); empty when none
 * @param galeraMembers rows of {@code mysql.wsrep_cluster_members} (uuid, name, incoming address); empty when none
 */
record NodeFacts(String endpoint, String error, String version, String versionComment, boolean readOnly,
                 Map<String, String> wsrep, String serverUuid, List<String[]> grMembers,
                 List<String[]> galeraMembers) {

    static NodeFacts failed(String endpoint, String error) {
        return new NodeFacts(endpoint, error, "", "", false, Map.of(), "", List.of(), List.of());
    }

    boolean wsrepOn() {
        return "ON".equalsIgnoreCase(wsrep.get("wsrep_on")) && wsrep.containsKey("wsrep_cluster_status");
    }

    String nodeUuid() {
        return wsrep.getOrDefault("wsrep_gcomm_uuid", "");
    }

    /** Reads every fact; statements the server does not know are skipped. */
    static NodeFacts read(String endpoint, Connection c) throws SQLException {
        String version;
        String comment;
        boolean readOnly;
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT VERSION(), @@version_comment, @@read_only")) {
            rs.next();
            version = rs.getString(1);
            comment = rs.getString(2);
            readOnly = rs.getInt(3) != 0;
        }
        Map<String, String> wsrep = new HashMap<>();
        rows(c, "SHOW GLOBAL VARIABLES WHERE Variable_name IN ('wsrep_on', 'wsrep_node_name')", 2)
                .forEach(r -> wsrep.put(r[0].toLowerCase(), r[1]));
        rows(c, "SHOW GLOBAL STATUS LIKE 'wsrep%'", 2).forEach(r -> wsrep.put(r[0].toLowerCase(), r[1]));
        List<String[]> uuid = rows(c, "SELECT @@server_uuid", 1);
        List<String[]> gr = rows(c, "SELECT MEMBER_ID, MEMBER_HOST, MEMBER_PORT, MEMBER_STATE, MEMBER_ROLE "
                + "FROM performance_schema.replication_group_members WHERE MEMBER_STATE <> 'OFFLINE'", 5);
        List<String[]> galera = "ON".equalsIgnoreCase(wsrep.get("wsrep_on"))
                ? rows(c, "SELECT node_uuid, node_name, node_incoming_address FROM mysql.wsrep_cluster_members", 3)
                : List.of();
        return new NodeFacts(endpoint, null, version, comment == null ? "" : comment, readOnly, wsrep,
                uuid.isEmpty() || uuid.get(0)[0] == null ? "" : uuid.get(0)[0], gr, galera);
    }

    /** @return the rows, or none when the statement fails (unknown variable, table or privilege) */
    private static List<String[]> rows(Connection c, String sql, int columns) {
        List<String[]> out = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                String[] row = new String[columns];
                for (int i = 0; i < columns; i++) {
                    row[i] = rs.getString(i + 1);
                }
                out.add(row);
            }
        } catch (SQLException e) {
            return List.of();
        }
        return out;
    }
}
