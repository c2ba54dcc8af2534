package io.clusterbench.relay;

/**
 * The loopback addresses of a relayed sandbox. Node {@code i} binds its group and IST listeners to its private
 * address {@code 127.0.1.i} (Galera binds its outgoing group connections to the listen address, so the relay knows
 * who connects); the others reach it at its public address {@code 127.0.2.i}, where the relay listens on the same
 * port. The relay connects to the private address from the caller's public address, so Galera learns and gossips
 * public addresses only (gcomm takes a peer's host from the socket and its port from the handshake). Linux routes
 * all of 127.0.0.0/8 to the loopback device, so nothing needs configuring.
 *
 * <p>Thread-safe (stateless).
 */
public final class RelayAddresses {
    private RelayAddresses() {
    }

    /** @return the address node {@code index} binds to, {@code 127.0.1.<index>} */
    public static String privateHost(int index) {
        return "127.0.1." + index;
    }

    /** @return the address the others reach node {@code index} at (the relay), {@code 127.0.2.<index>} */
    public static String publicHost(int index) {
        return "127.0.2." + index;
    }

    /**
     * @param host the source address of a connection to the relay
     * @return the node whose private address it is, or 0 when it is none (e.g. an IST sender on 127.0.0.1)
     */
    public static int nodeOfPrivate(String host) {
        if (host.startsWith("127.0.1.")) {
            try {
                return Integer.parseInt(host.substring("127.0.1.".length()));
            } catch (NumberFormatException e) {
                return 0;
            }
        }
        return 0;
    }
}
