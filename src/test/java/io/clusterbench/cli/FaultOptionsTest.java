package io.clusterbench.cli;

import io.clusterbench.testing.Cli;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad fault and failover options are one stderr line and exit 2, before anything connects (no server needed). */
class FaultOptionsTest {
    private static void assertUsageError(String expected, String... args) {
        Cli.Result r = Cli.run(args);
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains(expected), r.err());
    }

    @Test
    void aReadTimeoutIsSecondsOrAuto() {
        assertUsageError("invalid --read-timeout '-3'", "run", "oltp_read_write", "--host", "127.0.0.1",
                "--read-timeout", "-3");
        assertUsageError("invalid --read-timeout 'soon'", "sweep", "oltp_read_write", "--host", "127.0.0.1",
                "--threads", "1,2", "--read-timeout", "soon");
    }

    @Test
    void helpExplainsTheReadTimeout() {
        Cli.Result r = Cli.run("help", "run");
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("--read-timeout") && r.out().contains("--time / 4"), r.out());
    }

    @Test
    void aGiveUpTimeIsSecondsOrAutoAndHelpGivesItsDefault() {
        assertUsageError("invalid --give-up-time 'never'", "run", "oltp_read_write", "--host", "127.0.0.1",
                "--give-up-time", "never");
        Cli.Result r = Cli.run("help", "run");
        assertTrue(r.out().contains("--give-up-time") && r.out().contains("auto = 5 s"), r.out());
    }

    @Test
    void aSandboxWithoutAFaultScheduleIsAcceptedForItsRelayFacts() {
        io.clusterbench.fault.FaultPlan p = io.clusterbench.fault.FaultPlan.of(null, java.util.List.of(),
                java.nio.file.Path.of("/tmp/cb"), false, null, null);
        assertEquals(java.nio.file.Path.of("/tmp/cb"), p.sandboxDir());
        assertUsageError("--fault-cmd needs a --fault schedule", "run", "oltp_read_write", "--host", "127.0.0.1",
                "--fault-cmd", "kill=true");
    }
}
