package io.clusterbench.prom;

import io.clusterbench.UserException;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code --metrics-listen} and {@code --metrics-linger} parsing. */
class MetricsListenTest {
    @Test
    void hostPortPortAloneAndIpv6() {
        assertEquals(new MetricsListen("0.0.0.0", 9470, Duration.ofSeconds(15)), MetricsListen.parse("0.0.0.0:9470", null));
        assertEquals(new MetricsListen("127.0.0.1", 9470, Duration.ofSeconds(15)), MetricsListen.parse("9470", "15s"));
        assertEquals("127.0.0.1", MetricsListen.parse(":9470", "15s").host());
        assertEquals("::1", MetricsListen.parse("[::1]:9470", "15s").host());
        assertEquals("[::1]:9470", MetricsListen.parse("[::1]:9470", "15s").address());
        assertNull(MetricsListen.parse(null, "15s"));
    }

    @Test
    void lingerUnits() {
        assertEquals(Duration.ofMillis(500), MetricsListen.parseLinger("500ms"));
        assertEquals(Duration.ofMinutes(2), MetricsListen.parseLinger("2m"));
        assertEquals(Duration.ofSeconds(3), MetricsListen.parseLinger("3"));
        assertEquals(Duration.ZERO, MetricsListen.parseLinger("0"));
    }

    @Test
    void badValuesNameTheOption() {
        for (String bad : new String[]{"localhost", "host:99999", "host:-1", ""}) {
            UserException e = assertThrows(UserException.class, () -> MetricsListen.parse(bad, "15s"));
            assertTrue(e.getMessage().startsWith("invalid --metrics-listen"), e.getMessage());
        }
        for (String bad : new String[]{"-1s", "soon", "2h"}) {
            UserException e = assertThrows(UserException.class, () -> MetricsListen.parse("9470", bad));
            assertTrue(e.getMessage().startsWith("invalid --metrics-linger"), e.getMessage());
        }
    }
}
