package io.clusterbench.embedded;

import io.clusterbench.UserException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The per-user cache of the embedded server, so that only the first run unpacks it and initialises a data directory:
 * {@code $CLUSTERBENCH_CACHE}, else {@code $XDG_CACHE_HOME/clusterbench}, else {@code ~/.cache/clusterbench}
 * ({@link #defaultRoot}). One directory per set of server files, {@code mariadb-11.4.5-<fingerprint>}
 * ({@link ServerFiles#fingerprint}), holds three parts:
 * <ul>
 * <li>{@code base/}: {@code bin/mariadbd} and {@code share/}, unpacked from the class path (about 37 MB, the binary without its debug information);</li>
 * <li>{@code datadir/}: {@code data/}, initialised once by {@link Bootstrap} (about 145 MB), which each run copies;</li>
 * <li>{@code tls/}: the server's certificate and key ({@link SelfSignedCertificate}).</li>
 * </ul>
 * Each part is built in a {@code <part>.partial-*} directory, its {@linkplain Manifest manifest} (files and sizes)
 * written last, then renamed into place: a part is used only when its manifest matches its files, and one that does
 * not (cut short by a kill, a file truncated or deleted since) is rebuilt. Runs read the cache under a shared lock held
 * until their server is up; a build holds it alone ({@link CacheLock}), so two first runs at once make one copy and
 * both use it. A stop while a part is built deletes the partial directory.
 *
 * <p>Immutable and thread-safe. Usage:
 * <pre>{@code
 * ServerCache cache = ServerCache.at(ServerCache.defaultRoot(env, home));
 * try (ServerCache.Lease lease = cache.open(guard, console::line)) {
 *     Path mariadbd = lease.installation().mariadbd();
 * }
 * }</pre>
 */
public final class ServerCache {
    /** The environment variable that overrides where the cache lives. */
    public static final String ENVIRONMENT = "CLUSTERBENCH_CACHE";
    private static final Duration CERTIFICATE_VALIDITY = Duration.ofDays(3650);
    private static final AtomicLong PARTIALS = new AtomicLong();
    private final Path root;

    private ServerCache(Path root) {
        this.root = root;
    }

    /** @return the cache under {@code root} (created on first use) */
    public static ServerCache at(Path root) {
        return new ServerCache(root.toAbsolutePath());
    }

    /**
     * @param environment the process's environment variables
     * @param home        the user's home directory, or null
     * @return {@code $CLUSTERBENCH_CACHE}, else {@code $XDG_CACHE_HOME/clusterbench} (an absolute path, as the XDG base
     *         directory specification asks), else {@code <home>/.cache/clusterbench}, else the temporary directory's
     *         {@code clusterbench-cache}
     */
    public static Path defaultRoot(Map<String, String> environment, Path home) {
        String own = environment.get(ENVIRONMENT);
        if (own != null && !own.isBlank()) {
            return Path.of(own);
        }
        String xdg = environment.get("XDG_CACHE_HOME");
        if (xdg != null && Path.of(xdg).isAbsolute()) {
            return Path.of(xdg, "clusterbench");
        }
        if (home != null) {
            return home.resolve(".cache/clusterbench");
        }
        return Path.of(System.getProperty("java.io.tmpdir"), "clusterbench-cache");
    }

    /** @return the cache's root directory */
    public Path root() {
        return root;
    }

    /** What a server started from the cache uses; all paths inside the cache, never to be written. */
    public record Installation(Path base, Path dataTemplate, Path certificate, Path key) {
        /** @return the server binary */
        public Path mariadbd() {
            return base.resolve("bin/mariadbd");
        }
    }

    /** The cache, verified and held for reading: a rebuild by another run waits until it is closed. */
    public static final class Lease implements AutoCloseable {
        private final Installation installation;
        private final CacheLock.Hold hold;

        private Lease(Installation installation, CacheLock.Hold hold) {
            this.installation = installation;
            this.hold = hold;
        }

        /** @return the verified parts */
        public Installation installation() {
            return installation;
        }

        /** Releases the shared lock (once the server is up: it has read what it reads at start). */
        @Override
        public void close() {
            hold.close();
        }
    }

    /** The three parts, in the order they are built. */
    private enum Part {
        BASE("base"), DATADIR("datadir"), TLS("tls");

        final String dir;

        Part(String dir) {
            this.dir = dir;
        }
    }

    /**
     * Verifies the cache and builds (or rebuilds) what is missing or damaged, then holds it for reading.
     *
     * @param guard    a stop ends the wait for the lock or the build at once (a partial part is deleted)
     * @param announce receives one line per part built (the first run's unpacking and initialisation)
     * @return the lease; close it once the server is up
     * @throws UserException         when the server files are missing, cannot be written, or the server cannot
     *                               initialise a data directory
     * @throws CancellationException when the guard is cancelled
     */
    public Lease open(StartGuard guard, Consumer<String> announce) {
        ServerFiles files = ServerFiles.onClassPath();
        Path dir = root.resolve("mariadb-" + EmbeddedServer.VERSION + "-" + files.fingerprint());
        try {
            guard.step(() -> Files.createDirectories(dir));
        } catch (IOException e) {
            throw unwritable(dir, e);
        }
        CacheLock lock = CacheLock.of(dir.resolve(".lock"));
        for (int attempt = 0; attempt < 3; attempt++) {
            CacheLock.Hold shared = lock.shared(guard);
            if (firstProblem(dir) == null) {
                return new Lease(new Installation(dir.resolve("base"), dir.resolve("datadir/data"),
                        dir.resolve("tls/server-cert.pem"), dir.resolve("tls/server-key.pem")), shared);
            }
            shared.close();
            try (CacheLock.Hold alone = lock.exclusive(guard)) {
                removeLeftovers(dir);
                for (Part part : Part.values()) {
                    String problem = Manifest.problem(dir.resolve(part.dir));
                    if (problem != null) {
                        build(part, dir, files, problem, guard, announce);
                    }
                }
            }
        }
        throw new UserException("the embedded server's cache " + dir + " fails its check after being rebuilt",
                "remove " + root + " and rerun, or set " + ENVIRONMENT + " to another directory");
    }

    private static String firstProblem(Path dir) {
        for (Part part : Part.values()) {
            String problem = Manifest.problem(dir.resolve(part.dir));
            if (problem != null) {
                return part.dir + ": " + problem;
            }
        }
        return null;
    }

    /** Builds one part in a partial directory and renames it into place (holding the lock alone). */
    private void build(Part part, Path dir, ServerFiles files, String problem, StartGuard guard,
                       Consumer<String> announce) {
        Path target = dir.resolve(part.dir);
        boolean rebuild = Files.exists(target);
        switch (part) {
            case BASE -> announce.accept((rebuild ? "Rebuilding the cached server (" + problem + "): unpacking"
                    : "Unpacking") + " MariaDB " + EmbeddedServer.VERSION + " into " + target + " (once per version)...");
            case DATADIR -> announce.accept((rebuild ? "Rebuilding the cached data directory (" + problem + "): "
                    : "") + "initialising a data directory in " + target + " (once per version)...");
            default -> {
            }
        }
        Path partial = dir.resolve(part.dir + ".partial-" + ProcessHandle.current().pid() + "-"
                + PARTIALS.incrementAndGet());
        StartGuard.Registration undo = guard.onCancel(() -> Trees.delete(partial));
        boolean placed = false;
        try {
            guard.step(() -> Files.createDirectories(partial));
            switch (part) {
                case BASE -> files.unpack(partial, guard);
                case DATADIR -> Bootstrap.run(dir.resolve(Part.BASE.dir), partial, guard);
                case TLS -> {
                    SelfSignedCertificate.Pem pem = SelfSignedCertificate.make("clusterbench embedded MariaDB",
                            CERTIFICATE_VALIDITY); // outside a step: a cancel does not wait for the key generation
                    guard.step(() -> pem.write(partial.resolve("server-cert.pem"), partial.resolve("server-key.pem")));
                }
            }
            guard.step(() -> {
                Manifest.write(partial);
                Path stale = dir.resolve(part.dir + ".stale-" + ProcessHandle.current().pid());
                if (Files.exists(target)) {
                    Files.move(target, stale);
                }
                Files.move(partial, target, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
                Trees.delete(stale);
            });
            placed = true;
        } catch (IOException e) {
            throw unwritable(dir, e);
        } finally {
            if (placed) {
                undo.done();
            } else {
                undo.undo(); // or the cancel did: either way the partial directory is gone when the cancel returns
            }
        }
    }

    /** Deletes what a killed build or rebuild left (only ever called holding the lock alone). */
    private static void removeLeftovers(Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            entries.filter(p -> p.getFileName().toString().contains(".partial-")
                    || p.getFileName().toString().contains(".stale-")).forEach(Trees::delete);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
        }
    }

    private UserException unwritable(Path dir, IOException e) {
        return new UserException("cannot write the embedded server's cache " + dir + ": " + e.getMessage(),
                "free some space or set " + ENVIRONMENT + " to a writable directory (about 500 MB)", e);
    }
}
