package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.clusterbench.embedded.EmbeddedServer;
import io.clusterbench.testing.Cli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code ab}'s explain block on real servers (docs/explain.md, "A/B: what changed"): the embedded server against
 * itself resolves no change; an fsync per commit on B (innodb_flush_log_at_trx_commit 1 against 2) shows as more
 * server CPU per transaction and a larger on-CPU I/O share (the kernel's file system and block layer flushing the
 * redo log), both resolved by the block's simultaneous intervals over 10 pairs (a category's share varies by several
 * points from step to step on a 2-core machine). Directions only, never speeds.
 */
class ExplainAbIT {
    @TempDir
    Path tmp;

    @Test
    void aServerAgainstItselfShowsNoResolvedChange() throws Exception {
        Path out = tmp.resolve("aa");
        Cli.Result r = Cli.run("ab", "oltp_read_write", "--table-size=1000", "--threads=1", "--repeat=4", "--time=2",
                "--warmup-time=1", "--profile=on", "--out=" + out);
        assertEquals(0, r.exitCode(), r.out() + r.err());
        JsonNode explain = ResultFiles.read(out).get("verdicts").get(0).get("explain");
        assertTrue(explain != null && explain.has("cpuMicrosPerEvent"), "the steps had explain facts:\n" + r.out());
        assertTrue(r.out().contains("explain: what changed, B vs A"), r.out());
        assertTrue(r.out().contains("1 thread, 4 pairs, m = "), r.out());
        assertTrue(r.out().contains(": no change resolved"), "A against A:\n" + r.out());
        assertFalse(r.out().contains("a change resolved"), r.out());
    }

    @Test
    void anFsyncPerCommitShowsAsMoreServerCpuAndALargerIoShare() {
        EmbeddedServer unpacked = io.clusterbench.testing.TestServer.startOwn(true, java.util.List.of()); // its binary and a fresh datadir are the test's build
        unpacked.close();
        Path binary = unpacked.binary();
        Path template = unpacked.dataDir();
        Path out = tmp.resolve("flush");
        try {
            Cli.Result r = Cli.run("ab", "oltp_update_index", "--table-size=1000", "--threads=1", "--repeat=10",
                    "--time=2", "--warmup-time=1", "--a-server=" + binary, "--datadir-template=" + template,
                    "--server-option=--innodb-buffer-pool-size=64M",
                    "--a-option=--innodb-flush-log-at-trx-commit=2", "--b-option=--innodb-flush-log-at-trx-commit=1",
                    "--profile=on", "--out=" + out);
            assertEquals(0, r.exitCode(), r.out() + r.err());
            JsonNode e = ResultFiles.read(out).get("verdicts").get(0).get("explain");
            JsonNode cpu = e.get("cpuMicrosPerEvent").get("change");
            assertTrue(cpu.get("low").asDouble() > 1, "B flushes the redo log per commit: " + cpu + "\n" + r.out());
            JsonNode io = null;
            for (JsonNode c : e.get("categories")) {
                io = c.get("name").asText().equals("I/O") ? c : io;
            }
            assertTrue(io != null && io.get("change").get("low").asDouble() > 0,
                    "the I/O share moved up, and most: " + e.get("categories") + "\n" + r.out());
            assertTrue(r.out().contains("1 thread, 10 pairs, m = "), r.out());
            assertTrue(r.out().contains("a change resolved"), r.out());
        } finally {
            io.clusterbench.embedded.Trees.delete(unpacked.directory());
        }
    }
}
