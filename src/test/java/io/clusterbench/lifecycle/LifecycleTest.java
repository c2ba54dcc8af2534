package io.clusterbench.lifecycle;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The stop coordinator without a server: bounded closes, the two kinds of stop, the halt. */
class LifecycleTest {
    /** A close that blocks until the test ends (a driver connection whose read is stuck on a frozen server). */
    private static final CountDownLatch NEVER = new CountDownLatch(1);

    /** Records what the lifecycle asked of the process. */
    private static class RecordingExit implements Lifecycle.Exit {
        final AtomicReference<String> nothingMeasured = new AtomicReference<>();
        final AtomicInteger halts = new AtomicInteger();

        @Override
        public void nothingMeasured(Lifecycle.StopCause cause, String sentence) {
            nothingMeasured.set(cause + ": " + sentence);
        }

        @Override
        public void halt(Lifecycle.StopCause cause) {
            halts.incrementAndGet();
        }
    }

    @Test
    void aCloseThatBlocksIsAbandonedAtItsDeadline() {
        Lifecycle life = Lifecycle.detached();
        Lifecycle.Owned stuck = life.own("observer on a frozen server", NEVER::await, Duration.ofMillis(100));
        long start = System.nanoTime();
        stuck.close();
        double seconds = (System.nanoTime() - start) / 1e9;
        assertTrue(seconds < 0.5, "close waited " + seconds + " s");
        assertEquals(List.of("observer on a frozen server"), life.abandoned());
    }

    @Test
    void resourcesCloseInParallelUnderOneDeadline() {
        Lifecycle life = Lifecycle.detached();
        List<Lifecycle.Owned> owned = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            owned.add(life.own("stuck " + i, NEVER::await));
        }
        long start = System.nanoTime();
        Lifecycle.close(owned, Duration.ofMillis(200));
        double seconds = (System.nanoTime() - start) / 1e9;
        assertTrue(seconds < 0.6, "five stuck closes took " + seconds + " s, not one deadline");
        assertEquals(5, life.abandoned().size());
    }

    @Test
    void aStopBeforeAnythingWasMeasuredClosesEverythingAndEndsTheCommand() {
        RecordingExit exit = new RecordingExit();
        Lifecycle life = new Lifecycle(exit);
        AtomicInteger closed = new AtomicInteger();
        life.own("server being started", closed::incrementAndGet);
        life.own("connection to a frozen server", NEVER::await);
        AtomicInteger lastWords = new AtomicInteger();
        life.beforeNothingMeasuredExit(lastWords::incrementAndGet);
        life.nothingMeasuredSentence("interrupted before the measured phase: nothing was measured");
        long start = System.nanoTime();
        life.stop(Lifecycle.StopCause.INTERRUPT);
        double seconds = (System.nanoTime() - start) / 1e9;
        assertTrue(seconds < Lifecycle.EXIT_BOUND.toMillis() / 1000.0, "the stop took " + seconds + " s");
        assertEquals(1, closed.get());
        assertEquals(1, lastWords.get());
        assertEquals("INTERRUPT: interrupted before the measured phase: nothing was measured",
                exit.nothingMeasured.get());
        assertTrue(life.ending());
        AtomicInteger late = new AtomicInteger();
        life.own("opened while ending", late::incrementAndGet);
        assertEquals(1, late.get(), "a resource opened after such a stop is closed at once");
    }

    /**
     * A close abandoned by a stop (a delete stuck on the disk's writeback) leaves its thread inside a native call, and
     * the JVM's exit waits up to 0.3 s for it: the stop must hand the exit over early enough for that wait to fit in the
     * bound.
     */
    @Test
    void aStopBeforeAnythingWasMeasuredLeavesTheJvmItsWaitForAThreadInNativeWithinTheBound() {
        double jvmWaitForThreadsInNativeSeconds = 0.3; // HotSpot's VM_Exit::wait_for_threads_in_native_to_block
        RecordingExit exit = new RecordingExit();
        Lifecycle life = new Lifecycle(exit);
        life.own("a delete stuck on the disk", NEVER::await);
        long start = System.nanoTime();
        life.stop(Lifecycle.StopCause.INTERRUPT);
        double seconds = (System.nanoTime() - start) / 1e9;
        assertTrue(seconds + jvmWaitForThreadsInNativeSeconds < Lifecycle.EXIT_BOUND.toMillis() / 1000.0,
                "the stop handed the exit over " + seconds + " s after it");
        assertEquals(List.of("a delete stuck on the disk"), life.abandoned());
    }

    @Test
    void aStopDuringTheMeasuredPhaseStopsTheListenersAndLetsTheCommandSave() {
        RecordingExit exit = new RecordingExit();
        Lifecycle life = new Lifecycle(exit);
        AtomicInteger closed = new AtomicInteger();
        life.own("observer", closed::incrementAndGet);
        AtomicInteger engineStops = new AtomicInteger();
        try (Lifecycle.Listener l = life.onStop(engineStops::incrementAndGet)) {
            life.enter(Lifecycle.Phase.MEASURED);
            life.stop(Lifecycle.StopCause.INTERRUPT);
            life.stop(Lifecycle.StopCause.INTERRUPT); // a second stop of the same kind does nothing more
        }
        assertEquals(1, engineStops.get());
        assertEquals(0, closed.get(), "the command closes its own resources after saving");
        assertNull(exit.nothingMeasured.get());
        assertFalse(life.ending());
        AtomicInteger later = new AtomicInteger();
        life.onStop(later::incrementAndGet).close();
        assertEquals(1, later.get(), "a listener registered after the stop runs at once");
        life.finished();
    }

    @Test
    void theWatchdogHaltsACommandThatDoesNotEndAfterAStop() throws InterruptedException {
        RecordingExit exit = new RecordingExit();
        Lifecycle life = new Lifecycle(exit);
        AtomicInteger lastWrite = new AtomicInteger();
        life.beforeHalt(lastWrite::incrementAndGet);
        life.enter(Lifecycle.Phase.MEASURED);
        life.stop(Lifecycle.StopCause.TERMINATE);
        Thread.sleep(Lifecycle.WATCHDOG.toMillis() + 500);
        assertEquals(1, exit.halts.get());
        assertEquals(1, lastWrite.get(), "the halt writes the last result first");
    }

    @Test
    void aCommandThatEndsInTimeIsNotHalted() throws InterruptedException {
        RecordingExit exit = new RecordingExit();
        Lifecycle life = new Lifecycle(exit);
        life.enter(Lifecycle.Phase.MEASURED);
        life.stop(Lifecycle.StopCause.INTERRUPT);
        life.finished();
        Thread.sleep(Lifecycle.WATCHDOG.toMillis() + 300);
        assertEquals(0, exit.halts.get());
    }

    /**
     * A halt (a second Ctrl-C, the watchdog) closes what the command owns before the process ends: child processes
     * killed, temporary directories deleted. A second Ctrl-C 10 ms after the first, while the first's stop is still
     * closing an embedded server being started, used to end the process before that close was done (mariadbd and
     * its directory were left).
     */
    @Test
    void aHaltClosesWhatTheCommandOwnsAndWaitsForClosesAlreadyUnderWay() throws InterruptedException {
        java.util.concurrent.atomic.AtomicBoolean serverGoneAtHalt = new java.util.concurrent.atomic.AtomicBoolean();
        java.util.concurrent.atomic.AtomicBoolean perfGoneAtHalt = new java.util.concurrent.atomic.AtomicBoolean();
        AtomicInteger serverClosed = new AtomicInteger();
        AtomicInteger perfClosed = new AtomicInteger();
        Lifecycle life = new Lifecycle(new RecordingExit() {
            @Override
            public void halt(Lifecycle.StopCause cause) {
                serverGoneAtHalt.set(serverClosed.get() == 1);
                perfGoneAtHalt.set(perfClosed.get() == 1);
                super.halt(cause);
            }
        });
        life.own("embedded server", () -> { // kill and delete its directory: takes a moment
            Thread.sleep(100);
            serverClosed.incrementAndGet();
        });
        Thread firstCtrlC = new Thread(() -> life.stop(Lifecycle.StopCause.INTERRUPT));
        firstCtrlC.start();
        Thread.sleep(10);
        life.own("perf record", perfClosed::incrementAndGet); // opened meanwhile: closed at once
        long start = System.nanoTime();
        life.halt(Lifecycle.StopCause.INTERRUPT);
        double seconds = (System.nanoTime() - start) / 1e9;
        firstCtrlC.join();
        assertTrue(serverGoneAtHalt.get(), "the close the first Ctrl-C began was waited for");
        assertTrue(perfGoneAtHalt.get());
        assertTrue(seconds <= Lifecycle.HALT_DEADLINE.toMillis() / 1000.0 + 0.2, "the halt took " + seconds + " s");
    }

    @Test
    void aHaltClosesOwnedResourcesWhileTheLastResultIsWritten() {
        AtomicInteger closedAtHalt = new AtomicInteger(-1);
        AtomicInteger closed = new AtomicInteger();
        Lifecycle life = new Lifecycle(new RecordingExit() {
            @Override
            public void halt(Lifecycle.StopCause cause) {
                closedAtHalt.set(closed.get());
                super.halt(cause);
            }
        });
        life.own("mariadbd", closed::incrementAndGet);
        life.own("observer on a frozen server", NEVER::await);
        life.beforeHalt(() -> sleepQuietly(50));
        life.enter(Lifecycle.Phase.MEASURED);
        long start = System.nanoTime();
        life.halt(Lifecycle.StopCause.TERMINATE);
        double seconds = (System.nanoTime() - start) / 1e9;
        assertEquals(1, closedAtHalt.get(), "the child process was closed before the process ended");
        assertTrue(seconds <= Lifecycle.HALT_DEADLINE.toMillis() / 1000.0 + 0.2, "the halt took " + seconds + " s");
        assertTrue(life.abandoned().contains("observer on a frozen server"));
    }

    @Test
    void theEndWorkOfAStepHasOneDeadlineFromItsMeasuredEndShortenedByAStop() {
        Lifecycle life = Lifecycle.detached();
        life.enter(Lifecycle.Phase.MEASURED);
        life.measuringEnded();
        long left = life.endWorkLeft().toMillis();
        assertTrue(left > Lifecycle.END_DEADLINE.toMillis() - 100 && left <= Lifecycle.END_DEADLINE.toMillis(),
                "left " + left + " ms");
        life.stop(Lifecycle.StopCause.INTERRUPT);
        left = life.endWorkLeft().toMillis();
        assertTrue(left <= Lifecycle.END_DEADLINE_AFTER_STOP.toMillis(), "after a stop: " + left + " ms");
        life.finished();
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void aHaltWritesTheLastResultForAtMostItsDeadline() {
        RecordingExit exit = new RecordingExit();
        Lifecycle life = new Lifecycle(exit);
        life.beforeHalt(() -> {
            try {
                NEVER.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        long start = System.nanoTime();
        life.halt(Lifecycle.StopCause.INTERRUPT);
        double seconds = (System.nanoTime() - start) / 1e9;
        assertTrue(seconds <= Lifecycle.HALT_DEADLINE.toMillis() / 1000.0 + 0.2, "the halt took " + seconds + " s");
        assertEquals(1, exit.halts.get());
    }

    @Test
    void theCommandsExitWaitsForAHaltUnderWayToWriteItsResult() throws InterruptedException {
        RecordingExit exit = new RecordingExit();
        Lifecycle life = new Lifecycle(exit);
        CountDownLatch writing = new CountDownLatch(1);
        AtomicInteger written = new AtomicInteger();
        life.beforeHalt(() -> {
            writing.countDown();
            sleepQuietly(150);
            written.incrementAndGet();
        });
        life.enter(Lifecycle.Phase.MEASURED);
        Thread secondCtrlC = new Thread(() -> life.halt(Lifecycle.StopCause.INTERRUPT));
        secondCtrlC.start();
        assertTrue(writing.await(5, java.util.concurrent.TimeUnit.SECONDS));
        life.beginExit();
        assertEquals(1, written.get(), "the command's exit came before the halt's result was on disk");
        assertEquals(1, exit.halts.get(), "the halt ended the process");
        secondCtrlC.join(5000);
    }

    @Test
    void aHaltAfterTheCommandsExitBeganEndsTheProcessWithoutWritingAgain() {
        RecordingExit exit = new RecordingExit();
        Lifecycle life = new Lifecycle(exit);
        AtomicInteger written = new AtomicInteger();
        life.beforeHalt(written::incrementAndGet);
        life.enter(Lifecycle.Phase.MEASURED);
        life.beginExit();
        long start = System.nanoTime();
        life.halt(Lifecycle.StopCause.INTERRUPT);
        assertTrue((System.nanoTime() - start) / 1e6 < 50, "the halt waited");
        assertEquals(0, written.get());
        assertEquals(1, exit.halts.get());
    }
}
