package io.clusterbench.ab;

import io.clusterbench.UserException;
import io.clusterbench.embedded.BinaryServer;
import io.clusterbench.embedded.EmbeddedServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;

/**
 * The servers clusterbench starts for an A/B comparison: either one embedded MariaDB that both sides share
 * (an A/A run, showing the noise floor), or one binary per side, each on its own copy of one prepared data
 * directory. Preparing happens once, on a copy of the template, with side A's binary and the shared
 * options; both sides then start from copies of that prepared copy, so they run on byte-identical data.
 *
 * <p>Confined to the command's thread; {@link #close()} may also run from a shutdown hook.
 */
public final class AbServers implements AutoCloseable {
    private final Path work;
    private final boolean keep;
    private final EmbeddedServer embedded;
    private final Map<Side, BinaryServer> started = new EnumMap<>(Side.class);
    private final Thread onExit;

    private AbServers(Path work, boolean keep, EmbeddedServer embedded) {
        this.work = work;
        this.keep = keep;
        this.embedded = embedded;
        // the process may end before the command closes the servers (a Ctrl-C before the measured phase exits at
        // once, even while a server starts or the prepared copy is loaded): no server may outlive it
        this.onExit = work == null ? null : new Thread(() -> {
            BinaryServer.killProcessesUnder(work);
            if (!keep) {
                BinaryServer.deleteTree(work);
            }
        }, "clusterbench-ab-stop");
        if (onExit != null) {
            Runtime.getRuntime().addShutdownHook(onExit);
        }
    }

    /**
     * Starts one embedded server for both sides.
     *
     * @param keep leave its files on exit
     */
    public static AbServers embedded(boolean keep) {
        return new AbServers(null, keep, EmbeddedServer.start(keep));
    }

    /**
     * Prepares the data once and starts both binaries on copies of it.
     *
     * @param binaries      per side: the binary
     * @param template      a data directory (mariadb-install-db output, or a kept server's datadir); not changed
     * @param shared        server options for both sides
     * @param perSide       per side: options added after {@code shared}
     * @param prepare       called with the port of a server on the prepared copy (tables made there when missing)
     * @param keep          leave the copies on disk on exit (the working directory is printed)
     * @param announce      receives progress lines
     * @throws UserException when a binary does not start or the template is not a directory
     */
    public static AbServers binaries(Map<Side, Path> binaries, Path template, List<String> shared,
                                     Map<Side, List<String>> perSide, IntConsumer prepare, boolean keep,
                                     java.util.function.Consumer<String> announce) {
        if (!Files.isDirectory(template)) {
            throw new UserException("--datadir-template " + template + " is not a directory",
                    "give a data directory made by mariadb-install-db (or a stopped server's datadir)");
        }
        Path work;
        try {
            work = Files.createTempDirectory("clusterbench-ab-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        AbServers s = new AbServers(work, keep, null);
        try {
            announce.accept("Copying " + template + " and preparing it once with " + binaries.get(Side.A)
                    + " (working directory " + work + ")...");
            BinaryServer.copyTree(template, work.resolve("prepared/data"));
            try (BinaryServer prep = BinaryServer.start(binaries.get(Side.A), work.resolve("prepared"), shared)) {
                prepare.accept(prep.port());
            }
            for (Side side : Side.values()) {
                Path dir = work.resolve(side.name());
                BinaryServer.copyTree(work.resolve("prepared/data"), dir.resolve("data"));
                List<String> options = new ArrayList<>(shared);
                options.addAll(perSide.getOrDefault(side, List.of()));
                s.started.put(side, BinaryServer.start(binaries.get(side), dir, options));
                announce.accept("Started " + side + ": " + binaries.get(side) + " on 127.0.0.1:" + s.started.get(side).port()
                        + (options.isEmpty() ? "" : " " + String.join(" ", options)));
            }
            return s;
        } catch (RuntimeException e) {
            s.close();
            throw e;
        }
    }

    /** @return the loopback port of {@code side}'s server */
    public int port(Side side) {
        return embedded != null ? embedded.port() : started.get(side).port();
    }

    /** @return the started binary of {@code side}, or null for the embedded server */
    public BinaryServer binary(Side side) {
        return started.get(side);
    }

    /** @return true when each side has its own process (restart possible) */
    public boolean separateProcesses() {
        return embedded == null;
    }

    /** Restarts {@code side}'s server (separate processes only). @throws UserException when it does not return */
    public void restart(Side side) {
        if (embedded == null) {
            started.get(side).restart();
        }
    }

    /** @return the working directory holding the data copies, or null for the embedded server */
    public Path workDir() {
        return work;
    }

    /** Stops every server and, unless kept, removes the data copies. Idempotent. */
    @Override
    public synchronized void close() {
        if (onExit != null && Thread.currentThread() != onExit) {
            try {
                Runtime.getRuntime().removeShutdownHook(onExit);
            } catch (IllegalStateException shuttingDown) {
                // the process is exiting: the hook stops what is left
            }
        }
        started.values().forEach(BinaryServer::close);
        if (embedded != null) {
            embedded.close();
        }
        if (work != null && !keep) {
            BinaryServer.deleteTree(work);
        }
    }
}
