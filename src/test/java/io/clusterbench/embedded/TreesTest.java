package io.clusterbench.embedded;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TreesTest {
    @Test
    void aCopyHasTheSameBytesAndLeavesBlocksOfZerosAsHoles(@TempDir Path tmp) throws Exception {
        Path from = tmp.resolve("from");
        Files.createDirectories(from.resolve("sub"));
        // a redo log's shape: a little data, then megabytes of zeros over more than one copy chunk, data again,
        // a block that is zero but for its last byte, and a file ending in zeros
        byte[] log = new byte[20 << 20];
        byte[] data = new byte[10_000];
        new Random(7).nextBytes(data);
        System.arraycopy(data, 0, log, 0, data.length);
        log[(17 << 20) + 4095] = 9;
        log[(18 << 20) + 5] = 1;
        Files.write(from.resolve("ib_logfile0"), log);
        byte[] small = {1, 2, 3};
        Files.write(from.resolve("sub/db.opt"), small);
        Files.write(from.resolve("empty"), new byte[0]);
        Files.write(from.resolve("zeros"), new byte[10_000]);
        Files.write(from.resolve("mysqld.pid"), small);

        Path to = tmp.resolve("to");
        Trees.copy(from, to, new StartGuard());

        assertArrayEquals(log, Files.readAllBytes(to.resolve("ib_logfile0")));
        assertArrayEquals(small, Files.readAllBytes(to.resolve("sub/db.opt")));
        assertEquals(0, Files.size(to.resolve("empty")));
        assertArrayEquals(new byte[10_000], Files.readAllBytes(to.resolve("zeros")));
        assertFalse(Files.exists(to.resolve("mysqld.pid")), "a server's pid file is left out");
        long allocated = allocatedBytes(to.resolve("ib_logfile0"));
        assertTrue(allocated < 2 << 20, allocated + " bytes allocated for about 16 kB of non-zero blocks");
    }

    /** @return the file's allocated bytes (st_blocks x 512, from stat(1): Java does not expose st_blocks) */
    private static long allocatedBytes(Path p) throws Exception {
        Process stat = new ProcessBuilder("stat", "-c", "%b", p.toString()).start();
        String out = new String(stat.getInputStream().readAllBytes()).trim();
        assertEquals(0, stat.waitFor());
        return Long.parseLong(out) * 512;
    }
}
