package io.clusterbench.cli;

import io.clusterbench.testing.Cli;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad input to {@code probe anomalies} is one stderr line and exit 2, before anything connects (no server needed). */
class ProbeAnomaliesInputTest {
    private static void assertUsageError(String expected, String... options) {
        String[] args = new String[options.length + 6];
        System.arraycopy(new String[] {"probe", "anomalies", "--host", "127.0.0.1", "--port", "1"}, 0, args, 0, 6);
        System.arraycopy(options, 0, args, 6, options.length);
        Cli.Result r = Cli.run(args);
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains(expected), r.err());
        assertTrue(r.err().startsWith("error: "), r.err());
    }

    @Test
    void anUnknownIsolationLevelIsOneLine() {
        assertUsageError("invalid --isolation 'SNAPSHOT' — give RC, RR or SER", "--isolation", "RR,SNAPSHOT");
    }

    @Test
    void anUnknownConsistencyLevelIsOneLine() {
        assertUsageError("invalid --consistency '99'", "--consistency", "0,99");
        assertUsageError("level 7 is given twice", "--consistency", "7,7");
    }

    @Test
    void otherBadValuesAreNamedAllAtOnce() {
        Cli.Result r = Cli.run("probe", "anomalies", "--host", "127.0.0.1", "--anomaly-workload", "register",
                "--routing", "multi", "--reads-on", "far", "--sessions", "0", "--time", "0");
        assertEquals(2, r.exitCode(), r.err());
        assertEquals(1, r.errLines().size(), r.err());
        for (String problem : new String[] {"invalid --anomaly-workload 'register'", "invalid --routing 'multi'",
                "invalid --reads-on 'far'", "--sessions must be >= 1", "--time 0 needs --transactions N"}) {
            assertTrue(r.err().contains(problem), problem + " in " + r.err());
        }
    }

    @Test
    void aBadFaultScheduleIsOneLine() {
        assertUsageError("--fault", "--fault", "2s explode n2");
    }

    @Test
    void helpNamesTheSettingsAndTheExitCodes() {
        Cli.Result r = Cli.run("probe", "anomalies", "--help");
        assertEquals(0, r.exitCode(), r.err());
        String help = r.out().replaceAll("\\s+", " ");
        for (String option : new String[] {"--anomaly-workload", "--consistency", "--isolation", "--routing",
                "--reads-on", "--for-update", "--fault", "--transactions", "--final-read-timeout", "untested here"}) {
            assertTrue(help.contains(option), option + " in " + r.out());
        }
        assertTrue(help.contains("the command ran but a check failed"), r.out());
    }
}
