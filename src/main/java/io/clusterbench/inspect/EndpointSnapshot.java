package io.clusterbench.inspect;

import io.clusterbench.db.Endpoint;
import io.clusterbench.db.ServerInfo;
import io.clusterbench.db.Target;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one endpoint says about itself, read once by {@code inspect}: global variables and status, the
 * workload schema's tables, Group Replication members, and the server clock's offset from the client's.
 *
 * <p>Immutable.
 *
 * @param endpoint           the endpoint label, e.g. "127.0.0.1:3306"
 * @param local              true when the endpoint is on this host (loopback address or Unix socket)
 * @param version            {@code SELECT VERSION()}
 * @param variables          {@code SHOW GLOBAL VARIABLES}, lower-case names, secrets left out
 * @param status             {@code SHOW GLOBAL STATUS}, lower-case names
 * @param tables             base tables of the workload's database; empty when it does not exist
 * @param groupMembers       Group Replication members as "host:port role state version"; empty without GR
 * @param clockOffsetMicros  server clock minus client clock in microseconds, from the {@code UTC_TIMESTAMP(6)}
 *                           round trip with the smallest round-trip time (Cristian's method)
 * @param clockUncertaintyMicros half that round-trip time in microseconds: the offset is known to within it
 */
public record EndpointSnapshot(String endpoint, boolean local, String version, Map<String, String> variables,
                               Map<String, String> status, List<SchemaTable> tables, List<String> groupMembers,
                               long clockOffsetMicros, long clockUncertaintyMicros) {
    private static final int CLOCK_SAMPLES = 5;

    /** @return a global variable's value, or "" when the server has no such variable */
    public String variable(String name) {
        return variables.getOrDefault(name, "");
    }

    /** @return a global status value as a number, or {@code fallback} when absent or not a number */
    public long statusLong(String name, long fallback) {
        return parseLong(status.get(name), fallback);
    }

    /** @return a global variable as a number, or {@code fallback} when absent or not a number */
    public long variableLong(String name, long fallback) {
        return parseLong(variables.get(name), fallback);
    }

    /** @return true when Galera replication is on ({@code wsrep_on = ON}) */
    public boolean galera() {
        return "ON".equalsIgnoreCase(variable("wsrep_on"));
    }

    /** @return true when this is a Group Replication member (a GR group name is set and members are listed) */
    public boolean groupReplication() {
        return !groupMembers.isEmpty();
    }

    private static long parseLong(String value, long fallback) {
        if (value == null) {
            return fallback;
        }
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    /**
     * Reads one endpoint.
     *
     * @param database the workload's database; its tables are read when it exists
     * @throws io.clusterbench.UserException when the endpoint cannot be reached (from {@link Target#openChecked})
     * @throws SQLException                  when the server fails a query
     */
    public static EndpointSnapshot read(Target target, Endpoint endpoint, String database) throws SQLException {
        try (Connection c = target.openChecked(endpoint, false)) {
            ServerInfo info = ServerInfo.read(c);
            Map<String, String> status = new TreeMap<>();
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS")) {
                while (rs.next()) {
                    status.put(rs.getString(1).toLowerCase(Locale.ROOT), rs.getString(2));
                }
            }
            long[] clock = clockOffset(c);
            return new EndpointSnapshot(endpoint.label(), isLocal(endpoint), info.version(), info.variables(), status,
                    tables(c, database), groupMembers(c, info.variables()), clock[0], clock[1]);
        }
    }

    /** @return true for a Unix socket or a loopback host name or address */
    static boolean isLocal(Endpoint e) {
        if (e.socket() != null) {
            return true;
        }
        String h = e.host().toLowerCase(Locale.ROOT);
        return h.equals("localhost") || h.startsWith("127.") || h.equals("::1") || h.equals("[::1]");
    }

    private static List<SchemaTable> tables(Connection c, String database) throws SQLException {
        List<SchemaTable> out = new ArrayList<>();
        String sql = "SELECT t.TABLE_NAME, COALESCE(t.ENGINE, ''), COALESCE(t.TABLE_ROWS, 0), "
                + "COALESCE(t.DATA_LENGTH, 0) + COALESCE(t.INDEX_LENGTH, 0), "
                + "EXISTS (SELECT 1 FROM information_schema.TABLE_CONSTRAINTS k WHERE k.TABLE_SCHEMA = t.TABLE_SCHEMA "
                + "AND k.TABLE_NAME = t.TABLE_NAME AND k.CONSTRAINT_TYPE = 'PRIMARY KEY') "
                + "FROM information_schema.TABLES t WHERE t.TABLE_SCHEMA = ? AND t.TABLE_TYPE = 'BASE TABLE' "
                + "ORDER BY t.TABLE_NAME";
        try (var ps = c.prepareStatement(sql)) {
            ps.setString(1, database);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new SchemaTable(rs.getString(1), rs.getString(2), rs.getBoolean(5), rs.getLong(3),
                            rs.getLong(4)));
                }
            }
        }
        return out;
    }

    private static List<String> groupMembers(Connection c, Map<String, String> variables) {
        if (variables.getOrDefault("group_replication_group_name", "").isEmpty()) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT MEMBER_HOST, MEMBER_PORT, MEMBER_ROLE, MEMBER_STATE, MEMBER_VERSION "
                        + "FROM performance_schema.replication_group_members")) {
            while (rs.next()) {
                out.add(rs.getString(1) + ":" + rs.getString(2) + " " + rs.getString(3) + " " + rs.getString(4)
                        + " " + rs.getString(5));
            }
        } catch (SQLException e) {
            return List.of();
        }
        return out;
    }

    /** @return {offset, uncertainty} in microseconds from the tightest of a few round trips */
    private static long[] clockOffset(Connection c) throws SQLException {
        long bestRtt = Long.MAX_VALUE;
        long bestOffset = 0;
        try (Statement s = c.createStatement()) {
            for (int i = 0; i < CLOCK_SAMPLES; i++) {
                Instant before = Instant.now();
                long t0 = System.nanoTime();
                String server;
                try (ResultSet rs = s.executeQuery("SELECT UTC_TIMESTAMP(6)")) {
                    rs.next();
                    server = rs.getString(1);
                }
                long rttMicros = (System.nanoTime() - t0) / 1000;
                Instant serverAt = LocalDateTime.parse(server.replace(' ', 'T')).toInstant(ZoneOffset.UTC);
                long midMicros = micros(before) + rttMicros / 2;
                if (rttMicros < bestRtt) {
                    bestRtt = rttMicros;
                    bestOffset = micros(serverAt) - midMicros;
                }
            }
        }
        return new long[] {bestOffset, Math.max(1, bestRtt / 2)};
    }

    private static long micros(Instant i) {
        return i.getEpochSecond() * 1_000_000L + i.getNano() / 1000;
    }
}
