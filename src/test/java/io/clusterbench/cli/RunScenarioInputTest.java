package io.clusterbench.cli;

import io.clusterbench.testing.Cli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bad scenarios of {@code run} (an unknown workload, bad threads, a name used twice, an unknown option on a file line,
 * an unknown preset) are named all at once in one line, exit 2, before connecting.
 */
class RunScenarioInputTest {
    @TempDir
    Path tmp;

    @Test
    void badScenariosAreNamedAllAtOnceBeforeConnecting() {
        Cli.Result r = Cli.run("run", "oltp_point_select", "--host", "127.0.0.1", "--port", "1",
                "--scenario", "a=oltp_point_selct:2", "--scenario", "b=oltp_read_only:0",
                "--scenario", "c=oltp_read_only:1", "--scenario", "c=oltp_insert:1", "--scenario-preset", "nope");
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertEquals(1, r.errLines().size(), r.err());
        for (String problem : new String[] {"--scenario a: unknown workload 'oltp_point_selct'",
                "--scenario b: threads must be a whole number from 1 to 100000 (got '0')",
                "--scenario c is defined twice", "--scenario-preset nope is not a preset"}) {
            assertTrue(r.err().contains(problem), problem + " in " + r.err());
        }
    }

    @Test
    void aFileLinesUnknownOptionOrBadValueIsNamedWithItsScenario() throws Exception {
        Path f = tmp.resolve("scenarios.txt");
        Files.writeString(f, "# two scenarios\nhot=oltp_read_write:4 --table-size x\nok=oltp_point_select:1 "
                + "--reconnect -1\n");
        Cli.Result r = Cli.run("run", "oltp_point_select", "--host", "127.0.0.1", "--port", "1",
                "--scenario-file", f.toString());
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains("--scenario hot: ") && r.err().contains("--table-size"), r.err());
        assertTrue(r.err().contains("--scenario ok: --reconnect must be >= 0 events (got -1)"), r.err());
    }

    @Test
    void aMissingFileIsOneLine() {
        Cli.Result r = Cli.run("run", "oltp_point_select", "--host", "127.0.0.1", "--port", "1",
                "--scenario-file", tmp.resolve("none.txt").toString());
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains("--scenario-file " + tmp.resolve("none.txt") + " cannot be read"), r.err());
    }

    @Test
    void ddlRunsOnceAmongTheWorkloadAndItsScenarios() {
        Cli.Result r = Cli.run("run", "ddl", "--host", "127.0.0.1", "--port", "1", "--scenario", "more=ddl:1");
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertTrue(r.err().contains("ddl runs more than once"), r.err());
    }

    @Test
    void aScenarioMayNotTakeTheBackgroundsName() {
        Cli.Result r = Cli.run("run", "oltp_point_select", "--host", "127.0.0.1", "--port", "1", "--background",
                "oltp_read_only", "--scenario", "background=oltp_update_index:1");
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains("--scenario background: the name is --background's among the scenarios"),
                r.err());
    }
}
