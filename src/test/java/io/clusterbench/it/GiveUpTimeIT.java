package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.OwnServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The give-up time for an unreachable target is an option (issue 32): a server restart longer than the default 5 s
 * ends a default run, is ridden through under --ignore-errors all (sysbench's --mysql-ignore-errors=all) and with a
 * --give-up-time longer than the restart. On a throwaway embedded server, stopped and started again on its port.
 */
class GiveUpTimeIT {
    private static final Duration DOWN = Duration.ofSeconds(8);
    private static final int TIME = 30;
    private static OwnServer own;

    @BeforeAll
    static void start() throws Exception {
        own = OwnServer.start("giveup");
        assertEquals(0, Cli.run(Cli.args(own.cliTarget(), "prepare", "oltp_point_select", "--table-size=1000"))
                .exitCode());
    }

    @AfterAll
    static void stop() {
        own.close();
    }

    /**
     * Runs {@link #TIME} s, stopping the server at the third interval and starting it again {@link #DOWN} later.
     */
    private static Cli.Result runThroughARestart(Path out, String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of("run", "oltp_point_select", "--table-size=1000", "--threads=2",
                "--time=" + TIME, "--report-interval=1", "--connect-timeout=1", "--out=" + out));
        args.addAll(List.of(extra));
        CompletableFuture<Cli.Result> run = CompletableFuture.supplyAsync(() -> Cli.run(Cli.args(own.cliTarget(),
                args.toArray(new String[0]))));
        long deadline = System.nanoTime() + 60_000_000_000L;
        Path csv = out.resolve("intervals.csv");
        while ((!Files.exists(csv) || Files.readAllLines(csv).size() < 4) && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        double back = own.stopAndRestartAfter(DOWN);
        assertTrue(back < TIME - 10, "the server answered again " + back + " s after it was stopped: too late for the run");
        return run.get(120, TimeUnit.SECONDS);
    }

    /** @return events of the intervals after the outage (the first interval without an event) */
    private static long eventsAfterTheOutage(JsonNode run) {
        long n = 0;
        boolean down = false;
        for (JsonNode iv : run.get("intervals")) {
            down |= iv.get("events").asLong() == 0;
            if (down) {
                n += iv.get("events").asLong();
            }
        }
        assertTrue(down, "the server was down for whole intervals: " + run.get("intervals"));
        return n;
    }

    @Test
    void aRestartLongerThanTheDefaultFiveSecondsEndsADefaultRun(@TempDir Path out) throws Exception {
        Cli.Result r = runThroughARestart(out);
        assertEquals(4, r.exitCode(), r.out() + r.err());
        assertTrue(r.err().contains("every endpoint unreachable for 5.0 s"), r.err());
        assertEquals(5, ResultFiles.run(out).get("plan").get("giveUpSeconds").asLong());
    }

    @Test
    void underIgnoreErrorsAllARestartIsRiddenThroughToTheTimeLimit(@TempDir Path out) throws Exception {
        Cli.Result r = runThroughARestart(out, "--ignore-errors=all");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        JsonNode run = ResultFiles.run(out);
        assertEquals(0, run.get("plan").get("giveUpSeconds").asLong(), "auto under --ignore-errors all: never");
        assertEquals(TIME, run.get("summary").get("measuredSeconds").asDouble(), 1.0);
        assertTrue(eventsAfterTheOutage(run) > 0, "events after the server came back: " + run.get("intervals"));
        assertTrue(run.get("summary").get("reconnects").asLong() > 0, run.get("summary").toString());
    }

    @Test
    void aGiveUpTimeLongerThanTheRestartRidesThroughIt(@TempDir Path out) throws Exception {
        Cli.Result r = runThroughARestart(out, "--give-up-time=" + TIME);
        assertEquals(0, r.exitCode(), r.out() + r.err());
        JsonNode run = ResultFiles.run(out);
        assertEquals(TIME, run.get("plan").get("giveUpSeconds").asLong());
        assertTrue(eventsAfterTheOutage(run) > 0, "events after the server came back: " + run.get("intervals"));
    }

    @Test
    void aBadGiveUpTimeIsOneLineAndExitTwo() {
        Cli.Result r = Cli.run(Cli.args(own.cliTarget(), "run", "oltp_point_select", "--give-up-time=-3"));
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains("invalid --give-up-time '-3'"), r.err());
    }
}
