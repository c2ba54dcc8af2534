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
        assertTrue(outcome.fatalError().line().startsWith("every endpoint unreachable for 0.4 s: connections lost and "
                + "reconnects failing (last: 2003/08S01 at synthetic: synthetic)"), outcome.fatalError().line()); // cannot connect
        assertEquals(FatalError.Kind.UNREACHABLE, outcome.fatalError().kind());
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

    @Test
    void aGiveUpTimeOfZeroRidesAnOutageOutToTheTimeLimit() throws DbFailure {
        Synthetic w = new Synthetic(c -> null);
        w.deadFromCall = 300;
        RunOutcome outcome = new Engine(plan(Duration.ofMillis(1500), ONE), Clock.SYSTEM).giveUpAfter(Duration.ZERO)
                .run(w, s -> { });
        assertEquals(RunOutcome.Reason.COMPLETED, outcome.reason(), String.valueOf(outcome.fatalError()));
        assertTrue(outcome.measuredSeconds() >= 1.4, "to --time: " + outcome.measuredSeconds());
    }

    @Test
    void theDefaultGiveUpTimeIsFiveSeconds() {
        assertEquals(Duration.ofSeconds(5), plan(Duration.ofSeconds(1), ONE).giveUp());
    }

    @Test
    void everyErrorOfAFailoverBelongsToTheEndpointThatRaisedIt() throws DbFailure {
        Synthetic w = new Synthetic(c -> null);
        w.deadFromCall = 300;
        w.failoverWorks = true;
        w.routed = true;
        List<IntervalSample> samples = new ArrayList<>();
        Engine engine = new Engine(plan(Duration.ofMillis(1500), TWO), Clock.SYSTEM).giveUpAfter(GIVE_UP);
        RunOutcome outcome = engine.run(w, samples::add);
        assertEquals(RunOutcome.Reason.COMPLETED, outcome.reason());
        long errors = samples.stream().mapToLong(s -> s.count(Counter.ERRORS)).sum();
        List<io.clusterbench.metrics.EndpointTotals> totals = engine.endpointTotals();
        long inRows = 0;
        for (io.clusterbench.metrics.EndpointTotals t : totals) {
            inRows += t.errors();
            long byCode = t.errorsByCode().values().stream().mapToLong(Long::longValue).sum();
            assertEquals(t.errors(), byCode, t.endpoint() + ": its errors by code add up to its errors");
        }
        assertTrue(errors > 0, "the lost connections and failed reconnects were counted");
        assertEquals(errors, inRows, "no error outside every endpoint row: " + totals);
        assertTrue(totals.stream().noneMatch(t -> t.endpoint().equals("other")), "nothing in the catch-all: " + totals);
        assertTrue(totals.get(0).errorsByCode().keySet().stream().anyMatch(k -> k.endsWith("/08S01")),
                "the failed reconnects to the dead node are its own: " + totals.get(0).errorsByCode());
    }
}
