package io.clusterbench.engine;

import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.Target;
import io.clusterbench.metrics.Counter;
import io.clusterbench.metrics.IntervalSample;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The read timeout is kept by the run's clock thread ({@link StuckStatements}), not by the sockets: a worker
 * blocked on a server that stopped answering (it ignores a cancel) is freed during the run, counted as a lost
 * connection, reconnects and goes on. Synthetic workload; the assertions are about counts, never about speed.
 */
class ReadTimeoutWatchTest {
    private static final Target ONE = new Target(List.of(new Endpoint("127.0.0.1", 1, null)), "u", "", "db", true,
            1000);

    private static EnginePlan plan(Duration time, long events, int readTimeoutMillis) {
        return new EnginePlan(1, time, events, Duration.ZERO, 0, Duration.ofMillis(100), ErrorPolicy.parse("none"),
                42, ONE.withReadTimeout(readTimeoutMillis));
    }

    @Test
    void aWorkerSilentForLongerThanTheReadTimeoutIsFreedDuringTheRunAndGoesOn() throws DbFailure {
        Synthetic w = new Synthetic(c -> null);
        w.silentAtCall = 5; // the only worker blocks in its fifth event until its connection is closed under it
        List<IntervalSample> samples = new CopyOnWriteArrayList<>();
        Engine engine = new Engine(plan(Duration.ofSeconds(60), 100, 200), Clock.SYSTEM);
        RunOutcome outcome = engine.run(w, samples::add);
        // the event limit is reached only if the clock thread freed the worker long before the 60 s deadline
        assertEquals(RunOutcome.Reason.COMPLETED, outcome.reason());
        assertEquals(100, outcome.eventsPerWorker()[0]);
        assertEquals(1, w.aborts.get(), "one wait, broken once");
        assertTrue(w.eventsAfterAbort.get() > 0, "the freed worker went on");
        assertEquals(1L, engine.errors().snapshot().get("2013/HY000"), engine.errors().snapshot().toString());
        long reconnects = 0;
        for (IntervalSample s : samples) {
            reconnects += s.count(Counter.RECONNECTS);
        }
        assertEquals(1, reconnects);
    }

    @Test
    void withoutAReadTimeoutTheSilentWorkerWaitsUntilTheEndOfTheRun() throws DbFailure {
        Synthetic w = new Synthetic(c -> null);
        w.silentAtCall = 5;
        Engine engine = new Engine(plan(Duration.ofMillis(600), 0, 0), Clock.SYSTEM);
        RunOutcome outcome = engine.run(w, s -> { });
        assertEquals(RunOutcome.Reason.COMPLETED, outcome.reason());
        assertEquals(4, outcome.eventsPerWorker()[0]);
        assertEquals(0, w.eventsAfterAbort.get(), "freed only by the end of the run, then cut off");
        assertEquals(null, engine.errors().snapshot().get("2013/HY000"));
    }

    @Test
    void aWorkerThatKeepsHearingFromItsServerIsNeverBroken() throws DbFailure {
        Synthetic w = new Synthetic(c -> null);
        w.slowMillis = 2; // every event waits a little, far below the timeout
        Engine engine = new Engine(plan(Duration.ofMillis(500), 0, 5000), Clock.SYSTEM);
        RunOutcome outcome = engine.run(w, s -> { });
        assertEquals(RunOutcome.Reason.COMPLETED, outcome.reason());
        assertEquals(0, w.aborts.get());
        assertTrue(engine.errors().snapshot().isEmpty(), engine.errors().snapshot().toString());
    }
}
