package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.OwnServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Several workloads in one run ({@code run --scenario}), checked against the server's own counters on a server of its
 * own (no other test's statements in its Com_* counters): the run's point selects and a scenario's index updates each
 * account for their share of Com_select and Com_update (docs/metrics.md, "Scenarios"); a scenario with a rate holds
 * it while the run beside it runs closed loop.
 */
class ScenariosIT {
    /** Statements the tool's own observers and the workloads' key-space reads may add to Com_select over a run. */
    private static final long OBSERVER_SELECTS = 200;
    private static OwnServer own;

    @TempDir
    Path tmp;

    @BeforeAll
    static void server() throws Exception {
        own = OwnServer.start("scenarios");
        assertEquals(0, Cli.run(Cli.args(own.cliTarget(), "prepare", "oltp_read_write", "--tables=2",
                "--table-size=1000")).exitCode());
    }

    @AfterAll
    static void stop() {
        if (own != null) {
            own.close();
        }
    }

    @Test
    void eachScenariosEventsAccountForItsShareOfTheServersComCounters() throws Exception {
        Path out = tmp.resolve("two");
        long selectsBefore = own.status("Com_select");
        long updatesBefore = own.status("Com_update");
        Cli.Result r = run(out, "oltp_point_select", "--threads=2", "--time=5",
                "--scenario", "writes=oltp_update_index:2");
        long serverSelects = own.status("Com_select") - selectsBefore;
        long serverUpdates = own.status("Com_update") - updatesBefore;
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("Scenarios (beside the run"), r.out());
        JsonNode run = ResultFiles.run(out);
        JsonNode s = run.get("summary");
        JsonNode w = scenario(run, "writes");
        long events = w.get("events").asLong();
        System.out.printf("run: %d selects (+%d cut off); writes: %d events, %d writes, %d errors, %d cut off; "
                        + "Com_select %d, Com_update %d%n", s.get("events").asLong(), s.get("cutOffEvents").asLong(),
                events, w.get("writes").asLong(), w.get("errors").asLong(), w.get("cutOffEvents").asLong(),
                serverSelects, serverUpdates);
        assertTrue(events > 0 && s.get("events").asLong() > 0, "both ran: " + w + " " + s);
        assertEquals(events, w.get("writes").asLong(), "one UPDATE per oltp_update_index event: " + w);
        assertEquals(0, w.get("reads").asLong(), w.toString());
        assertEquals(0, s.get("writes").asLong(), "the run's summary is its own workload's: " + s);
        assertTrue(events <= serverUpdates, "the server ran every counted UPDATE: " + serverUpdates + " vs " + w);
        assertTrue(serverUpdates <= events + w.get("errors").asLong() + w.get("cutOffEvents").asLong(),
                "no UPDATE the server ran is missing from the scenario's events, failures and cut-off ones: "
                        + serverUpdates + " vs " + w);
        long selects = s.get("events").asLong();
        assertTrue(selects <= serverSelects && serverSelects <= selects + s.get("cutOffEvents").asLong()
                + OBSERVER_SELECTS, "the run's point selects are its share of Com_select: " + serverSelects + " vs " + s);
        long perInterval = 0;
        for (JsonNode i : run.get("intervals")) {
            JsonNode one = i.path("observed").path("scenarios").path("writes");
            perInterval += one.path("events").asLong(0);
        }
        assertTrue(perInterval > 0 && perInterval <= events, "the intervals carry the scenario's events: "
                + perInterval + " of " + events);
    }

    @Test
    void aRatedScenarioHoldsItsRateBesideAClosedLoopRun() {
        Path out = tmp.resolve("rated");
        double rate = 100;
        Cli.Result r = run(out, "oltp_update_non_index", "--threads=2", "--time=8",
                "--scenario", "paced=oltp_point_select:2:" + (int) rate);
        assertEquals(0, r.exitCode(), r.out() + r.err());
        JsonNode run = ResultFiles.run(out);
        JsonNode p = scenario(run, "paced");
        double seconds = p.get("seconds").asDouble();
        long events = p.get("events").asLong();
        double expected = rate * seconds;
        // a Poisson count of mean R·t has standard deviation sqrt(R·t); evenly spaced starts vary far less, so four
        // of them (plus the events in flight at the stop, at most one per thread) bound a rate that is held
        double tolerance = 4 * Math.sqrt(expected) + 2;
        System.out.printf("paced at %.0f/s: %d events in %.2f s (expected %.0f ± %.0f), late %d; run closed loop %d%n",
                rate, events, seconds, expected, tolerance, p.get("lateEvents").asLong(),
                run.get("summary").get("events").asLong());
        assertTrue(seconds > 6, "counted over most of the 8 s: " + p);
        assertTrue(Math.abs(events - expected) <= tolerance, events + " events in " + seconds + " s at " + rate
                + "/s: " + p);
        assertEquals(rate, p.get("rateEventsPerSecond").asDouble(), 1e-9);
        assertTrue(run.get("summary").get("events").asLong() > 0, "the closed-loop run ran beside it");
    }

    @Test
    void aSweepRunsItsScenariosBesideEveryStepAndTheServerRanEachOfTheirUpdates() throws Exception {
        Path out = tmp.resolve("sweep");
        long updatesBefore = own.status("Com_update");
        List<String> args = new ArrayList<>(List.of("sweep", "oltp_point_select", "--threads=1,2", "--time=3",
                "--quiet-timeout=0", "--out=" + out, "--tables=2", "--table-size=1000",
                "--scenario", "writes=oltp_update_index:1"));
        args.addAll(own.cliTarget());
        Cli.Result r = Cli.run(args.toArray(String[]::new));
        long serverUpdates = own.status("Com_update") - updatesBefore;
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertEquals(2, r.out().lines().filter(l -> l.startsWith("    sc writes: tps: ")).count(), r.out());
        long events = 0;
        long unsure = 0;
        JsonNode runs = ResultFiles.read(out).get("runs");
        assertEquals(2, runs.size());
        for (JsonNode run : runs) {
            JsonNode w = scenario(run, "writes");
            assertTrue(w.get("events").asLong() > 0, "the scenario ran beside the step: " + w);
            assertEquals(w.get("events").asLong(), w.get("writes").asLong(), "one UPDATE per event: " + w);
            assertEquals(0, run.get("summary").get("writes").asLong(), "the step's summary is its own workload's");
            events += w.get("events").asLong();
            unsure += w.get("errors").asLong() + w.get("cutOffEvents").asLong();
        }
        System.out.printf("sweep: writes %d events (+%d failed or cut off) over 2 steps; Com_update %d%n", events,
                unsure, serverUpdates);
        assertTrue(events <= serverUpdates && serverUpdates <= events + unsure,
                "the scenario's events over the steps are the server's UPDATEs: " + serverUpdates + " vs " + events);
    }

    private static JsonNode scenario(JsonNode run, String name) {
        JsonNode facts = run.get("observerFacts").get("scenarios");
        assertNotNull(facts, run.get("observerFacts").toString());
        for (JsonNode s : facts.get("scenarios")) {
            if (s.get("name").asText().equals(name)) {
                return s;
            }
        }
        throw new AssertionError("no scenario " + name + " in " + facts);
    }

    private static Cli.Result run(Path out, String workload, String... extra) {
        List<String> args = new ArrayList<>(List.of("run", workload, "--report-interval=1", "--out=" + out,
                "--tables=2", "--table-size=1000"));
        args.addAll(List.of(extra));
        args.addAll(own.cliTarget());
        return Cli.run(args.toArray(String[]::new));
    }
}
