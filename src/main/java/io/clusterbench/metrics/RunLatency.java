package io.clusterbench.metrics;

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The run's shared latency recorders: event latency, and per statement class a recorder created on the
 * class's first statement (a workload that uses one of its eleven classes keeps one). Each is a
 * {@link StripedHistogram} with one stripe per writer group.
 *
 * <p>Thread-safe: workers record and create class recorders concurrently (a lost creation race just uses the
 * winner's recorder); one reader takes intervals.
 */
final class RunLatency {
    private final int stripes;
    private final StripedHistogram events;
    private final AtomicReferenceArray<StripedHistogram> classes;

    /**
     * @param stripes    stripes per recorder, &ge; 1
     * @param classCount statement classes of the workload, &ge; 0
     */
    RunLatency(int stripes, int classCount) {
        this.stripes = stripes;
        this.events = new StripedHistogram(stripes, WorkerMetrics.SIGNIFICANT_DIGITS);
        this.classes = new AtomicReferenceArray<>(classCount);
    }

    int stripes() {
        return stripes;
    }

    StripedHistogram events() {
        return events;
    }

    /** @return the class's recorder, created on first use; any thread */
    StripedHistogram statementClass(int classId) {
        StripedHistogram r = classes.get(classId);
        if (r == null) {
            StripedHistogram made = new StripedHistogram(stripes, WorkerMetrics.CLASS_SIGNIFICANT_DIGITS);
            r = classes.compareAndExchange(classId, null, made);
            if (r == null) {
                r = made;
            }
        }
        return r;
    }

    /** @return the class's recorder, or null while no statement of the class was recorded; any thread */
    StripedHistogram usedClass(int classId) {
        return classes.get(classId);
    }

    int classCount() {
        return classes.length();
    }
}
