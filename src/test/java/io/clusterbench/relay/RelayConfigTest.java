package io.clusterbench.relay;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The control file the sandbox commands write and the daemon reads survives a round trip, slow threads included. */
class RelayConfigTest {
    @Test
    void roundTrip(@TempDir Path dir) {
        RelayConfig c = new RelayConfig(3, List.of(
                new RelayConfig.NodeLink("n1", 1, 5501, 5502, LinkSpec.NONE, false, 0),
                new RelayConfig.NodeLink("n2", 2, 5511, 5512, LinkSpec.parse("25ms±5ms,10mbit"), true, 30,
                        List.of(101L, 102L))));
        c.write(dir);
        assertEquals(c, RelayConfig.read(dir));
        RelayConfig next = c.with(c.node("n2").withPartitioned(false));
        assertEquals(4, next.generation());
        assertEquals("25ms±5ms,10mbit slow 30%", next.node("2").describe());
    }
}
