package io.clusterbench.result;

import java.util.Map;

/**
 * Each endpoint's {@code max_connections} as it reported it when the run's observers connected, for naming a
 * connection wall (error 1040) with its limit ({@link ConnectionWall}): the {@code observerFacts.connectionLimits}
 * object of a run with several endpoints ({@link FactKeys#CONNECTION_LIMITS}; docs/metrics.md, "Connection wall on a
 * node"). Written by {@code runner.ConnectionLimitsObserver}. Immutable.
 *
 * @param maxConnectionsByEndpoint endpoint label ({@code host:port}) → {@code max_connections}; an endpoint that
 *                                 did not answer is absent
 */
public record ConnectionLimits(Map<String, Long> maxConnectionsByEndpoint) {
    public ConnectionLimits {
        maxConnectionsByEndpoint = Map.copyOf(maxConnectionsByEndpoint);
    }
}
