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
 * What the relay daemon reports, kept in {@value #FILE} beside the control file and rewritten every
 * {@value RelayDaemon#STATS_PERIOD_MILLIS} ms and right after each change it applied. Counters are monotonic since
 * the daemon started; a reader takes differences between two readings.
 *
 * <p>Immutable.
 *
 * @param appliedGeneration the control file generation the daemon runs with
 * @param writtenAtMillis   wall-clock time of the reading (epoch ms)
 * @param links             one reading per directed link, by name
 */
public record RelayStats(long appliedGeneration, long writtenAtMillis, List<Link> links) {
    /** Name of the stats file in the sandbox directory. */
    public static final String FILE = "relay-stats.properties";

    /**
     * One directed link's counters.
     *
     * @param name           {@code n1>n3}; {@code ?>n3} for a caller that is not a node's group address (IST)
     * @param bytes          bytes relayed
     * @param chunks         chunks relayed (one read each)
     * @param addedMicrosSum delay added, summed over chunks, µs (read to write, relay overhead included)
     * @param addedMicrosMax largest delay added to one chunk, µs
     */
    public record Link(String name, long bytes, long chunks, long addedMicrosSum, long addedMicrosMax) {
        /** @return mean delay added per chunk, µs, or 0 with no chunk */
        public double addedMicrosMean() {
            return chunks == 0 ? 0 : (double) addedMicrosSum / chunks;
        }

        /** @return the node the link ends at, e.g. {@code n3} for {@code n1>n3} */
        public String to() {
            return name.substring(name.indexOf('>') + 1);
        }

        /** @return the node the link starts at, e.g. {@code n1} for {@code n1>n3} */
        public String from() {
            return name.substring(0, name.indexOf('>'));
        }
    }

    /** @return the last reading, or null when the daemon has not written one */
    public static RelayStats read(Path dir) {
        Path f = dir.resolve(FILE);
        if (!Files.isRegularFile(f)) {
            return null;
        }
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
            p.load(r);
        } catch (IOException e) {
            return null;
        }
        List<Link> links = new ArrayList<>();
        int count = Integer.parseInt(p.getProperty("links", "0"));
        for (int i = 0; i < count; i++) {
            String k = "link." + i + ".";
            links.add(new Link(p.getProperty(k + "name"), Long.parseLong(p.getProperty(k + "bytes", "0")),
                    Long.parseLong(p.getProperty(k + "chunks", "0")),
                    Long.parseLong(p.getProperty(k + "addedMicrosSum", "0")),
                    Long.parseLong(p.getProperty(k + "addedMicrosMax", "0"))));
        }
        return new RelayStats(Long.parseLong(p.getProperty("appliedGeneration", "-1")),
                Long.parseLong(p.getProperty("writtenAtMillis", "0")), List.copyOf(links));
    }

    /** Writes the file atomically. @throws UncheckedIOException when it cannot */
    void write(Path dir) {
        Properties p = new Properties();
        p.setProperty("appliedGeneration", Long.toString(appliedGeneration));
        p.setProperty("writtenAtMillis", Long.toString(writtenAtMillis));
        p.setProperty("links", Integer.toString(links.size()));
        for (int i = 0; i < links.size(); i++) {
            Link l = links.get(i);
            String k = "link." + i + ".";
            p.setProperty(k + "name", l.name());
            p.setProperty(k + "bytes", Long.toString(l.bytes()));
            p.setProperty(k + "chunks", Long.toString(l.chunks()));
            p.setProperty(k + "addedMicrosSum", Long.toString(l.addedMicrosSum()));
            p.setProperty(k + "addedMicrosMax", Long.toString(l.addedMicrosMax()));
        }
        Path tmp = dir.resolve(FILE + ".tmp");
        try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            p.store(w, null);
            w.close();
            Files.move(tmp, dir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + dir.resolve(FILE) + ": " + e.getMessage(), e);
        }
    }
}
