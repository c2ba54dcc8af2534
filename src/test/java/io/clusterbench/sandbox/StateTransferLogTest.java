package io.clusterbench.sandbox;

import io.clusterbench.result.StateTransferRecord;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Joiner logs recorded on the sandbox (MariaDB 10.11.19, galera-4 26.4.23): a crash restart without and with recovery. */
class StateTransferLogTest {
    private static String log(String name) throws Exception {
        return Files.readString(Path.of("src/test/resources/sandbox/" + name));
    }

    @Test
    void aJoinerWithoutAPositionGetsAFullRsyncSst() throws Exception {
        StateTransferRecord t = StateTransferLog.parse(log("joiner-sst-rsync.log"), 12.5);
        assertEquals("SST", t.method());
        assertEquals("rsync", t.sstMethod());
        assertEquals("n1", t.donor());
        assertTrue(t.transferSeconds() >= 0, t.toString());
        assertEquals(12.5, t.syncedSeconds());
    }

    @Test
    void aJoinerWithARecoveredPositionGetsAnIstThroughTheRsyncScript() throws Exception {
        StateTransferRecord t = StateTransferLog.parse(log("joiner-ist-rsync.log"), 3);
        assertEquals("IST", t.method());
        assertEquals("", t.sstMethod());
        assertEquals("n2", t.donor());
        assertEquals(13, t.transferSeconds(), "JOINER at 16:07:51, JOINED at 16:08:04");
    }

    @Test
    void aNodeThatRejoinedWithoutTransferSaysNone() {
        assertEquals("none", StateTransferLog.parse("2026-11-30 16:00:00 0 [Note] WSREP: Member 2.0 (n3) synced with group.", 1)
                .method());
    }

    @Test
    void theLastTransferOfAWholeLogIsDescribed(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path f = dir.resolve("error.log");
        Files.writeString(f, log("joiner-sst-rsync.log") + log("joiner-ist-rsync.log"));
        assertEquals("IST from n2, 13 s, at 2026-11-30 16:07:40", StateTransferLog.last(f));
    }
}
