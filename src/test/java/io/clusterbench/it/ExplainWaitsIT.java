package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.OwnServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The wait profile on a server started with {@code --performance-schema=ON}: many threads updating one row make
 * lock waits the leading wait category, InnoDB's row locks the leading wait, and the statement the top one; the
 * pre-flight has nothing to say about the default instruments, and the costly ones are named as not timed.
 */
class ExplainWaitsIT {
    private static OwnServer server;

    @BeforeAll
    static void start() throws Exception {
        server = OwnServer.startWith(List.of("--performance-schema=ON"), "cb_waits");
        Cli.Result p = Cli.run(Cli.args(server.cliTarget(), "prepare", "oltp_update_non_index", "--table-size", "1"));
        assertEquals(0, p.exitCode(), p.out() + p.err());
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void rowLockContentionLeadsTheWaitProfile(@TempDir Path out) {
        // one row, eight writers: every update waits for the one before it
        Cli.Result r = Cli.run(Cli.args(server.cliTarget(), "run", "oltp_update_non_index", "--table-size", "1",
                "--threads", "8", "--time", "4", "--profile", "off", "--db-ps-mode", "disable", "--out", out.toString()));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertFalse(r.out().contains("WARNING explain-"), r.out());
        JsonNode run = ResultFiles.run(out);
        JsonNode w = run.get("observerFacts").get("waitProfile").get("nodes").get(0);
        assertTrue(w.get("performanceSchema").get("enabled").asBoolean());
        assertEquals("lock", w.get("categories").get(0).get("name").asText(), w.get("categories").toString());
        assertTrue(w.get("categories").get(0).get("sharePercent").asDouble() > 50, w.get("categories").toString());
        assertEquals("innodb row lock", w.get("leadingWaits").get(0).get("event").asText(), w.get("leadingWaits")
                .toString());
        assertTrue(w.get("rowLockWaitMicros").asLong() > 0);
        JsonNode top = w.get("statements").get(0);
        assertTrue(top.get("text").asText().startsWith("UPDATE"), w.get("statements").toString());
        long events = run.get("summary").get("events").asLong();
        // one UPDATE per event (autocommit), but for those in flight at either reading (one per thread) and those
        // that completed between the measured start and the start reading, which runs on the observer's own thread
        // (at 0.3 ms an event, a few ms of a loaded machine are tens of events): within 0.5 % of the events
        long slack = Math.max(2 * 8 + 2, events / 200);
        assertTrue(Math.abs(top.get("count").asLong() - events) <= slack, top + " vs " + events + " events");
        assertTrue(r.out().contains("top waits:") && r.out().contains("innodb row lock"), r.out());
        // the costly instruments are off, as the server ships: named, never turned on
        assertTrue(w.get("performanceSchema").get("notInstrumented").toString().contains("wait/synch/mutex"));
        assertTrue(r.out().contains("not timed: wait/synch/mutex"), r.out());
    }
}
