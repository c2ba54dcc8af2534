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

    @Test
    void abWithoutEndpointSidesRefusesTheSharedCredentialsAndTls() {
        for (String[] given : new String[][] {{"--password", "s3cr3t-value"}, {"--user", "bob"},
                {"--ssl-mode", "REQUIRED"}, {"--a-user", "bob"}}) {
            Cli.Result r = Cli.run("ab", "oltp_point_select", given[0], given[1], "--time=1");
            assertEquals(2, r.exitCode(), String.join(" ", given) + ": " + r.out() + r.err());
            assertEquals(1, r.errLines().size(), r.err());
            assertTrue(r.err().contains("--a=HOST:PORT"), "says how to give endpoints: " + r.err());
            assertFalse((r.out() + r.err()).contains("s3cr3t-value"), r.err());
        }
    }

    @Test
    void abWithEndpointSidesRefusesASharedPortAndSaysWhereItGoes() {
        String err = refused("ab", "oltp_point_select", "--a=127.0.0.1:1", "--port", "3306", "--time=1");
        assertTrue(err.contains("--port not taken by ab: give each side as --a=HOST:PORT"), err);
        assertFalse(err.contains("--host 127.0.0.1"), "no advice ab refuses: " + err);
    }

    @Test
    void aCommandThatRefusesTheEmbeddedServerSaysSoOnce() {
        String err = refused("probe", "stale-reads", "--samples", "10", "--port", "3306");
        assertTrue(err.contains("give the cluster's endpoints with --host/--port"), err);
        assertFalse(err.contains("or leave it out"), "no advice the probe then refuses: " + err);
    }

    @Test
    void theDefaultTlsModeAndTheDatabaseAreNoServerOfTheUsers() {
        String err = refused("run", "oltp_point_select", "--ssl-mode", "DISABLED", "--mysql-ssl=off", "--db", "x",
                "--rate", "-1");
        assertTrue(err.contains("--rate") && !err.contains("--ssl-mode") && !err.contains("--db"), err);
        Cli.Result one = Cli.run("run", "oltp_point_select", "--ssl-mode", "REQUIRED");
        assertTrue(one.err().contains("--ssl-mode REQUIRED given without --host") && !one.err().contains("--ssl-ca"),
                "names what was given: " + one.err());
    }

    /** @return the standard error of a command line that must be refused as bad input (exit 2) */
    private static String refused(String... args) {
        Cli.Result r = Cli.run(args);
        assertEquals(2, r.exitCode(), r.out() + r.err());
        return r.err();
    }
}
