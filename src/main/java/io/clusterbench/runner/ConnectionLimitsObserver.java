package io.clusterbench.runner;

import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.Target;
import io.clusterbench.observe.Observer;
import io.clusterbench.result.ConnectionLimits;
import io.clusterbench.result.FactKeys;
import io.clusterbench.result.Facts;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads every endpoint's {@code max_connections} once, before the measured phase, so that a connection wall met
 * during the run (a failover that moved workers onto a node without room for them) is named with its limit
 * ({@link io.clusterbench.result.ConnectionWall}). One short connection per endpoint, closed at once; an endpoint
 * that does not answer is left out and tried again at the start.
 *
 * <p>Confined to the thread that samples it (its {@code AsyncObserver}).
 */
final class ConnectionLimitsObserver implements Observer {
    private final Target target;
    private final Map<String, Long> limits = new LinkedHashMap<>();

    /** @param target the run's target (its endpoints are read) */
    ConnectionLimitsObserver(Target target) {
        this.target = target;
    }

    @Override
    public String name() {
        return FactKeys.CONNECTION_LIMITS.name();
    }

    @Override
    public void connect() {
        readMissing();
    }

    @Override
    public void start() {
        readMissing();
    }

    private void readMissing() {
        for (Endpoint e : target.endpoints()) {
            if (limits.containsKey(e.label())) {
                continue;
            }
            try (Connection c = target.open(e); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT @@GLOBAL.max_connections")) {
                if (rs.next()) {
                    limits.put(e.label(), rs.getLong(1));
                }
            } catch (DbFailure | SQLException unreadable) {
                // left out: the wall's line then says the limit is unknown
            }
        }
    }

    @Override
    public Map<String, Object> sample(double intervalSeconds) {
        return Map.of();
    }

    @Override
    public Facts facts() {
        return limits.isEmpty() ? Facts.NONE : Facts.NONE.with(FactKeys.CONNECTION_LIMITS, new ConnectionLimits(limits));
    }

    @Override
    public void close() {
        // no connection is kept
    }
}
