package io.clusterbench.relay;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The relay on real loopback sockets: a ping-pong between "node 2" and an echo server behind "node 1"'s relay
 * measures the round trip the relay adds (generous bounds: the machine is shared), bytes are counted per
 * directed link, and a partition cuts open connections and refuses new ones.
 */
class RelayTest {
    /**
     * Base port of the relayed links (the relay listens on the public address with the node's own port): chosen
     * free per JVM, not fixed, so two test runs on one machine (two clones, a CI run beside a developer's) never
     * collide on it.
     */
    private static final int PORT = freeBase();

    /** @return a base port whose relayed links (node 1 and 2) are free on their loopback addresses */
    static int freeBase() {
        java.util.SplittableRandom rng = new java.util.SplittableRandom();
        for (int attempt = 0; attempt < 200; attempt++) {
            int base = 20_000 + rng.nextInt(20_000);
            if (free(base, 1) && free(base + 1, 1) && free(base + 10, 2) && free(base + 11, 2)) {
                return base;
            }
        }
        throw new IllegalStateException("no free port range for the relay test");
    }

    /** @return whether {@code port} can be bound on node {@code n}'s private and public loopback addresses */
    private static boolean free(int port, int n) {
        for (String host : List.of(RelayAddresses.privateHost(n), RelayAddresses.publicHost(n))) {
            try (ServerSocket probe = new ServerSocket()) {
                probe.bind(new InetSocketAddress(InetAddress.getByName(host), port));
            } catch (IOException inUse) {
                return false;
            }
        }
        return true;
    }
    private final List<AutoCloseable> closing = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable c : closing) {
            c.close();
        }
    }

    private static RelayConfig config(LinkSpec n2Link, boolean n2Cut) {
        return new RelayConfig(1, List.of(
                new RelayConfig.NodeLink("n1", 1, PORT, PORT + 1, LinkSpec.NONE, false, 0),
                new RelayConfig.NodeLink("n2", 2, PORT + 10, PORT + 11, n2Link, n2Cut, 0)));
    }

    /** An echo server on node 1's private address; @return the server socket */
    private ServerSocket echo() throws IOException {
        ServerSocket ss = new ServerSocket();
        ss.setReuseAddress(true);
        ss.bind(new InetSocketAddress(InetAddress.getByName(RelayAddresses.privateHost(1)), PORT));
        Thread t = new Thread(() -> {
            while (!ss.isClosed()) {
                try {
                    Socket s = ss.accept();
                    s.setTcpNoDelay(true);
                    Thread e = new Thread(() -> {
                        try (s; InputStream in = s.getInputStream()) {
                            in.transferTo(s.getOutputStream());
                        } catch (IOException ignored) {
                            // client gone
                        }
                    });
                    e.setDaemon(true);
                    e.start();
                } catch (IOException ignored) {
                    // closed
                }
            }
        });
        t.setDaemon(true);
        t.start();
        // Closed and then waited for: a listener closed while its accept thread is blocked stays listening until
        // that thread wakes up (the JDK defers the close; the kernel keeps the socket for the running accept), and
        // the next test's bind of the same address then failed with "Address already in use" on a loaded machine.
        closing.add(() -> {
            ss.close();
            t.join(10_000);
        });
        return ss;
    }

    /** @return a connection from node 2's private address to node 1's relay */
    private Socket connectAsN2() throws IOException {
        Socket s = new Socket();
        s.bind(new InetSocketAddress(InetAddress.getByName(RelayAddresses.privateHost(2)), 0));
        s.connect(new InetSocketAddress(InetAddress.getByName(RelayAddresses.publicHost(1)), PORT), 2000);
        s.setTcpNoDelay(true);
        s.setSoTimeout(5000);
        closing.add(s);
        return s;
    }

    /** @return the median round trip of a 64-byte ping-pong, µs */
    private static long medianRoundTripMicros(Socket s, int rounds) throws IOException {
        DataOutputStream out = new DataOutputStream(s.getOutputStream());
        DataInputStream in = new DataInputStream(s.getInputStream());
        byte[] ping = new byte[64];
        long[] rtt = new long[rounds];
        for (int i = 0; i < rounds; i++) {
            long t0 = System.nanoTime();
            out.write(ping);
            out.flush();
            in.readFully(new byte[64]);
            rtt[i] = (System.nanoTime() - t0) / 1000;
        }
        Arrays.sort(rtt);
        return rtt[rounds / 2];
    }

    @Test
    void addsTheConfiguredDelayInEachDirection() throws Exception {
        echo();
        RelayState state = new RelayState(config(LinkSpec.parse("10ms"), false));
        closing.add(new Relay(state, 1, PORT));
        long rtt = medianRoundTripMicros(connectAsN2(), 15);
        // 10 ms each way on n2's link: 20 ms per round trip; upper bound generous for a loaded machine
        assertTrue(rtt >= 19_500 && rtt < 60_000, "round trip " + rtt + " µs, expected about 20000");
        RelayStats.Link in = state.read().stream().filter(l -> l.name().equals("n2>n1")).findFirst().orElseThrow();
        assertEquals(15 * 64, in.bytes());
        assertTrue(in.addedMicrosMean() >= 9_500, "mean added " + in.addedMicrosMean() + " µs");
    }

    @Test
    void aChangeAppliesToOpenConnectionsAndZeroDelayCostsLittle() throws Exception {
        echo();
        RelayState state = new RelayState(config(LinkSpec.NONE, false));
        closing.add(new Relay(state, 1, PORT));
        Socket s = connectAsN2();
        long zero = medianRoundTripMicros(s, 50);
        assertTrue(zero < 5_000, "relay at 0 ms adds " + zero + " µs per round trip");
        state.apply(config(LinkSpec.parse("5ms"), false));
        long five = medianRoundTripMicros(s, 10);
        assertTrue(five >= 9_500, "round trip at 5 ms one way: " + five + " µs");
    }

    @Test
    void aPartitionCutsOpenConnectionsAndRefusesNewOnes() throws Exception {
        echo();
        RelayState state = new RelayState(config(LinkSpec.NONE, false));
        closing.add(new Relay(state, 1, PORT));
        Socket s = connectAsN2();
        medianRoundTripMicros(s, 3);
        state.apply(config(LinkSpec.NONE, true));
        assertThrows(IOException.class, () -> {
            medianRoundTripMicros(s, 3);
        });
        Socket again = connectAsN2();
        assertThrows(IOException.class, () -> medianRoundTripMicros(again, 1));
        state.apply(config(LinkSpec.NONE, false));
        medianRoundTripMicros(connectAsN2(), 3);
    }
}
