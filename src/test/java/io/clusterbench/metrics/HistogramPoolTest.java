package io.clusterbench.metrics;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The interval histogram pool and the hub's recycling (issue 9): a histogram handed back is reused, and nothing
 * of the interval it held reaches the next one; a sample not handed back keeps its values.
 */
class HistogramPoolTest {

    @Test
    void aHistogramGivenBackIsTakenAgainEmptyWithoutItsTimeStampsOrTag() {
        HistogramPool pool = new HistogramPool(3, 2);
        Histogram h = pool.take();
        h.recordValue(1234);
        h.recordValue(3_000_000);
        h.setStartTimeStamp(1000);
        h.setEndTimeStamp(2000);
        h.setTag("point_select");
        h.getNeededByteBufferCapacity();
        pool.give(h);
        Histogram again = pool.take();
        assertSame(h, again, "reused, not allocated");
        assertEquals(0, again.getTotalCount());
        assertEquals(0, again.getMaxValue());
        assertEquals(Long.MAX_VALUE, again.getStartTimeStamp());
        assertEquals(0, again.getEndTimeStamp());
        assertNull(again.getTag());
        assertNotSame(again, pool.take(), "none idle: a new one");
    }

    @Test
    void givingBackTwiceOrAForeignHistogramFails() {
        HistogramPool pool = new HistogramPool(2, 4);
        Histogram h = pool.take();
        pool.give(h);
        assertThrows(IllegalArgumentException.class, () -> pool.give(h));
        assertThrows(IllegalArgumentException.class, () -> pool.give(StripedHistogram.empty(3)));
        assertThrows(IllegalArgumentException.class, () -> pool.give(new Histogram(3)));
        assertEquals(1, pool.idle());
    }

    @Test
    void aFullPoolDropsWhatIsGivenBack() {
        HistogramPool pool = new HistogramPool(2, 1);
        Histogram a = pool.take();
        Histogram b = pool.take();
        pool.give(a);
        pool.give(b);
        assertEquals(1, pool.idle());
        assertThrows(IllegalArgumentException.class, () -> new StripedHistogram(1, 3).takeInterval(pool));
    }

    @Test
    void valuesOfOneIntervalNeverReachTheNextThroughARecycledHistogram() {
        MetricsHub hub = new MetricsHub(2, 2, new ErrorCounts());
        WorkerMetrics w = hub.newWorker();
        Map<Histogram, Boolean> seen = new java.util.IdentityHashMap<>();
        for (int interval = 1; interval <= 5; interval++) {
            for (int i = 0; i < interval * 10; i++) {
                w.recordEventMicros(interval * 1000L);
                w.recordStatementMicros(0, interval * 100L);
            }
            IntervalSample s = hub.sample(interval - 1, interval, 0, 0, 0, 0, 0, 0);
            assertEquals(interval * 10L, s.eventLatency().getTotalCount(), "interval " + interval);
            assertEquals(interval * 10L, s.eventLatency().getCountAtValue(interval * 1000L), "only its own values");
            assertEquals(s.eventLatency().getMaxValue(), s.eventLatency().highestEquivalentValue(interval * 1000L));
            assertEquals(s.eventLatency().getMinValue(), s.eventLatency().lowestEquivalentValue(interval * 1000L));
            assertEquals(interval * 10L, s.classLatency()[0].getTotalCount());
            assertEquals(0, s.classLatency()[1].getTotalCount(), "an unused class is empty");
            if (interval > 1) {
                assertTrue(seen.containsKey(s.eventLatency()), "interval " + interval + " reuses a histogram");
            }
            seen.put(s.eventLatency(), true);
            hub.recycle(s);
        }
    }

    @Test
    void aSampleNotHandedBackKeepsItsValuesWhileLaterOnesAreTakenAndRecycled() {
        MetricsHub hub = new MetricsHub(1, 1, new ErrorCounts());
        WorkerMetrics w = hub.newWorker();
        w.recordEventMicros(500);
        IntervalSample kept = hub.sample(0, 1, 0, 0, 0, 0, 0, 0); // the writer still has it
        Map<Histogram, Integer> later = new HashMap<>();
        for (int i = 2; i <= 4; i++) {
            w.recordEventMicros(9000);
            IntervalSample s = hub.sample(i - 1, i, 0, 0, 0, 0, 0, 0);
            assertNotSame(kept.eventLatency(), s.eventLatency(), "never handed out while its owner has it");
            assertNotSame(kept.classLatency()[0], s.classLatency()[0]);
            later.put(s.eventLatency(), i);
            hub.recycle(s);
        }
        assertEquals(1, kept.eventLatency().getTotalCount());
        assertEquals(1, kept.eventLatency().getCountAtValue(500));
        assertThrows(IllegalArgumentException.class, () -> {
            IntervalSample s = hub.sample(4, 5, 0, 0, 0, 0, 0, 0);
            hub.recycle(s);
            hub.recycle(s);
        }, "handed back twice");
    }
}
