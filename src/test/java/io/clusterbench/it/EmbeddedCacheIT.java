package io.clusterbench.it;

import io.clusterbench.lifecycle.Lifecycle;
import io.clusterbench.testing.Launched;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The embedded server's cache as users meet it, through the real {@code bin/clusterbench} with the cache in a directory
 * of the test's own ({@code CLUSTERBENCH_CACHE}): the first run unpacks the server and initialises a data directory,
 * the second starts from them and its data are its own; two first runs at once build one cache and both run; a
 * damaged cache is named in one line and rebuilt; and the process ends within the lifecycle's exit bound of its last
 * line. The first and second run's times from launch to "Threads started!" and to the first interval are printed
 * (docs/performance.md, "Embedded server start"), never asserted.
 */
class EmbeddedCacheIT {
    private static final List<String> RUN = List.of("run", "oltp_read_write", "--time", "2", "--report-interval", "1");
    private static final String UNPACKING = "Unpacking MariaDB";
    private static final String INITIALISING = "initialising a data directory";

    @TempDir
    Path tmp;

    @Test
    void theSecondRunStartsFromTheCacheOnDataOfItsOwnAndEndsWithinTheBoundOfItsLastLine() throws Exception {
        Path cache = tmp.resolve("cache");
        // the launcher's first run|sweep|ab of a build writes its class-data archive at exit (2 s on the loaded
        // machine), after the run: that exit is not the run's
        boolean archived = classDataArchived();
        Launched first = run(cache, "first");
        assertTrue(first.firstAt(UNPACKING) >= 0 && first.firstAt(INITIALISING) >= 0, first.text());
        Path datadir = part(cache, "datadir");
        String manifest = Files.readString(datadir.resolve(".manifest"));
        Launched second = run(cache, "second");
        assertEquals(-1, second.firstAt(UNPACKING), second.text());
        assertEquals(-1, second.firstAt(INITIALISING), second.text());
        // the first run's tables are not in the second's server: it makes its own
        assertTrue(second.firstAt("Preparing oltp_read_write on the embedded server") >= 0, second.text());
        assertEquals(manifest, Files.readString(datadir.resolve(".manifest")), "the template is not rewritten");
        System.out.println(timings("first run ", first));
        System.out.println(timings("second run", second));
        for (Launched r : archived ? List.of(first, second) : List.of(second)) {
            double last = r.lines().get(r.lines().size() - 1).atSeconds();
            double after = r.exitedAt() - last;
            assertTrue(after <= Lifecycle.EXIT_BOUND.toMillis() / 1000.0,
                    "ended " + after + " s after its last line:\n" + r.text());
        }
    }

    @Test
    void twoFirstRunsAtOnceBuildOneCacheAndBothRun() throws Exception {
        Path cache = tmp.resolve("cache");
        Launched a = Launched.start(env(cache), tmp.resolve("a-tmp"), out("a"));
        Launched b = Launched.start(env(cache), tmp.resolve("b-tmp"), out("b"));
        assertEquals(0, a.waitFor(300), a.text());
        assertEquals(0, b.waitFor(300), b.text());
        long unpacked = Stream.of(a, b).filter(r -> r.firstAt(UNPACKING) >= 0).count();
        assertEquals(1, unpacked, "one of them unpacks, the other waits for it:\n" + a.text() + "\n" + b.text());
        assertTrue(a.firstAt("[ 1s ]") >= 0 && b.firstAt("[ 1s ]") >= 0, a.text() + "\n" + b.text());
        try (Stream<Path> parts = Files.list(cache)) {
            assertEquals(1, parts.filter(Files::isDirectory).count(), "one cache directory");
        }
        assertEquals(List.of(), a.leftoverDirectories());
        assertEquals(List.of(), b.leftoverDirectories());
    }

    @Test
    void aDamagedCacheIsNamedInOneLineAndRebuilt() throws Exception {
        Path cache = tmp.resolve("cache");
        assertTrue(run(cache, "build").firstAt(UNPACKING) >= 0);
        Path errmsg = part(cache, "base").resolve("share/english/errmsg.sys");
        try (RandomAccessFile f = new RandomAccessFile(errmsg.toFile(), "rw")) {
            f.setLength(f.length() / 2); // a copy cut short
        }
        Launched rebuilt = run(cache, "rebuilt-base");
        List<Launched.Line> said = rebuilt.lines().stream().filter(l -> l.text().contains("Rebuilding")).toList();
        assertEquals(1, said.size(), rebuilt.text());
        assertTrue(said.get(0).text().contains("share/english/errmsg.sys has "), rebuilt.text());
        assertEquals(-1, rebuilt.firstAt(INITIALISING), "the data directory was sound:\n" + rebuilt.text());

        Path ibdata = part(cache, "datadir").resolve("data/ibdata1");
        try (RandomAccessFile f = new RandomAccessFile(ibdata.toFile(), "rw")) {
            f.seek(16384);
            f.write(new byte[512]); // a page overwritten in place: same size
        }
        Launched again = run(cache, "rebuilt-datadir");
        said = again.lines().stream().filter(l -> l.text().contains("Rebuilding")).toList();
        assertEquals(1, said.size(), again.text());
        assertTrue(said.get(0).text().contains("data/ibdata1 was written after the cache was made"), again.text());
        assertEquals(-1, again.firstAt(UNPACKING), "the server files were sound:\n" + again.text());
        assertFalse(Files.readString(part(cache, "datadir").resolve(".manifest")).isEmpty());
    }

    /** Runs README's command (for 2 s) on {@code cache}; asserts it succeeded and measured. */
    private Launched run(Path cache, String name) throws Exception {
        Launched r = Launched.start(env(cache), tmp.resolve(name + "-tmp"), out(name));
        assertEquals(0, r.waitFor(300), r.text());
        assertTrue(r.firstAt("[ 1s ]") >= 0, r.text());
        assertEquals(List.of(), r.leftoverDirectories(), r.text());
        return r;
    }

    private List<String> out(String name) {
        List<String> args = new java.util.ArrayList<>(RUN);
        args.add("--out=" + tmp.resolve(name + "-out"));
        return args;
    }

    private static Map<String, String> env(Path cache) {
        return Map.of("CLUSTERBENCH_CACHE", cache.toString());
    }

    /** @return true when the launcher has a class-data archive newer than the jar (it writes none at exit then) */
    private static boolean classDataArchived() throws Exception {
        Path jar = Path.of(System.getProperty("clusterbench.jar", "target/clusterbench.jar"));
        try (Stream<Path> s = Files.list(jar.toAbsolutePath().getParent())) {
            return s.anyMatch(p -> p.getFileName().toString().endsWith(".jsa")
                    && p.toFile().lastModified() > jar.toFile().lastModified());
        }
    }

    /** @return the one version directory's {@code name} part */
    private static Path part(Path cache, String name) throws Exception {
        try (Stream<Path> s = Files.list(cache)) {
            return s.filter(p -> p.getFileName().toString().startsWith("mariadb-")).findFirst().orElseThrow()
                    .resolve(name);
        }
    }

    private static String timings(String name, Launched r) {
        return String.format(Locale.ROOT, "%s: 'Threads started!' %.2f s, first interval %.2f s, exit %.2f s after launch",
                name, r.firstAt("Threads started!"), r.firstAt("[ 1s ]"), r.exitedAt());
    }
}
