package io.clusterbench.observe;

import io.clusterbench.db.Target;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Reads how far the server's clock is from this client's: the one clock every shard of a run can see, so
 * the offsets of two shards give the skew between their hosts' clocks (NTP-style: the server's time against
 * the midpoint of the round trip, best of a few tries).
 *
 * <p>Thread-safe (stateless).
 */
public final class ServerClock {
    private static final int TRIES = 5;

    private ServerClock() {
    }

    /**
     * @param offsetMillis      server clock minus client clock, ms
     * @param uncertaintyMillis half the shortest round trip, ms
     */
    public record Offset(double offsetMillis, double uncertaintyMillis) {
    }

    /** @return the offset against the target's first endpoint, or null when it cannot be read */
    public static Offset measure(Target target) {
        try (Connection c = target.open(target.endpoints().get(0)); Statement s = c.createStatement()) {
            Offset best = null;
            for (int i = 0; i < TRIES; i++) {
                long before = nowMicros();
                double serverMicros;
                try (ResultSet rs = s.executeQuery("SELECT UNIX_TIMESTAMP(NOW(6))")) {
                    rs.next();
                    serverMicros = rs.getBigDecimal(1).movePointRight(6).doubleValue();
                }
                long after = nowMicros();
                Offset o = new Offset((serverMicros - (before + after) / 2.0) / 1000.0, (after - before) / 2000.0);
                if (best == null || o.uncertaintyMillis() < best.uncertaintyMillis()) {
                    best = o;
                }
            }
            return best;
        } catch (SQLException | RuntimeException | io.clusterbench.db.DbFailure e) {
            return null;
        }
    }

    private static long nowMicros() {
        java.time.Instant now = java.time.Instant.now();
        return now.getEpochSecond() * 1_000_000L + now.getNano() / 1000;
    }
}
