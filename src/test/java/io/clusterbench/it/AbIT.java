package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.clusterbench.ab.AbSchedule;
import io.clusterbench.ab.AbStep;
import io.clusterbench.ab.OrderMode;
import io.clusterbench.embedded.EmbeddedServer;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code ab} end to end on real servers: A against itself resolves no difference; two processes of one
 * binary on copies of one datadir, B with a durability handicap, resolve B slower; the order is recorded
 * and reproducible from its seed. Step times are short: the assertions are about direction, never speed.
 */
class AbIT {
    @TempDir
    Path tmp;

    @Test
    void aAgainstItselfResolvesNoDifferenceAndRecordsItsSeededOrder() throws Exception {
        String db = TestServer.freshDatabase("abself");
        List<String> target = List.of("--a=127.0.0.1:" + TestServer.port(), "--user=root", "--db=" + db);
        assertEquals(0, Cli.run(Cli.args(TestServer.cliTarget(db), "prepare", "oltp_point_select", "--table-size=1000"))
                .exitCode());
        Path out = tmp.resolve("aa");
        Cli.Result r = Cli.run(Cli.args(target, "ab", "oltp_point_select", "--table-size=1000", "--threads=1,2",
                "--repeat=3", "--time=2", "--warmup-time=1", "--order=shuffle", "--order-seed=42", "--out=" + out));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        JsonNode doc = ResultFiles.read(out);
        assertEquals("clusterbench.ab/1", doc.get("schema").asText());
        assertEquals(0, doc.get("warnings").size(), "A against itself differs in nothing: " + doc.get("warnings"));
        for (JsonNode v : doc.get("verdicts")) {
            JsonNode tps = v.get("tps");
            assertEquals(3, tps.get("pairs").asInt());
            assertTrue(tps.get("low").asDouble() <= 1 && tps.get("high").asDouble() >= 1,
                    "A vs A at " + v.get("threads") + " threads: " + tps + "\n" + r.out());
        }
        assertTrue(r.out().contains("summary: tps: no difference resolved at any thread count"), r.out());
        List<AbStep> expected = AbSchedule.of(List.of(1, 2), 3, OrderMode.SHUFFLE, 42);
        List<String> recorded = new ArrayList<>();
        doc.get("plan").get("schedule").forEach(s -> recorded.add(s.get("threads").asInt() + s.get("side").asText()
                + s.get("repeat").asInt()));
        assertEquals(expected.stream().map(s -> s.threads() + s.side().name() + s.repeat()).toList(), recorded);
        assertEquals(AbSchedule.letters(expected), doc.get("plan").get("scheduleLetters").asText());
        for (int i = 0; i < 12; i++) {
            JsonNode run = doc.get("runs").get(i);
            assertEquals(recorded.get(i), run.get("step").get("threads").asInt() + run.get("step").get("side").asText()
                    + run.get("step").get("repeat").asInt(), "runs follow the schedule");
        }
        assertTrue(Files.readString(out.resolve("report.html")).contains("ab-runs"));
        assertEquals(6, ResultFiles.read(out.resolve("B")).get("runs").size(), "B's runs also as a sweep result");
    }

    @Test
    void badSidesAreRefusedInOneLineBeforeAnythingStarts() {
        for (String[] args : new String[][] {
                {"ab", "oltp_point_select", "--b-server=/usr/sbin/mariadbd"},
                {"ab", "oltp_point_select", "--a=localhost"},
                {"ab", "oltp_point_select", "--a-server=/usr/sbin/mariadbd"},
                {"ab", "oltp_point_select", "--host=127.0.0.1"},
                {"ab", "oltp_point_select", "--a=127.0.0.1:3306", "--order=random"}}) {
            Cli.Result r = Cli.run(args);
            assertEquals(2, r.exitCode(), String.join(" ", args) + ": " + r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertTrue(r.err().startsWith("error: invalid options: "), r.err());
        }
        Path tmpl = tmp.resolve("missing");
        Cli.Result r = Cli.run("ab", "oltp_point_select", "--a-server=" + tmp.resolve("no-such-mariadbd"),
                "--datadir-template=" + tmpl, "--out=" + tmp.resolve("out"));
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().contains("is not a directory"), r.err());
    }

    @Test
    void handicappedBIsResolvedSlower() {
        EmbeddedServer unpacked = io.clusterbench.testing.TestServer.startOwn(true, List.of()); // its binary and a fresh datadir are the test's build
        unpacked.close();
        Path binary = unpacked.binary();
        Path template = unpacked.dataDir();
        Path out = tmp.resolve("handicap");
        try {
            // a 1 s warmup per step: a cold first step otherwise dominates the spread of the pairs; 6 pairs (3 AB,
            // 3 BA) give the crossover analysis 4 degrees of freedom against fsync times that vary with the disk
            Cli.Result r = Cli.run("ab", "oltp_update_index", "--table-size=1000", "--threads=1,2", "--repeat=6",
                    "--time=2", "--warmup-time=1", "--a-server=" + binary, "--datadir-template=" + template,
                    "--server-option=--innodb-buffer-pool-size=64M",
                    "--a-option=--innodb-flush-log-at-trx-commit=2", "--b-option=--innodb-flush-log-at-trx-commit=1",
                    "--out=" + out);
            assertEquals(0, r.exitCode(), r.out() + r.err());
            JsonNode doc = ResultFiles.read(out);
            // MariaDB derives innodb_log_file_buffering from the flush setting on some file systems: a difference
            // the user did not ask for, so it is a warning, printed before anything else
            for (JsonNode w : doc.get("warnings")) {
                assertTrue(w.asText().contains("1 server variable(s) you did not set per side: innodb_log_file_buffering"),
                        "only the flush setting and what the server derives from it differ: " + w);
                assertTrue(r.out().indexOf("WARNING: ") < r.out().indexOf("A/B: "), r.out());
            }
            assertEquals("innodb_flush_log_at_trx_commit 2 vs 1", doc.get("intended").get(0).asText());
            for (JsonNode v : doc.get("verdicts")) {
                assertTrue(v.get("tps").get("high").asDouble() < 1,
                        "an fsync per commit makes B slower at " + v.get("threads") + " threads: " + v.get("tps") + "\n" + r.out());
                assertTrue(v.get("serverCpuPerEvent").has("ratio"), "both servers are local processes");
            }
            assertTrue(r.out().contains("summary: tps: B loses at 1, 2 threads"), r.out());
            assertTrue(doc.get("sides").get(0).get("compile").has("version_compile_machine"));
        } finally {
            io.clusterbench.embedded.Trees.delete(unpacked.directory());
        }
    }
}
