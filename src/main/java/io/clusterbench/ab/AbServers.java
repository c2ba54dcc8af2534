package io.clusterbench.ab;

import io.clusterbench.UserException;
import io.clusterbench.embedded.BinaryServer;
import io.clusterbench.embedded.EmbeddedServer;
import io.clusterbench.embedded.ServerCache;
import io.clusterbench.embedded.StartGuard;
import io.clusterbench.embedded.Trees;
import io.clusterbench.lifecycle.Lifecycle;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.IntConsumer;

/**
 * The servers clusterbench starts for an {@code ab} comparison: either one embedded MariaDB that every side shares
 * (an A/A run, showing the noise floor), or one binary per side, each on its own copy of one prepared data
 * directory. Preparing happens once, on a copy of the template, with the first side's binary and the shared
 * options; every side then starts from a copy of that prepared copy, so they run on byte-identical data.
 *
 * <p>Owned by the command's {@link Lifecycle} from before the working directory exists: its close (the command's end,
 * a Ctrl-C at any moment of the set-up) stops a copy or start in progress, kills the servers and deletes the working
 * directory; with {@code keep}, servers that all started are shut down cleanly and the copies stay.
 *
 * <p>Confined to the command's thread; {@link #close()} may also come from the lifecycle's closer.
 */
public final class AbServers implements AutoCloseable {
    /** The longest the lifecycle waits for the close: the servers killed, the copies deleted. */
    private static final Duration CLOSE_DEADLINE = Duration.ofSeconds(5);
    private final boolean keep;
    private final EmbeddedServer embedded;
    private final StartGuard guard = new StartGuard();
    private final Map<Side, BinaryServer> started = new LinkedHashMap<>();
    /** Every binary server made, started or not; guarded by itself. */
    private final List<BinaryServer> made = new ArrayList<>();
    private volatile Path work;
    private volatile boolean allStarted;
    private Lifecycle.Owned owned;

    private AbServers(boolean keep, EmbeddedServer embedded) {
        this.keep = keep;
        this.embedded = embedded;
    }

    /**
     * Starts one embedded server for every side.
     *
     * @param life     the command's lifecycle (owns the server)
     * @param cache    the embedded server's cache
     * @param keep     leave its files on exit
     * @param announce receives the cache's first-run lines
     */
    public static AbServers embedded(Lifecycle life, ServerCache cache, boolean keep, Consumer<String> announce) {
        return new AbServers(keep, EmbeddedServer.start(life, cache, keep, List.of(), announce));
    }

    /**
     * Prepares the data once and starts every side's binary on a copy of it.
     *
     * @param life          the command's lifecycle (owns the servers and their working directory)
     * @param binaries      per side, in the order given: the binary (the first side's prepares the data)
     * @param template      a data directory (mariadb-install-db output, or a kept server's datadir); not changed
     * @param shared        server options for both sides
     * @param perSide       per side: options added after {@code shared}
     * @param prepare       called with the port of a server on the prepared copy (tables made there when missing)
     * @param keep          leave the copies on disk on exit (the working directory is printed)
     * @param announce      receives progress lines
     * @throws UserException when a binary does not start or the template is not a directory
     */
    public static AbServers binaries(Lifecycle life, Map<Side, Path> binaries, Path template, List<String> shared,
                                     Map<Side, List<String>> perSide, IntConsumer prepare, boolean keep,
                                     Consumer<String> announce) {
        if (!Files.isDirectory(template)) {
            throw new UserException("--datadir-template " + template + " is not a directory",
                    "give a data directory made by mariadb-install-db (or a stopped server's datadir)");
        }
        AbServers s = new AbServers(keep, null);
        s.owned = life.own("ab servers", s::stop, keep ? BinaryServer.STOP_BOUND.plus(CLOSE_DEADLINE) : CLOSE_DEADLINE);
        try {
            s.guard.step(() -> s.work = Files.createTempDirectory("clusterbench-ab-"));
            Path work = s.work;
            Path first = binaries.values().iterator().next();
            announce.accept("Copying " + template + " and preparing it once with " + first
                    + " (working directory " + work + ")...");
            Trees.copy(template, work.resolve("prepared/data"), s.guard);
            try (BinaryServer prep = s.made(first, work.resolve("prepared"), shared)) {
                prep.start();
                prepare.accept(prep.port());
            }
            for (Side side : binaries.keySet()) {
                Path dir = work.resolve("side-" + side.name());
                Trees.copy(work.resolve("prepared/data"), dir.resolve("data"), s.guard);
                List<String> options = new ArrayList<>(shared);
                options.addAll(perSide.getOrDefault(side, List.of()));
                BinaryServer server = s.made(binaries.get(side), dir, options);
                server.start();
                s.started.put(side, server);
                announce.accept("Started " + side + ": " + binaries.get(side) + " on 127.0.0.1:" + server.port()
                        + (options.isEmpty() ? "" : " " + String.join(" ", options)));
            }
            s.allStarted = true;
            return s;
        } catch (IOException e) {
            s.close();
            throw new UserException("cannot create the working directory of ab's servers: " + e.getMessage(),
                    "free some space in " + System.getProperty("java.io.tmpdir"), e);
        } catch (RuntimeException e) {
            s.close();
            throw e;
        }
    }

    /** @return a binary server held for the close before it starts */
    private BinaryServer made(Path binary, Path dir, List<String> options) {
        BinaryServer server = BinaryServer.of(binary, dir, options, guard);
        synchronized (made) {
            made.add(server);
        }
        guard.check(); // a close that came meanwhile did not see it: nothing was started yet
        return server;
    }

    /** The lifecycle's close: stops a set-up in progress, then the servers, then removes the copies unless kept. */
    private void stop() {
        guard.cancel();
        boolean kept = keep && allStarted;
        List<BinaryServer> all;
        synchronized (made) {
            all = List.copyOf(made);
        }
        all.parallelStream().forEach(kept ? BinaryServer::close : BinaryServer::kill);
        Path w = work;
        if (w != null && !kept) {
            Trees.delete(w);
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

    /** Stops every server and, unless kept, removes the data copies. Idempotent; bounded by the lifecycle. */
    @Override
    public void close() {
        if (embedded != null) {
            embedded.close();
        } else {
            owned.close();
        }
    }
}
