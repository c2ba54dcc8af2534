package io.clusterbench.engine;

import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.Target;
import io.clusterbench.metrics.Counter;
import io.clusterbench.metrics.IntervalSample;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 9: a run whose every endpoint stays unreachable stops on a fatal error (sysbench stops there too); a run
 * whose statements wait on a live server, or whose workers fail over to a live node, goes on to its time.
 */
class UnreachableTest {
    private static final Target ONE = new Target(List.of(new Endpoint("127.0.0.1", 1, null)), "u", "", "db", true, 1000);
    private static final Target TWO = new Target(List.of(new Endpoint("127.0.0.1", 1, null),
            new Endpoint("127.0.0.1", 2, null)), "u", "", "db", true, 1000);
    private static final Duration GIVE_UP = Duration.ofMillis(400);

    private static EnginePlan plan(Duration time, Target target) {
        return new EnginePlan(3, time, 0, Duration.ZERO, 0, Duration.ofMillis(200), ErrorPolicy.parse("1205"), 42,
                target);
    }

    @Test
    void aRunWhoseOnlyServerIsGoneStopsOnAFatalError() throws DbFailure {
        Synthetic w = new Synthetic(c -> null);
        w.deadFromCall = 300;
        List<IntervalSample> samples = new ArrayList<>();
        RunOutcome outcome = new Engine(plan(Duration.ofSeconds(30), ONE), Clock.SYSTEM).giveUpAfter(GIVE_UP)
                .run(w, samples::add);
        assertEquals(RunOutcome.Reason.FATAL_ERROR, outcome.reason());
        assertTrue(outcome.fatalError().startsWith("every endpoint unreachable for 0.4 s: connections lost and "
                + "reconnects failing (last: 2003/08S01 at synthetic: synthetic)"), outcome.fatalError()); // cannot connect
        assertTrue(outcome.measuredSeconds() < 10, "stopped long before --time: " + outcome.measuredSeconds());
        long events = samples.stream().mapToLong(s -> s.count(Counter.EVENTS)).sum();
        assertTrue(events > 0, "the events before the loss are kept");
        assertTrue(samples.stream().mapToLong(s -> s.count(Counter.ERRORS)).sum() > 0, "lost connections counted");
    }

    @Test
    void workersThatFailOverToALiveNodeGoOn() throws DbFailure {
        Synthetic w = new Synthetic(c -> null);
        w.deadFromCall = 300;
        w.failoverWorks = true;
        RunOutcome outcome = new Engine(plan(Duration.ofMillis(1500), TWO), Clock.SYSTEM).giveUpAfter(GIVE_UP)
                .run(w, s -> { });
        assertEquals(RunOutcome.Reason.COMPLETED, outcome.reason());
        assertNull(outcome.fatalError());
        assertTrue(w.shifts.get() >= 3, "each worker moved to the next endpoint: " + w.shifts.get());
    }

    @Test
    void statementsWaitingOnALiveServerAreNoLostServer() throws DbFailure {
        Synthetic w = new Synthetic(c -> null);
        w.blockFromCall = 20; // every event from here waits until cancelled at the deadline (a lock, FTWRL)
        RunOutcome outcome = new Engine(plan(Duration.ofMillis(1500), ONE), Clock.SYSTEM).giveUpAfter(GIVE_UP)
                .run(w, s -> { });
        assertEquals(RunOutcome.Reason.COMPLETED, outcome.reason(), String.valueOf(outcome.fatalError()));
    }
}
