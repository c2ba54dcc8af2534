package io.clusterbench.explain;

import io.clusterbench.lifecycle.Lifecycle;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ExplainStepTest {
    @Test
    void aCollectorWithADeadlineOfItsOwnIsWaitedForPastTheStepsEndDeadline() {
        Lifecycle life = Lifecycle.detached();
        life.measuringEnded();
        long endOfStep = Lifecycle.END_DEADLINE.plusMillis(300).toNanos();
        Collector slow = new Collector(endOfStep, System.nanoTime() + 10 * endOfStep);
        Collector stepBound = new Collector(Long.MAX_VALUE / 4, 0);
        new ExplainStep(List.of(stepBound, slow), null, life).afterLoad();
        assertTrue(slow.done.get(), "a collector finishing 0.3 s after the step's end deadline, within its own");
        assertFalse(stepBound.done.get(), "a collector of the step's end deadline is abandoned at it");
    }

    /** Finishes after {@code workNanos}; its deadline is {@code deadlineNanos}, or the step's when 0. */
    private static final class Collector implements Finishing {
        final AtomicBoolean done = new AtomicBoolean();
        private final long workNanos;
        private final long deadlineNanos;

        Collector(long workNanos, long deadlineNanos) {
            this.workNanos = workNanos;
            this.deadlineNanos = deadlineNanos;
        }

        @Override
        public void finish() {
            try {
                Thread.sleep(workNanos / 1_000_000);
                done.set(true);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public long finishDeadlineNanos(Lifecycle life) {
            return deadlineNanos == 0 ? Finishing.super.finishDeadlineNanos(life) : deadlineNanos;
        }

        @Override
        public String name() {
            return "collector";
        }

        @Override
        public void start() {
        }

        @Override
        public Map<String, Object> sample(double intervalSeconds) {
            return Map.of();
        }

        @Override
        public void close() {
        }
    }
}
