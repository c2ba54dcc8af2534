package io.clusterbench.cli;

import io.clusterbench.testing.Cli;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Named sides given wrong are bad input: exit 2 and one line naming what is wrong, before any server starts.
 */
class AbSidesInputTest {
    private static void refused(String expected, String... args) {
        Cli.Result r = Cli.run(args);
        assertEquals(2, r.exitCode(), String.join(" ", args) + ": " + r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().startsWith("error: invalid options: ") && r.err().contains(expected),
                String.join(" ", args) + " should say '" + expected + "': " + r.err());
    }

    @Test
    void aBadSideIsNamedInOneLine() {
        refused("--sides needs 2 or more names", "ab", "oltp_point_select", "--sides=o3");
        refused("side O3 is named twice", "ab", "oltp_point_select", "--sides=o3,pgo1,O3");
        refused("'steps' cannot name a side", "ab", "oltp_point_select", "--sides=o3,steps");
        refused("'a b' cannot name a side", "ab", "oltp_point_select", "--sides=o3,a b");
        refused("--baseline pgo9 is not one of the sides (o3, pgo1)", "ab", "oltp_point_select", "--sides=o3,pgo1",
                "--baseline=pgo9");
        refused("--side-option pgo9=…: no side pgo9 (sides: o3, pgo1)", "ab", "oltp_point_select", "--sides=o3,pgo1",
                "--side-server=o3=/usr/sbin/mariadbd", "--datadir-template=/tmp", "--side-option=pgo9=--x=1");
        refused("--side-host takes NAME=VALUE (got 'o3')", "ab", "oltp_point_select", "--sides=o3,pgo1", "--side-host=o3");
        refused("--side-host names side o3 twice", "ab", "oltp_point_select", "--sides=o3,pgo1",
                "--side-host=o3=127.0.0.1:1", "--side-host=o3=127.0.0.1:2");
        refused("--a gives side A, which --sides does not name", "ab", "oltp_point_select", "--sides=o3,pgo1",
                "--a=127.0.0.1:3306");
        refused("--a and --side-host both give side A", "ab", "oltp_point_select", "--sides=A,B,C", "--a=127.0.0.1:1",
                "--side-host=A=127.0.0.1:2");
        refused("'127.0.0.1:70000': 70000 is not a TCP port", "ab", "oltp_point_select", "--sides=o3,pgo1",
                "--side-host=o3=127.0.0.1:1", "--side-host=pgo1=127.0.0.1:70000");
    }

    @Test
    void sidesAreGivenOneWayTheFirstFirst() {
        refused("endpoints (--a/--b, --side-host) cannot be mixed with binaries", "ab", "oltp_point_select",
                "--sides=o3,pgo1", "--side-host=o3=127.0.0.1:1", "--side-server=pgo1=/usr/sbin/mariadbd",
                "--datadir-template=/tmp");
        refused("--side-server needs the first side (o3) to have one too", "ab", "oltp_point_select",
                "--sides=o3,pgo1", "--side-server=pgo1=/usr/sbin/mariadbd", "--datadir-template=/tmp");
        refused("--side-host needs the first side (o3) to have one too", "ab", "oltp_point_select",
                "--sides=o3,pgo1", "--side-host=pgo1=127.0.0.1:1");
        refused("--side-server needs --datadir-template DIR", "ab", "oltp_point_select", "--sides=o3,pgo1",
                "--side-server=o3=/usr/sbin/mariadbd");
        refused("need --a-server or --side-server", "ab", "oltp_point_select", "--sides=o3,pgo1",
                "--side-option=pgo1=--x=1");
    }
}
