package io.clusterbench.cli;

import io.clusterbench.testing.Cli;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Without --host or --socket the target is the embedded MariaDB, which takes no port, user, password or TLS: options
 * that name a server of the user's are bad input there (exit 2, one line), never silently ignored while the embedded
 * server is measured instead.
 */
class TargetWithoutHostTest {
    @Test
    void aPortWithoutAHostIsBadInputNotTheEmbeddedServer() {
        Cli.Result r = Cli.run("run", "oltp_point_select", "--port", "3307", "--time", "1");
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains("--port given without --host or --socket") && r.err().contains("--host 127.0.0.1"),
                r.err());
        assertFalse(r.out().contains("embedded"), "no server was started: " + r.out());
    }

    @Test
    void sysbenchsSpellingsWithoutAHostAreNamedInOneLineWithoutThePassword() {
        Cli.Result r = Cli.run("oltp_read_write", "--mysql-user=bench", "--mysql-password=s3cr3t-value",
                "--mysql-port=3307", "prepare");
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains("--port, --user, --password given without --host or --socket"), r.err());
        assertFalse((r.out() + r.err()).contains("s3cr3t-value"), r.err());
    }

    @Test
    void abSidesTakeTheSharedUserAndPassword() {
        Cli.Result r = Cli.run("ab", "oltp_point_select", "--a=127.0.0.1:1", "--user=bench", "--password=x",
                "--time=1");
        assertFalse(r.err().contains("without --host"), r.err());
    }
}
