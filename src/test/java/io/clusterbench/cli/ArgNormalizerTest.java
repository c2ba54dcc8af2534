package io.clusterbench.cli;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class ArgNormalizerTest {
    @Test
    void sysbenchCommandLineBecomesClusterbenchOrder() {
        String[] in = {"oltp_read_write", "--mysql-host=10.0.0.1", "--mysql_port=3307", "--table_size=100",
                "--db-driver=mysql", "--mysql-ignore-errors=all", "--threads=8", "run"};
        assertArrayEquals(new String[]{"run", "oltp_read_write", "--host=10.0.0.1", "--port=3307",
                "--table-size=100", "--ignore-errors=all", "--threads=8"}, ArgNormalizer.normalize(in));
    }

    @Test
    void oldSpellingsAndNoOpOptions() {
        String[] in = {"oltp_point_select", "--num-threads=4", "--max-time=30", "--max-requests=0",
                "--oltp-table-size=100", "--verbosity=5", "--forced-shutdown=1", "--histogram=on", "run"};
        assertArrayEquals(new String[]{"run", "oltp_point_select", "--threads=4", "--time=30", "--events=0",
                "--table-size=100", "--histogram=on"}, ArgNormalizer.normalize(in));
        assertEquals(List.of("--verbosity", "--forced-shutdown"), ArgNormalizer.ignored(in));
    }

    @Test
    void valuesAreNotTouched() {
        assertArrayEquals(new String[]{"run", "x", "--password=a_b--mysql-c"},
                ArgNormalizer.normalize(new String[]{"run", "x", "--mysql_password=a_b--mysql-c"}));
    }

    @Test
    void passwordsAreMasked() {
        assertEquals(List.of("run", "--password=***", "--mysql-password", "***"),
                ArgNormalizer.masked(new String[]{"run", "--password=s3cret", "--mysql-password", "s3cret"}));
    }

    @Test
    void everySidesPasswordOfAbIsMasked() {
        assertEquals(List.of("ab", "--a-password=***", "--b-password", "***", "--side-password", "pgo1=***",
                        "--side-password=o3=***", "--side-host", "o3=127.0.0.1:3306"),
                ArgNormalizer.masked(new String[]{"ab", "--a-password=s3cret", "--b-password", "s3cret",
                        "--side-password", "pgo1=s3cret", "--side-password=o3=s3cret", "--side-host", "o3=127.0.0.1:3306"}));
        assertEquals(List.of("s3cret", "t0p", "x=y"), ArgNormalizer.passwords(new String[]{"ab", "--a-password=s3cret",
                "--side-password", "pgo1=t0p", "--side-password=o3=x=y"}));
    }

    @Test
    void optionsMayFollowTheSysbenchCommand() {
        assertArrayEquals(new String[]{"run", "oltp_point_select", "--table-size=10", "--threads=2"},
                ArgNormalizer.normalize(new String[]{"oltp_point_select", "--table_size=10", "run", "--threads=2"}));
        String[] twoCommands = {"oltp_point_select", "prepare", "run", "--threads=2"};
        assertArrayEquals(twoCommands, ArgNormalizer.normalize(twoCommands), "ambiguous: left to picocli");
    }

    /** In sysbench's order a mistyped command word is named, not the workload before it. */
    @Test
    void aMistypedCommandWordInSysbenchOrderIsNamed() {
        org.junit.jupiter.api.Assertions.assertTrue(ArgNormalizer.missingCommand(new String[]{"oltp_read_write",
                "--time", "1", "runn"}, "oltp_read_write").startsWith("unknown command 'runn' (did you mean run?)"));
        org.junit.jupiter.api.Assertions.assertTrue(ArgNormalizer.missingCommand(new String[]{"oltp_read_write",
                "--time=1", "fooo"}, "oltp_read_write").startsWith("unknown command 'fooo' after workload oltp_read_write"));
        org.junit.jupiter.api.Assertions.assertTrue(ArgNormalizer.missingCommand(new String[]{"oltp_read_write",
                "--time", "1"}, "oltp_read_write").startsWith("no command after workload oltp_read_write"),
                "'1' is the value of --time, not a command");
    }

    /** A rig's variable of options and its overrides after it: the last --threads wins, as in sysbench. */
    @Test
    void aRepeatedListOptionKeepsItsLastValue() {
        assertArrayEquals(new String[]{"run", "tpcc", "--time=600", "--threads=1", "--host=b"},
                ArgNormalizer.normalize(new String[]{"tpcc", "--threads=64", "--time=600", "--mysql-host=a",
                        "--threads", "8", "--threads=1", "--mysql-host=b", "run"}));
        assertArrayEquals(new String[]{"sweep", "x", "--threads=1,2,4"},
                ArgNormalizer.normalize(new String[]{"sweep", "x", "--threads=1,2,4"}));
    }
}
