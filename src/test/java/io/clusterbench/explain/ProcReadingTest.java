package io.clusterbench.explain;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** /proc text as --server-proc-cmd prints it (a real mariadbd's stat, two threads' status, io). */
class ProcReadingTest {
    @Test
    void statusOfEveryThreadAndIoAreRead() throws Exception {
        ProcReading r = ProcReading.parse(Files.readString(Path.of("src/test/resources/explain/proc-mariadbd.txt")));
        assertEquals(3946, r.pid());
        assertEquals(2585, r.userTicks());
        assertEquals(881, r.systemTicks());
        assertEquals(new ProcReading.Switches(336, 23), r.switchesByThread().get(3946L));
        assertEquals(new ProcReading.Switches(2824, 1991), r.switchesByThread().get(32238L));
        assertEquals(4435968, r.readBytes());
        assertEquals(51453952, r.writeBytes());
    }

    @Test
    void switchesAreCountedPerThreadNeverNegative() {
        ProcReading a = new ProcReading(1, 0, 0, Map.of(1L, new ProcReading.Switches(10, 1),
                2L, new ProcReading.Switches(100, 5)), 0, 0);
        // thread 2 ended, thread 3 started, thread 1 ran on
        ProcReading b = new ProcReading(1, 0, 0, Map.of(1L, new ProcReading.Switches(15, 2),
                3L, new ProcReading.Switches(7, 3)), 0, 0);
        assertArrayEquals(new long[]{5 + 7, 1 + 3}, ProcReading.switchesBetween(a, b));
    }

    @Test
    void textWithoutAStatLineIsNoReading() {
        assertNull(ProcReading.parse("ssh: connect to host db1 port 22: Connection refused\n"));
    }

    @Test
    void thisHostsProcessReadsLikeTheCommandsText() {
        long self = ProcessHandle.current().pid();
        ProcReading r = ProcReading.read(Path.of("/proc"), self);
        assertEquals(self, r.pid());
        assertEquals(true, r.switchesByThread().size() > 1, "the JVM has many threads");
    }
}
