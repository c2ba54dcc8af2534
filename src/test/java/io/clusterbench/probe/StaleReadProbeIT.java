package io.clusterbench.probe;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.GaleraCluster;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The stale-read probe on the real 3-node cluster: exact counts, and no stale read with wsrep_sync_wait=1. */
@Tag("galera")
class StaleReadProbeIT {
    private static final int SAMPLES = 40;

    @Test
    void syncWaitOneGivesNoStaleReadUnderLoadAndEverySampleIsCounted(@TempDir Path out) throws Exception {
        String db = GaleraCluster.freshDatabase("cb_probe");
        Cli.Result p = Cli.run(Cli.args(GaleraCluster.cliTarget(db), "prepare", "oltp_update_non_index", "--tables", "1",
                "--table-size", "500"));
        assertEquals(0, p.exitCode(), p.out() + p.err());
        Cli.Result r = Cli.run(Cli.args(GaleraCluster.cliTarget(db), "probe", "stale-reads", "--consistency", "0,1",
                "--samples", Integer.toString(SAMPLES), "--background", "oltp_update_non_index",
                "--background-threads", "2", "--tables", "1", "--table-size", "500", "--out", out.toString()));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("background tps"), r.out());
        assertTrue(r.out().contains("wsrep_sync_wait=1 verified on 3/3"), r.out());
        JsonNode doc = new ObjectMapper().readTree(out.resolve("probe.json").toFile());
        assertEquals(ProbeReport.SCHEMA, doc.get("schema").asText());
        assertEquals(2, doc.get("levels").size());
        for (JsonNode level : doc.get("levels")) {
            assertEquals(0, level.get("errors").asLong(), level.toString());
            assertEquals(6L * SAMPLES, level.get("samples").asLong(), "6 ordered pairs x samples, exactly");
            assertEquals(level.get("samples").asLong(),
                    level.get("staleReads").asLong() + level.get("freshReads").asLong());
            assertEquals(6, level.get("pairs").size());
            for (JsonNode pair : level.get("pairs")) {
                assertEquals(SAMPLES, pair.get("samples").asLong(), pair.toString());
                assertTrue(pair.get("stale").asLong() >= pair.get("timeouts").asLong());
            }
            assertEquals(level.get("staleReads").asLong() - level.get("visibilityTimeouts").asLong(),
                    level.get("visibility").get("count").asLong(), "every stale read that became visible was timed");
            JsonNode host = level.get("host");
            assertTrue(host.get("serverOnThisHost").asBoolean() && host.get("hostCpuPercent").isNumber()
                    && host.get("serverCpuPercent").isNumber(), "the sandbox's nodes run on this host: " + host);
            JsonNode validity = level.get("validity");
            boolean saturated = false;
            for (JsonNode f : validity.get("flags")) {
                saturated |= f.get("flag").asText().equals("host-cpu-saturated");
                assertTrue(!f.get("flag").asText().equals("too-few-samples"), "240 first reads, all taken: " + f);
            }
            assertEquals(host.get("hostCpuPercent").asDouble() >= 90, saturated, validity.toString());
            assertTrue(level.get("nodeStates").isArray(), "node states sampled on Galera: " + level);
        }
        JsonNode gtid = doc.get("gtidWait");
        assertEquals(6L * SAMPLES, gtid.get("samples").asLong() + gtid.get("errors").asLong(), gtid.toString());
        assertEquals(0, gtid.get("errors").asLong(), gtid.toString());
        assertTrue(r.out().contains("GTID wait (B applies A's write"), r.out());
        assertTrue(r.out().contains("Validity at level 0: ") && r.out().contains("Validity at level 1: "), r.out());
        JsonNode syncWait = doc.get("levels").get(1);
        assertEquals("1", syncWait.get("level").asText());
        assertEquals(0, syncWait.get("staleReads").asLong(), "wsrep_sync_wait=1 makes every first read fresh");
        assertEquals(0.0, syncWait.get("staleRateCi95Percent").get(0).asDouble());

        // report on the probe folder: the same tables from probe.json, and the page with the per-pair breakdown
        Cli.Result rep = Cli.run("report", out.toString());
        assertEquals(0, rep.exitCode(), rep.out() + rep.err());
        String tables = rep.out().substring(0, rep.out().indexOf("Probe report written to"));
        assertTrue(tables.contains("Pairs at level 0:") && tables.contains("Pairs at level 1:"), tables);
        assertTrue(tables.matches("(?s).*\\n +n1 -> n2 +40 .*"), "the per-pair table: " + tables);
        assertTrue(r.out().contains(tables), "report prints what the probe printed:\n" + tables + "\n---\n" + r.out());
        Path html = out.resolve("report.html");
        String page = java.nio.file.Files.readString(html);
        assertTrue(page.contains("<h3>Pairs at level 1</h3>") && page.contains("<td>n3 -&gt; n2</td>"), "pair tables");
        io.clusterbench.testing.Chromium chromium = io.clusterbench.testing.Chromium.require();
        io.clusterbench.testing.Chromium.Rendered rendered = chromium.render(html);
        assertEquals(java.util.List.of(), rendered.errors());
        assertEquals(3, rendered.expectedCharts());
        assertEquals(rendered.expectedCharts(), rendered.drawnCharts(), "every chart renders with data");
        Path shot = Path.of("target", "probe-report.png");
        chromium.screenshot(html, shot, 1400, 3000);
        System.out.println("screenshot of the probe report: " + shot.toAbsolutePath());
    }

    @Test
    void perStatementSyncWaitAlsoGivesNoStaleRead(@TempDir Path out) throws Exception {
        String db = GaleraCluster.freshDatabase("cb_probe_stmt");
        Cli.Result r = Cli.run(Cli.args(GaleraCluster.cliTarget(db), "probe", "stale-reads", "--consistency", "1",
                "--scope", "statement", "--samples", "30", "--out", out.toString()));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("SET STATEMENT wsrep_sync_wait=1 FOR SELECT"), r.out());
        JsonNode level = new ObjectMapper().readTree(out.resolve("probe.json").toFile()).get("levels").get(0);
        assertEquals(180, level.get("samples").asLong());
        assertEquals(0, level.get("staleReads").asLong(), "the statement form waits although the session is at 0");
    }
}
