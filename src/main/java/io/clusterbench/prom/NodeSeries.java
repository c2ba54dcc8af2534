package io.clusterbench.prom;

import io.clusterbench.result.Observations;
import io.prometheus.metrics.model.snapshots.Labels;

import java.util.Map;

/**
 * The observers' per-node figures of one interval as series with a {@code node} label: for every observer whose
 * interval figures hold a {@code nodes} map (the Galera observer: docs/metrics.md "Galera per node"), the
 * fields named in {@link #FIELDS} become counters (per-interval deltas summed) or gauges (last value).
 *
 * <p>Thread-safe (stateless); it writes into the {@link StepSeries} it is given, on that series' writer thread.
 */
final class NodeSeries {
    /** How a per-node field maps to a metric. */
    private record Field(PromMetric metric, double scale, boolean counter) {
    }

    /** The per-node fields exposed, by their result.json name (NodeFigures). */
    static final Map<String, Field> FIELDS = Map.of(
            "flowControlPausedFraction", new Field(PromMetric.NODE_FLOW_CONTROL_PAUSED_RATIO, 1, false),
            "flowControlPausedMicros", new Field(PromMetric.NODE_FLOW_CONTROL_PAUSED_SECONDS, 1e-6, true),
            "flowControlSentMessages", new Field(PromMetric.NODE_FLOW_CONTROL_SENT, 1, true),
            "recvQueueWriteSets", new Field(PromMetric.NODE_RECV_QUEUE, 1, false),
            "sendQueueWriteSets", new Field(PromMetric.NODE_SEND_QUEUE, 1, false),
            "certFailures", new Field(PromMetric.NODE_CERT_FAILURES, 1, true),
            "bfAborts", new Field(PromMetric.NODE_BF_ABORTS, 1, true),
            "commitLagTransactions", new Field(PromMetric.NODE_COMMIT_LAG, 1, false));

    private NodeSeries() {
    }

    /**
     * @param observed the interval's observer figures
     * @param into     the step's series
     */
    static void add(Observations observed, StepSeries into) {
        observed.nodesOfEveryObserver().values().forEach(nodes -> nodes.forEach((node, values) -> {
            Labels l = Labels.of("node", node);
            FIELDS.forEach((name, f) -> {
                if (values.get(name) instanceof Number n) {
                    if (f.counter()) {
                        into.add(f.metric(), l, n.doubleValue() * f.scale());
                    } else {
                        into.set(f.metric(), l, n.doubleValue() * f.scale());
                    }
                }
            });
        }));
    }
}
