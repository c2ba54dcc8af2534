package io.clusterbench.relay;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The relay of one sandbox as its own process, so it outlives the command that started it: one {@link Relay} per
 * node for the group port and one for the IST port, a {@link DutyCycle} per slow node, the control file
 * ({@link RelayConfig}) polled every {@value #POLL_MILLIS} ms and the counters written to {@link RelayStats} every
 * {@value #STATS_PERIOD_MILLIS} ms. It ends on SIGTERM or when the control file disappears (sandbox destroyed).
 * Started by {@link RelayProcess}; {@code main} takes the sandbox directory.
 *
 * <p>Confined to its main thread; relays and duty cycles own their threads.
 */
public final class RelayDaemon {
    /** How often the control file is read. */
    static final long POLL_MILLIS = 50;
    /** How often the counters are written. */
    static final long STATS_PERIOD_MILLIS = 250;

    private RelayDaemon() {
    }

    /**
     * @param args the sandbox directory
     * @throws IOException when a relay address cannot be bound (exit status 1, the reason in the log)
     */
    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        RelayConfig config = RelayConfig.read(dir);
        RelayState state = new RelayState(config);
        List<Relay> relays = new ArrayList<>();
        Map<String, DutyCycle> slow = new HashMap<>();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            slow.values().forEach(DutyCycle::close);
            relays.forEach(Relay::close);
        }));
        for (RelayConfig.NodeLink n : config.nodes()) {
            relays.add(new Relay(state, n.index(), n.galeraPort()));
            relays.add(new Relay(state, n.index(), n.istPort()));
        }
        String tag = "relay-" + config.nodes().get(0).galeraPort();
        applySlow(dir, state, slow, tag);
        writeStats(dir, state);
        System.out.println("relay ready for " + config.nodes().size() + " node(s), generation " + config.generation());
        long nextStats = System.currentTimeMillis() + STATS_PERIOD_MILLIS;
        while (RelayConfig.exists(dir)) {
            try {
                Thread.sleep(POLL_MILLIS);
                RelayConfig next = RelayConfig.read(dir);
                if (next.generation() != state.config().generation()) {
                    state.apply(next);
                    applySlow(dir, state, slow, tag);
                    writeStats(dir, state);
                    System.out.println("applied generation " + next.generation());
                }
                if (System.currentTimeMillis() >= nextStats) {
                    writeStats(dir, state);
                    nextStats += STATS_PERIOD_MILLIS;
                }
            } catch (UncheckedIOException e) {
                // control file being replaced or gone: the loop condition decides
            } catch (InterruptedException e) {
                break;
            }
        }
        System.out.println("control file gone: relay ends");
        System.exit(0);
    }

    private static void applySlow(Path dir, RelayState state, Map<String, DutyCycle> slow, String tag) {
        for (RelayConfig.NodeLink n : state.config().nodes()) {
            DutyCycle running = slow.get(n.name());
            if (n.slowPercent() > 0 && running == null) {
                int index = n.index();
                DutyCycle d = new DutyCycle(dir.resolve(n.name()).resolve("pid"), n.slowThreads(),
                        () -> state.config().byIndex(index).slowPercent(), tag + "-" + n.name());
                slow.put(n.name(), d);
                System.out.println(n.name() + " slow " + n.slowPercent() + "% by " + d.method());
            } else if (n.slowPercent() == 0 && running != null) {
                running.close();
                slow.remove(n.name());
                System.out.println(n.name() + " at full speed again");
            }
        }
    }

    private static void writeStats(Path dir, RelayState state) {
        if (Files.isDirectory(dir)) {
            new RelayStats(state.config().generation(), System.currentTimeMillis(), state.read()).write(dir);
        }
    }
}
