package io.clusterbench.observe;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Readings across a restart, a replaced server or a lowered counter are never differenced (CounterReset). */
class CounterResetTest {
    private static final List<String> COUNTERS = List.of("Questions", "Com_select");

    private static Map<String, Long> reading(long uptime, long sinceFlush, long questions, long selects) {
        Map<String, Long> m = new HashMap<>();
        m.put(CounterReset.UPTIME, uptime);
        m.put(CounterReset.UPTIME_SINCE_FLUSH, sinceFlush);
        m.put("Questions", questions);
        m.put("Com_select", selects);
        return m;
    }

    @Test
    void steadyReadingsOneIntervalApartAreDifferenced() {
        assertNull(CounterReset.between(reading(100, 100, 5000, 4000), reading(101, 101, 6000, 4900), 1.0, COUNTERS));
        assertNull(CounterReset.between(reading(100, 100, 5000, 4000), reading(102, 102, 5000, 4000), 1.4, COUNTERS),
                "whole-second uptime against the client's clock: within the tolerance");
    }

    @Test
    void aRestartedServerIsAGapEvenWhenItsCountersAreAlreadyHigherAgain() {
        assertEquals(CounterReset.RESTART, CounterReset.between(reading(3600, 3600, 900_000, 800_000),
                reading(4, 4, 229, 200), 15.0, COUNTERS));
        assertEquals(CounterReset.RESTART, CounterReset.between(reading(3, 3, 100, 50),
                reading(6, 6, 5000, 4000), 10.0, COUNTERS),
                "up 3 s, then 10 s later up 6 s: it started again, though its uptime and counters went up");
    }

    @Test
    void anotherServerUpForLongerBehindTheEndpointIsAGap() {
        assertEquals(CounterReset.REPLACED, CounterReset.between(reading(100, 100, 5000, 4000),
                reading(86_400, 86_400, 9_000_000, 8_000_000), 1.0, COUNTERS));
    }

    @Test
    void aFlushThatLoweredACounterIsAGapNamedFlush() {
        assertEquals(CounterReset.FLUSH, CounterReset.between(reading(500, 500, 5000, 4000),
                reading(501, 0, 12, 3), 1.0, COUNTERS));
    }

    @Test
    void aFlushThatLoweredNoCounterIsNoGap() {
        assertNull(CounterReset.between(reading(500, 500, 5000, 4000), reading(501, 0, 6000, 4900), 1.0, COUNTERS),
                "MariaDB 10.11's FLUSH STATUS resets the session's counters only: the global rates stay true");
    }

    @Test
    void aCounterThatWentDownWithoutUptimesIsAGap() {
        Map<String, Long> before = new HashMap<>(Map.of("Questions", 5000L, "Com_select", 4000L));
        Map<String, Long> now = new HashMap<>(Map.of("Questions", 10L, "Com_select", 4100L));
        assertEquals(CounterReset.COUNTER_DOWN, CounterReset.between(before, now, 1.0, COUNTERS));
    }

    private static WsrepReading wsrep(long atNanos, long uptime, long fcSent, long cert, long bf, long committed) {
        return new WsrepReading(atNanos, 1_000_000L * fcSent, fcSent, fcSent, 0, 0, cert, bf, 0, committed, 3,
                "Primary", "Synced", uptime);
    }

    @Test
    void aRestartedGaleraNodeHasNoCounterFiguresThatIntervalAndItsTotalsLeaveTheIntervalOut() {
        long s = 1_000_000_000L;
        WsrepReading before = wsrep(10 * s, 3600, 40, 7, 9, 5000);
        WsrepReading restarted = wsrep(25 * s, 2, 1, 0, 0, 5100);
        NodePolls polls = new NodePolls(before);
        polls.add(restarted, 5100);
        NodeFigures gap = NodeFigures.of(before, restarted, 5100, 1.0, polls);
        assertEquals(CounterReset.RESTART, gap.gap());
        Map<String, Object> json = gap.toMap();
        assertEquals(CounterReset.RESTART, json.get("gap"));
        for (String counter : List.of("flowControlPausedFraction", "flowControlPausedMicros", "flowControlSentMessages",
                "flowControlRecvMessages", "certFailures", "bfAborts", "replays")) {
            assertFalse(json.containsKey(counter), counter + " is no difference across a restart: " + json);
        }
        assertTrue(json.containsKey("commitLagTransactions") && json.containsKey("localState"), "gauges are kept");

        NodeFigures.RunCounters run = new NodeFigures.RunCounters();
        WsrepReading start = wsrep(0, 3590, 30, 5, 6, 4000);
        run.add(NodeFigures.of(start, before, 5000, 10, new NodePolls(start)), 10 * s);
        run.add(gap, 15 * s);
        WsrepReading later = wsrep(26 * s, 3, 4, 2, 3, 5200);
        run.add(NodeFigures.of(restarted, later, 5200, 1.0, new NodePolls(restarted)), s);
        NodeFigures totals = run.figures(later, 5200, new NodePolls(start), null);
        assertEquals(1, run.gapIntervals);
        assertEquals(10 + 3, totals.flowControlSent(), "40-30 before the restart, 4-1 after");
        assertEquals(2 + 2, totals.certFailures());
        assertEquals(3 + 3, totals.bfAborts());
    }
}
