package io.clusterbench.runner;

import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.ServerInfo;
import io.clusterbench.db.SqlErrors;
import io.clusterbench.db.Target;
import io.clusterbench.db.TargetSpec;
import io.clusterbench.db.Tls;
import io.clusterbench.engine.ErrorPolicy;
import io.clusterbench.engine.ManualClock;
import io.clusterbench.engine.RunOutcome;
import io.clusterbench.fault.FaultPlan;
import io.clusterbench.lifecycle.Lifecycle;
import io.clusterbench.result.IntervalRecord;
import io.clusterbench.result.RunRecord;
import io.clusterbench.workload.Distribution;
import io.clusterbench.workload.Session;
import io.clusterbench.workload.SessionContext;
import io.clusterbench.workload.StatementRecorder;
import io.clusterbench.workload.Workload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The step runner on a synthetic workload, the engine on a manual clock, without a server (the target is a port where
 * nothing listens: the observers and the prepared-statement check find it unreachable): the records a step hands its
 * driver in each state it can end in — finished, refused, nothing measured, halted — the first always running.
 */
@Timeout(60)
class StepRunnerTest {
    private static final Target NOWHERE = new Target(List.of(new Endpoint("127.0.0.1", 1, null)), "u", "", "sbtest",
            true, 1000);

    @TempDir
    Path dir;

    /** Records what the lifecycle asked of the process. */
    private static final class RecordingExit implements Lifecycle.Exit {
        final AtomicInteger nothingMeasured = new AtomicInteger();
        final AtomicInteger halts = new AtomicInteger();

        @Override
        public void nothingMeasured(Lifecycle.StopCause cause, String sentence) {
            nothingMeasured.incrementAndGet();
        }

        @Override
        public void halt(Lifecycle.StopCause cause) {
            halts.incrementAndGet();
        }
    }

    @Test
    void aFinishedStepCountsEveryEventOnceAndItsFirstRecordSaidRunning() {
        Synthetic w = new Synthetic();
        Lifecycle life = new Lifecycle(new RecordingExit());
        List<RunRecord> progress = new CopyOnWriteArrayList<>();
        StepRunner.Step step = run(w, 3, 300, life, progress);
        assertEquals(RunOutcome.Reason.COMPLETED, step.outcome().reason());
        assertEquals("running", progress.get(0).status());
        RunRecord last = progress.get(progress.size() - 1);
        assertEquals("completed", last.status());
        assertEquals(last, step.record());
        assertEquals(300, last.summary().events(), "the event limit, exactly: " + step.outcome() + " "
                + java.util.Arrays.toString(step.outcome().eventsPerWorker()) + " " + last.intervals().size()
                + " intervals, " + w.events.get() + " events run");
        long inIntervals = 0;
        for (IntervalRecord i : last.intervals()) {
            inIntervals += i.events();
        }
        assertEquals(300, inIntervals, "interval events sum to the total");
        assertEquals(2 * 300, w.statements.get() - 2L * w.cutOff.get(), "two statements per counted event");
    }

    @Test
    void aStepWhoseSessionsCannotOpenIsRefusedWithoutARecordOfItsOwn() {
        Synthetic w = new Synthetic();
        w.refuse = true; // max_connections reached
        List<RunRecord> progress = new CopyOnWriteArrayList<>();
        StepRunner.Step step = run(w, 2, 100, new Lifecycle(new RecordingExit()), progress);
        assertNotNull(step.refused());
        assertEquals(1040, step.refused().vendorCode());
        assertNull(step.record());
        assertNull(step.outcome());
        RunRecord refused = step.records().refused("too many connections (1040)");
        assertEquals("connection_refused", refused.status());
        assertEquals(List.of("running"), progress.stream().map(RunRecord::status).toList());
    }

    @Test
    void aStopWhileSessionsOpenLeavesAStepThatMeasuredNothing() throws Exception {
        Synthetic w = new Synthetic();
        CountDownLatch opening = new CountDownLatch(1);
        w.onOpen = n -> {
            if (n == 2) { // the second connection hangs, as on a server that stopped answering
                opening.countDown();
                sleep(60_000);
            }
        };
        RecordingExit exit = new RecordingExit();
        Lifecycle life = new Lifecycle(exit);
        Thread ctrlC = new Thread(() -> {
            try {
                opening.await();
            } catch (InterruptedException e) {
                return;
            }
            life.stop(Lifecycle.StopCause.INTERRUPT);
        });
        ctrlC.start();
        List<RunRecord> progress = new CopyOnWriteArrayList<>();
        assertThrows(java.util.concurrent.CancellationException.class, () -> run(w, 3, 100, life, progress),
                "the driver has nothing to report: the process is ending");
        ctrlC.join();
        assertEquals(1, exit.nothingMeasured.get(), "the process is ended as nothing was measured");
        assertEquals(List.of("running", "interrupted"), progress.stream().map(RunRecord::status).toList(),
                "the record written last is the stop's, not a finished one");
        RunRecord last = progress.get(1);
        assertEquals(StepRecords.NOTHING_MEASURED, last.fatalError());
        assertNull(last.summary());
    }

    @Test
    void aHaltDuringTheMeasuredPhaseWritesTheIntervalsSoFarAsTheStepsLastRecord() throws Exception {
        Synthetic w = new Synthetic();
        RecordingExit exit = new RecordingExit();
        Lifecycle life = new Lifecycle(exit);
        CountDownLatch halted = new CountDownLatch(1);
        w.onEvent = n -> {
            if (n == 2000) { // a second Ctrl-C, well inside the measured phase
                Thread t = new Thread(() -> {
                    life.halt(Lifecycle.StopCause.INTERRUPT);
                    halted.countDown();
                });
                t.start();
            }
            if (n > 2000) {
                try {
                    halted.await(); // the events after the halt wait for it: it ends the process
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        List<RunRecord> progress = new CopyOnWriteArrayList<>();
        run(w, 2, 20_000, life, progress);
        assertEquals(1, exit.halts.get());
        List<String> statuses = progress.stream().map(RunRecord::status).toList();
        assertEquals("interrupted", statuses.get(statuses.size() - 1), statuses.toString());
        RunRecord last = progress.get(progress.size() - 1);
        assertTrue(last.fatalError().startsWith("a second Ctrl-C ended the process at once"), last.fatalError());
        assertNull(last.summary(), "a halted step has no summary");
        assertTrue(statuses.stream().noneMatch("completed"::equals), "nothing is written after the halted record");
    }

    /** Runs one step of {@code threads} workers and {@code events} measured events on a manual clock. */
    private StepRunner.Step run(Synthetic w, int threads, long events, Lifecycle life, List<RunRecord> progress) {
        RunPlan plan = plan(w, threads, events);
        Console console = console(life);
        try (RunContext ctx = RunContext.of(plan, console, ResolvedTarget.given(NOWHERE),
                new ServerInfo("11.4.5-MariaDB", Map.of(), "", ""), null)) {
            return StepRunner.run(ctx, new StepRunner.StepSpec(threads, 1, 0, dir, false), progress::add, w.clock);
        }
    }

    private RunPlan plan(Workload w, int threads, long events) {
        TargetSpec spec = new TargetSpec(List.of("127.0.0.1"), List.of(1), List.of(), "u", "", "sbtest", "auto", 1,
                0, false, Tls.DISABLED);
        return new RunPlan(spec,
                new RunPlan.Load(List.of(threads), Duration.ofSeconds(60), events, Duration.ZERO, 0, 0,
                        ErrorPolicy.parse("none")),
                new RunPlan.WorkloadPlan(w, Map::of, "", Distribution.defaultUniform(), 42),
                new RunPlan.Reporting(Duration.ofSeconds(1), 95, ConsoleFormat.DEFAULT, null, null),
                new RunPlan.Cluster(io.clusterbench.db.Routing.ROUND_ROBIN, null, FaultPlan.NONE, null),
                ShardSpec.NONE, new RunPlan.Output(dir, List.of("run", "synthetic"), false));
    }

    private static Console console(Lifecycle life) {
        return new Console() {
            @Override
            public void line(String text) {
            }

            @Override
            public void print(String text) {
            }

            @Override
            public void error(String text) {
            }

            @Override
            public Lifecycle lifecycle() {
                return life;
            }

            @Override
            public Map<String, String> variables() {
                return Map.of();
            }

            @Override
            public Path home() {
                return null;
            }
        };
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Two statements per event, no SQL; hooks on each session opened and each event. Thread-safe. */
    private static final class Synthetic extends io.clusterbench.workload.TablelessWorkload {
        @Override
        public String name() {
            return "synthetic";
        }

        final AtomicInteger opened = new AtomicInteger();
        final AtomicInteger events = new AtomicInteger();
        final AtomicInteger statements = new AtomicInteger();
        final AtomicInteger cutOff = new AtomicInteger();
        volatile boolean refuse;
        volatile IntConsumer onOpen = n -> { };
        volatile IntConsumer onEvent = n -> { };
        /** The engine's clock: each event takes 10 ms of it. */
        final ManualClock clock = new ManualClock();

        @Override
        public List<String> statementClasses() {
            return List.of("read", "write");
        }

        @Override
        public Session openSession(SessionContext context) throws DbFailure {
            if (refuse) {
                throw SqlErrors.classify(new SQLException("Too many connections", "08004", 1040));
            }
            onOpen.accept(opened.incrementAndGet());
            return new Session() {
                @Override
                public void event(StatementRecorder r) {
                    onEvent.accept(events.incrementAndGet());
                    clock.advance(10_000_000L);
                    r.record(0, StatementRecorder.READ, StatementRecorder.HIT, r.start());
                    r.record(1, StatementRecorder.WRITE, StatementRecorder.HIT, r.start());
                    statements.addAndGet(2);
                }

                @Override
                public void settled(boolean counted) {
                    if (!counted) {
                        cutOff.incrementAndGet();
                    }
                }

                @Override
                public void reconnect(int endpointShift) {
                }

                @Override
                public String endpointLabel() {
                    return "127.0.0.1:1";
                }

                @Override
                public void close() {
                }
            };
        }
    }
}
