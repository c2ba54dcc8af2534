package io.clusterbench.workload;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RowStreamTest {
    /** A read never fills more than the driver's packet buffer holds, and the rows still arrive whole. */
    @Test
    void readsStayWithinOneDriverPacketAndKeepEveryRow() {
        RowStream in = new RowStream((row, line) -> line.field().number(row).field().text("x".repeat(100)), 10_000);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[64 * 1024];
        for (int n = in.read(buf, 0, buf.length); n > 0; n = in.read(buf, 0, buf.length)) {
            assertTrue(n <= RowStream.MAX_READ, "read of " + n + " bytes");
            out.write(buf, 0, n);
        }
        String[] lines = out.toString(StandardCharsets.ISO_8859_1).split("\n");
        assertEquals(10_000, lines.length);
        assertEquals("9999\t" + "x".repeat(100), lines[9999]);
    }
}
