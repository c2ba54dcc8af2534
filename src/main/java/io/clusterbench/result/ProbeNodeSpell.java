package io.clusterbench.result;

import java.util.Locale;

/**
 * A node's time in one unhealthy state during the stale-read probe ({@code probe.json}: {@code nodeStates}).
 *
 * <p>Immutable.
 *
 * @param node             node name
 * @param state            {@code Donor/Desynced}, {@code Desynced}, {@code not ready}, {@code unavailable}, …
 * @param seconds          time credited to the state (s): the sum of the gaps before the readings that saw it
 * @param firstSeenSeconds first reading in the state, seconds from the probe's start
 * @param lastSeenSeconds  last reading in the state, seconds from the probe's start
 */
public record ProbeNodeSpell(String node, String state, double seconds, double firstSeenSeconds,
                             double lastSeenSeconds) {
    /** @return e.g. {@code n2 was Donor/Desynced for 15.1 s (seen from 2.3 s to 17.4 s of the probe)} */
    public String line() {
        return String.format(Locale.ROOT, "%s was %s for %.1f s (seen from %.1f s to %.1f s of the probe)", node,
                state, seconds, firstSeenSeconds, lastSeenSeconds);
    }
}
