package io.clusterbench.it;

import io.clusterbench.testing.Cli;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Tester, issue 9: an output disk that fails (full) must stop the run with one line saying what could not be
 * written (docs/metrics.md, {@code write lag}: "A write error ... stops the run as before (one line saying what
 * could not be written)") and the exit status of an unusable target, 2 — never exit 1 ("internal error (a bug)").
 * Seen by hand: {@code --out} on a 64 KB tmpfs, {@code run oltp_point_select --threads 8 --time 30}: after 10 s
 * {@code error: internal error: java.io.UncheckedIOException: cannot write .../result.json: No space left on
 * device (rerun with --verbose for details)}, exit 1. Here the disk is full from the start: result.json's temp
 * file is a link to {@code /dev/full} (every write fails with ENOSPC).
 */
class OutputDiskFullIT {
    @TempDir
    Path tmp;

    @Test
    void aFullOutputDiskIsOneLineAndExitTwoNotAnInternalError() throws Exception {
        Path full = Path.of("/dev/full");
        assumeTrue(Files.isWritable(full), "needs /dev/full");
        String db = TestServer.freshDatabase("diskfull");
        List<String> target = TestServer.cliTarget(db);
        assertEquals(0, Cli.run(Cli.args(target, "prepare", "oltp_point_select", "--table-size=100")).exitCode());
        Path out = tmp.resolve("r");
        Files.createDirectories(out);
        Files.createSymbolicLink(out.resolve("result.json.tmp"), full);
        Cli.Result r = Cli.run(Cli.args(target, "run", "oltp_point_select", "--table-size=100", "--time=3",
                "--report-interval=1", "--out=" + out));
        assertFalse(r.err().contains("internal error"), r.err());
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertTrue(r.err().contains("cannot write") && r.err().contains("No space left on device"), r.err());
    }
}
