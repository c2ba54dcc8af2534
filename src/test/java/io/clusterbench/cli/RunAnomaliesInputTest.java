package io.clusterbench.cli;

import io.clusterbench.testing.Cli;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad values of {@code run --anomalies} and its options are named all at once in one line, exit 2, before connecting. */
class RunAnomaliesInputTest {
    @Test
    void badValuesAreNamedAllAtOnceBeforeConnecting() {
        Cli.Result r = Cli.run("run", "oltp_point_select", "--host", "127.0.0.1", "--port", "1", "--anomalies", "5",
                "--anomaly-workload", "register", "--anomaly-isolation", "SNAPSHOT", "--anomaly-reads-on", "far",
                "--anomaly-keys", "0", "--anomaly-sessions", "-1");
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertEquals(1, r.errLines().size(), r.err());
        for (String problem : new String[] {"invalid --anomaly-workload 'register'",
                "invalid --anomaly-isolation 'SNAPSHOT'", "invalid --anomaly-reads-on 'far'",
                "--anomaly-keys must be >= 1 (got 0)", "--anomaly-sessions must be >= 0 (got -1)"}) {
            assertTrue(r.err().contains(problem), problem + " in " + r.err());
        }
    }

    @Test
    void aNegativeRateIsOneLine() {
        Cli.Result r = Cli.run("run", "oltp_point_select", "--host", "127.0.0.1", "--port", "1", "--anomalies", "-1");
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains("--anomalies must be a rate >= 0 operations per second (got -1.0)"), r.err());
    }

    @Test
    void runHelpDefinesRate() {
        Cli.Result r = Cli.run("run", "--help");
        String help = r.out().replaceAll("\\s+", " ");
        assertTrue(help.contains("--anomalies=RATE"), r.out());
        assertTrue(help.contains("RATE = history operations per second over all their sessions together"), r.out());
        for (String option : new String[] {"--anomaly-workload", "--anomaly-sessions", "--anomaly-keys",
                "--anomaly-isolation", "--anomaly-reads-on"}) {
            assertTrue(help.contains(option), option + " in " + r.out());
        }
    }
}
