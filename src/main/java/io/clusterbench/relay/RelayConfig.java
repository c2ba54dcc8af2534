package io.clusterbench.relay;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * What the relay daemon of one sandbox must do, kept in {@value #FILE} in the sandbox directory: the sandbox
 * commands write it, the daemon reads it whenever its {@code generation} changes and reports the generation it
 * applied in {@link RelayStats}. A plain properties file, so the daemon needs nothing but the JDK.
 *
 * <p>Immutable; {@link #write} replaces the file atomically.
 *
 * @param generation increases with every change, so a writer can wait until the daemon applied its change
 * @param nodes      every node of the sandbox, in order
 */
public record RelayConfig(long generation, List<NodeLink> nodes) {
    /** Name of the control file in the sandbox directory. */
    public static final String FILE = "relay.properties";

    /**
     * One node behind the relay.
     *
     * @param name        {@code n1}, …
     * @param index       1-based node number (its addresses: {@link RelayAddresses})
     * @param galeraPort  group communication port
     * @param istPort     incremental state transfer port
     * @param link        delay, jitter and cap of this node's link to the others
     * @param partitioned true while the node's group and IST traffic is cut both ways
     * @param slowPercent share of each duty cycle the node's appliers are frozen, 0–90; 0 for full speed
     * @param slowThreads the node's applier thread ids (Linux TIDs) when it was made slow, possibly empty
     */
    public record NodeLink(String name, int index, int galeraPort, int istPort, LinkSpec link, boolean partitioned,
                           int slowPercent, List<Long> slowThreads) {
        /** A node at full speed. */
        public NodeLink(String name, int index, int galeraPort, int istPort, LinkSpec link, boolean partitioned,
                        int slowPercent) {
            this(name, index, galeraPort, istPort, link, partitioned, slowPercent, List.of());
        }

        public NodeLink {
            slowThreads = List.copyOf(slowThreads);
        }

        /** @return a copy with another link */
        public NodeLink withLink(LinkSpec l) {
            return new NodeLink(name, index, galeraPort, istPort, l, partitioned, slowPercent, slowThreads);
        }

        /** @return a copy cut off or healed */
        public NodeLink withPartitioned(boolean p) {
            return new NodeLink(name, index, galeraPort, istPort, link, p, slowPercent, slowThreads);
        }

        /** @return a copy with another slowdown of the given applier threads */
        public NodeLink withSlow(int s, List<Long> tids) {
            return new NodeLink(name, index, galeraPort, istPort, link, partitioned, s, tids);
        }

        /** @return e.g. {@code 25ms±5ms}, {@code 25ms partitioned}, {@code off slow 30%} */
        public String describe() {
            return link.describe() + (partitioned ? " partitioned" : "") + (slowPercent > 0 ? " slow " + slowPercent + "%" : "");
        }
    }

    /** @return true when the directory holds a relay control file */
    public static boolean exists(Path dir) {
        return Files.isRegularFile(dir.resolve(FILE));
    }

    /** @return the node called {@code name} ({@code n3} or {@code 3}), or null */
    public NodeLink node(String name) {
        for (NodeLink n : nodes) {
            if (n.name().equals(name) || Integer.toString(n.index()).equals(name)) {
                return n;
            }
        }
        return null;
    }

    /** @return a copy with {@code changed} in its place and the next generation */
    public RelayConfig with(NodeLink changed) {
        List<NodeLink> copy = new ArrayList<>(nodes);
        copy.set(changed.index() - 1, changed);
        return new RelayConfig(generation + 1, List.copyOf(copy));
    }

    /** @return the node with 1-based {@code index}, or null */
    public NodeLink byIndex(int index) {
        return index >= 1 && index <= nodes.size() ? nodes.get(index - 1) : null;
    }

    /**
     * @return the control file's content
     * @throws UncheckedIOException when it is missing or unreadable
     */
    public static RelayConfig read(Path dir) {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(dir.resolve(FILE), StandardCharsets.UTF_8)) {
            p.load(r);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + dir.resolve(FILE) + ": " + e.getMessage(), e);
        }
        int count = Integer.parseInt(p.getProperty("nodes", "0"));
        List<NodeLink> nodes = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            String k = "node." + i + ".";
            nodes.add(new NodeLink(p.getProperty(k + "name"), i, Integer.parseInt(p.getProperty(k + "galeraPort")),
                    Integer.parseInt(p.getProperty(k + "istPort")), new LinkSpec(
                    Long.parseLong(p.getProperty(k + "delayMicros", "0")),
                    Long.parseLong(p.getProperty(k + "jitterMicros", "0")),
                    Long.parseLong(p.getProperty(k + "bandwidthBytesPerSecond", "0"))),
                    Boolean.parseBoolean(p.getProperty(k + "partitioned", "false")),
                    Integer.parseInt(p.getProperty(k + "slowPercent", "0")), tids(p.getProperty(k + "slowThreads", ""))));
        }
        return new RelayConfig(Long.parseLong(p.getProperty("generation", "0")), List.copyOf(nodes));
    }

    private static List<Long> tids(String text) {
        List<Long> out = new ArrayList<>();
        for (String t : text.split(",")) {
            if (!t.isBlank()) {
                out.add(Long.parseLong(t.strip()));
            }
        }
        return out;
    }

    /** Writes the file atomically. @throws UncheckedIOException when it cannot be written */
    public void write(Path dir) {
        Properties p = new Properties();
        p.setProperty("generation", Long.toString(generation));
        p.setProperty("nodes", Integer.toString(nodes.size()));
        for (NodeLink n : nodes) {
            String k = "node." + n.index() + ".";
            p.setProperty(k + "name", n.name());
            p.setProperty(k + "galeraPort", Integer.toString(n.galeraPort()));
            p.setProperty(k + "istPort", Integer.toString(n.istPort()));
            p.setProperty(k + "delayMicros", Long.toString(n.link().delayMicros()));
            p.setProperty(k + "jitterMicros", Long.toString(n.link().jitterMicros()));
            p.setProperty(k + "bandwidthBytesPerSecond", Long.toString(n.link().bandwidthBytesPerSecond()));
            p.setProperty(k + "partitioned", Boolean.toString(n.partitioned()));
            p.setProperty(k + "slowPercent", Integer.toString(n.slowPercent()));
            p.setProperty(k + "slowThreads", String.join(",", n.slowThreads().stream().map(String::valueOf).toList()));
        }
        Path tmp = dir.resolve(FILE + ".tmp");
        try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            p.store(w, "clusterbench relay control (written by the sandbox commands)");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + tmp + ": " + e.getMessage(), e);
        }
        try {
            Files.move(tmp, dir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + dir.resolve(FILE) + ": " + e.getMessage(), e);
        }
    }
}
