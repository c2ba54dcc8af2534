package io.clusterbench.cli;

import io.clusterbench.testing.Cli;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An out-of-range port in {@code ab --a HOST:PORT} is bad input (exit 2, one line), as {@code run --port 99999}
 * is ("--port 99999 is not a TCP port (1-65535)"); it must not be an internal error (exit 1).
 */
class AbEndpointPortTest {
    @Test
    void anOutOfRangePortInAIsBadInputNotAnInternalError() {
        Cli.Result r = Cli.run("ab", "oltp_point_select", "--a=127.0.0.1:99999", "--time=1");
        assertFalse(r.err().contains("internal error"), r.err());
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.errLines().size() == 1 && r.errLines().get(0).startsWith("error: "), r.err());
    }

    @Test
    void anOutOfRangePortInBIsBadInputNotAnInternalError() {
        Cli.Result r = Cli.run("ab", "oltp_point_select", "--a=127.0.0.1:1", "--b=127.0.0.1:70000", "--time=1");
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().contains("70000"), "names the bad port: " + r.err());
    }
}
