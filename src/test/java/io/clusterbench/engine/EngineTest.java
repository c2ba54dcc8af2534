package io.clusterbench.engine;

import io.clusterbench.metrics.Counter;
import io.clusterbench.metrics.IntervalSample;
import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.SqlErrors;
import io.clusterbench.db.Target;
import io.clusterbench.workload.Session;
import io.clusterbench.workload.SessionContext;
import io.clusterbench.workload.StatementRecorder;
import io.clusterbench.workload.Workload;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The engine with a synthetic workload (no SQL): exact counts from event limits, no sleeping assertions. */
class EngineTest {
    private static final Target NOWHERE = new Target(List.of(new Endpoint("127.0.0.1", 1, null),
            new Endpoint("127.0.0.1", 2, null)), "u", "", "db", true, 1000);

    private static EnginePlan plan(int threads, long events, String ignore) {
        return new EnginePlan(threads, Duration.ofSeconds(60), events, Duration.ZERO, 0, Duration.ofMillis(200),
                ErrorPolicy.parse(ignore), 42, NOWHERE);
    }

    @Test
    void eventLimitGivesExactCounts() throws DbFailure {
        Synthetic w = new Synthetic(f -> null);
        Totals t = run(plan(4, 1000, "1213"), w);
        assertEquals(RunOutcome.Reason.COMPLETED, t.outcome.reason());
        assertEquals(1000, t.count(Counter.EVENTS));
        assertEquals(2000, t.count(Counter.READS)); // two statements per event
        assertEquals(1000, t.count(Counter.classHits(0)));
        assertEquals(1000, t.count(Counter.classMisses(1)));
        long perWorker = 0;
        for (long e : t.outcome.eventsPerWorker()) {
            perWorker += e;
        }
        assertEquals(1000, perWorker);
    }

    @Test
    void ignoredErrorRestartsTheEventAndCountsIt() throws DbFailure {
        Synthetic w = new Synthetic(call -> call % 3 == 0 ? failure(1213, "40001") : null);
        Totals t = run(plan(2, 300, "1213"), w);
        assertEquals(RunOutcome.Reason.COMPLETED, t.outcome.reason());
        assertEquals(300, t.count(Counter.EVENTS));
        assertTrue(t.count(Counter.RETRIES) > 0);
        assertEquals(t.count(Counter.RETRIES), t.count(Counter.ERRORS));
        assertEquals(t.count(Counter.ERRORS), t.errors.get("1213/40001"));
    }

    @Test
    void errorOutsideTheListStopsTheRun() throws DbFailure {
        Synthetic w = new Synthetic(call -> call == 50 ? failure(1062, "23000") : null);
        Totals t = run(plan(1, 100_000, "1213"), w);
        assertEquals(RunOutcome.Reason.FATAL_ERROR, t.outcome.reason());
        assertTrue(t.outcome.fatalError().startsWith("1062/23000"));
    }

    @Test
    void lostConnectionReconnectsAndNodeNotReadyMovesOn() throws DbFailure {
        Synthetic w = new Synthetic(call -> call % 10 == 0 ? failure(0, "08000")
                : call % 10 == 5 ? failure(1047, "08S01") : null);
        Totals t = run(plan(1, 100, "none"), w);
        assertEquals(RunOutcome.Reason.COMPLETED, t.outcome.reason());
        assertEquals(100, t.count(Counter.EVENTS));
        assertTrue(t.count(Counter.RECONNECTS) >= 10);
        assertTrue(t.count(Counter.REROUTES) >= 10);
        assertTrue(w.shifts.get() >= 10, "1047 reconnects to the next endpoint");
        assertTrue(t.errors.containsKey("2013/08000"), "lost connection counted as 2013: " + t.errors);
    }

    private static DbFailure failure(int code, String state) {
        return SqlErrors.classify(new SQLException("synthetic", state, code));
    }

    private record Totals(RunOutcome outcome, long[] counts, java.util.Map<String, Long> errors) {
        long count(int slot) {
            return counts[slot];
        }
    }

    private static Totals run(EnginePlan plan, Synthetic w) throws DbFailure {
        Engine engine = new Engine(plan, Clock.SYSTEM);
        List<IntervalSample> samples = new ArrayList<>();
        RunOutcome outcome = engine.run(w, samples::add);
        long[] sum = new long[Counter.FIXED + 2 * Counter.PER_CLASS];
        for (IntervalSample s : samples) {
            for (int i = 0; i < sum.length; i++) {
                sum[i] += s.count(i);
            }
        }
        return new Totals(outcome, sum, engine.errors().snapshot());
    }

    /** Two statements per event: a hit on class 0, a miss on class 1; fails when {@code failAt} says so. */
    private static final class Synthetic implements Workload {
        private final java.util.function.IntFunction<DbFailure> failAt;
        private final AtomicInteger calls = new AtomicInteger();
        final AtomicInteger shifts = new AtomicInteger();

        Synthetic(java.util.function.IntFunction<DbFailure> failAt) {
            this.failAt = failAt;
        }

        @Override
        public String name() {
            return "synthetic";
        }

        @Override
        public List<String> statementClasses() {
            return List.of("found", "missing");
        }

        @Override
        public List<String> tables() {
            return List.of();
        }

        @Override
        public void prepare(Target target, int threads, boolean force, Consumer<String> progress) {
        }

        @Override
        public List<String> cleanup(Connection connection) {
            return List.of();
        }

        @Override
        public boolean tablesExist(Connection connection) {
            return true;
        }

        @Override
        public void init(Connection connection) throws SQLException {
        }

        @Override
        public Session openSession(SessionContext context) {
            return new Session() {
                @Override
                public void event(StatementRecorder r) throws DbFailure {
                    DbFailure f = failAt.apply(calls.incrementAndGet());
                    if (f != null) {
                        throw f;
                    }
                    r.record(0, StatementRecorder.READ, StatementRecorder.HIT, r.start());
                    r.record(1, StatementRecorder.READ, StatementRecorder.MISS, r.start());
                }

                @Override
                public void reconnect(int endpointShift) {
                    if (endpointShift > 0) {
                        shifts.incrementAndGet();
                    }
                }

                @Override
                public String endpointLabel() {
                    return "synthetic";
                }

                @Override
                public void close() {
                }
            };
        }
    }
}
