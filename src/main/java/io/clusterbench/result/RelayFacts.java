package io.clusterbench.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The sandbox relay's links during a run ({@code observerFacts.relay}; docs/relay.md and docs/metrics.md, "Sandbox
 * relay"): each node's link at the start and all links at the end. Immutable.
 *
 * @param relay      true: the sandbox's nodes talk through the relay
 * @param nodes      per node name, its link at the start
 * @param linksAtEnd every node's link at the end, as {@code sandbox status} prints it ({@code n1 off, n3 25ms})
 */
public record RelayFacts(boolean relay, Map<String, NodeLink> nodes, String linksAtEnd) {
    public RelayFacts {
        nodes = nodes == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(nodes));
    }

    /**
     * One node's link.
     *
     * @param link                    as described ({@code off}, {@code 25ms±5ms,10mbit})
     * @param delayMicros             one-way delay added, µs
     * @param jitterMicros            jitter of the delay, µs
     * @param bandwidthBytesPerSecond bandwidth limit, bytes/s; 0 = none
     * @param partitioned             true while the node is cut off
     * @param slowPercent             share of time the node's appliers are frozen, percent; 0 = not slowed
     */
    public record NodeLink(String link, long delayMicros, long jitterMicros, long bandwidthBytesPerSecond,
                           boolean partitioned, int slowPercent) {
    }
}
