package io.clusterbench.metrics;

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Adds up every worker's {@link EndpointMetrics} into per-endpoint totals of the measured time.
 *
 * <p>Confined to the coordinator thread: {@link #newWorker} before the workers start, {@link #discard} at the
 * end of warmup, {@link #totals} once after the workers stopped. The error counts are thread-safe and shared with the workers.
 */
public final class EndpointHub {
    private final List<String> labels;
    private final List<EndpointMetrics> workers = new ArrayList<>();
    private final ErrorCounts[] errors;
    /** Per slot, the shared latency recorder; null when latency is not recorded per slot. */
    private final StripedHistogram[] latency;
    private final int stripes;
    private final long[][] baseline;
    private final List<Map<String, Long>> errorBaseline = new ArrayList<>();

    /**
     * @param labels         endpoint labels in target order, then the label of the catch-all slot
     * @param errors         per slot, errors by code (shared with the workers)
     * @param latencyPerSlot true to record latency per slot (targets with several endpoints)
     * @param threads        worker threads of the run (sizes the latency stripes)
     */
    public EndpointHub(List<String> labels, ErrorCounts[] errors, boolean latencyPerSlot, int threads) {
        this.labels = labels;
        this.errors = errors;
        this.stripes = StripedHistogram.stripesFor(threads);
        this.latency = latencyPerSlot ? new StripedHistogram[labels.size()] : null;
        for (int s = 0; latencyPerSlot && s < labels.size(); s++) {
            latency[s] = new StripedHistogram(stripes, WorkerMetrics.SIGNIFICANT_DIGITS);
        }
        this.baseline = new long[labels.size()][4];
        for (int s = 0; s < labels.size(); s++) {
            errorBaseline.add(Map.of());
        }
    }

    /** @return a new worker's per-endpoint metrics, with {@code labels.size()} slots (before the workers start) */
    public EndpointMetrics newWorker() {
        EndpointMetrics m = new EndpointMetrics(labels.size(), latency, workers.size() % stripes);
        workers.add(m);
        return m;
    }

    /** Forgets everything recorded so far (end of warmup). */
    public void discard() {
        for (int s = 0; s < labels.size(); s++) {
            for (int c = 0; c < 4; c++) {
                long sum = 0;
                for (EndpointMetrics w : workers) {
                    sum += w.read(s, c);
                }
                baseline[s][c] = sum;
            }
            if (latency != null) {
                latency[s].takeInterval();
            }
            errorBaseline.set(s, errors[s].snapshot());
        }
    }

    /**
     * @param runEvents the event latencies (µs) of the whole measured time, for workers that record no latency
     *                  per endpoint (a single-endpoint target): it goes to the one slot that completed events
     * @return per endpoint slot with any activity, the totals since {@link #discard} (or the start)
     */
    public List<EndpointTotals> totals(Histogram runEvents) {
        List<EndpointTotals> out = new ArrayList<>();
        int slotsWithEvents = 0;
        for (int s = 0; s < labels.size(); s++) {
            long n = -baseline[s][EndpointMetrics.EVENTS];
            for (EndpointMetrics w : workers) {
                n += w.read(s, EndpointMetrics.EVENTS);
            }
            slotsWithEvents += n > 0 ? 1 : 0;
        }
        for (int s = 0; s < labels.size(); s++) {
            long[] c = new long[4];
            boolean perSlot = latency != null;
            Histogram h = perSlot ? latency[s].takeInterval() : StripedHistogram.empty(WorkerMetrics.SIGNIFICANT_DIGITS);
            for (EndpointMetrics w : workers) {
                for (int k = 0; k < 4; k++) {
                    c[k] += w.read(s, k);
                }
            }
            if (!perSlot && slotsWithEvents == 1 && c[EndpointMetrics.EVENTS] > baseline[s][EndpointMetrics.EVENTS]) {
                h.add(runEvents);
            }
            Map<String, Long> byCode = new HashMap<>();
            Map<String, Long> before = errorBaseline.get(s);
            errors[s].snapshot().forEach((k, v) -> {
                long d = v - before.getOrDefault(k, 0L);
                if (d > 0) {
                    byCode.put(k, d);
                }
            });
            for (int k = 0; k < 4; k++) {
                c[k] -= baseline[s][k];
            }
            boolean catchAll = s == labels.size() - 1;
            if (!catchAll || c[EndpointMetrics.EVENTS] + c[EndpointMetrics.ERRORS] > 0) {
                out.add(new EndpointTotals(labels.get(s), c[EndpointMetrics.EVENTS], c[EndpointMetrics.ERRORS],
                        c[EndpointMetrics.HITS], c[EndpointMetrics.MISSES], h, byCode));
            }
        }
        return out;
    }
}
