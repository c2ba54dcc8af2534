package io.clusterbench.relay;

import io.clusterbench.UserException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The link syntax of {@code --link} and {@code sandbox link}: delay, jitter, cap, and bad input named. */
class LinkSpecTest {
    @Test
    void parsesDelayJitterAndCap() {
        assertEquals(new LinkSpec(25_000, 0, 0), LinkSpec.parse("25ms"));
        assertEquals(new LinkSpec(25_000, 5_000, 0), LinkSpec.parse("25ms±5ms"));
        assertEquals(new LinkSpec(25_000, 5_000, 0), LinkSpec.parse("25ms+-5ms"));
        assertEquals(new LinkSpec(500, 0, 1_250_000), LinkSpec.parse("500us,10mbit"));
        assertEquals(LinkSpec.NONE, LinkSpec.parse("off"));
        assertEquals("25ms±5ms,10mbit", LinkSpec.parse("25ms±5ms,10mbit").describe());
        assertEquals("off", LinkSpec.parse("0ms").describe());
    }

    @Test
    void pathsAddDelaysAndKeepTheSmallerCap() {
        LinkSpec p = LinkSpec.parse("25ms,10mbit").plus(LinkSpec.parse("5ms±1ms,1mbit"));
        assertEquals(new LinkSpec(30_000, 1_000, 125_000), p);
    }

    @Test
    void badInputSaysHowToWriteIt() {
        for (String bad : new String[]{"25", "fast", "5ms±10ms", "25ms,10", "25ms,0mbit", "-5ms", "1ms,2mbit,3"}) {
            UserException e = assertThrows(UserException.class, () -> LinkSpec.parse(bad), bad);
            assertEquals(true, e.getMessage().contains("invalid link"), e.getMessage());
        }
    }
}
