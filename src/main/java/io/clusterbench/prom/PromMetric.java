package io.clusterbench.prom;

/**
 * Every metric the {@code --metrics-listen} endpoint exposes: its Prometheus name (without the {@code _total}
 * suffix a counter gets on exposition), kind and help text. docs/monitoring.md defines each one (checked by a
 * test), and the Grafana dashboard may query only these.
 *
 * <p>Immutable constants. Counters count from the step's measured start (warmup excluded), as result.json does;
 * gauges hold the value of the last interval; histograms are cumulative over the step, in seconds.
 */
public enum PromMetric {
    EVENTS("clusterbench_events", Kind.COUNTER, "Events completed (sysbench's event: one call of the workload's event)"),
    QUERIES("clusterbench_queries", Kind.COUNTER, "Statements by sysbench 1.0.20 class (label type: read, write, other)"),
    STATEMENTS("clusterbench_statements", Kind.COUNTER, "Statements by the workload's statement class (label class)"),
    HITS("clusterbench_hits", Kind.COUNTER, "Statements meant to find a row that found it, by statement class"),
    MISSES("clusterbench_misses", Kind.COUNTER, "Statements meant to find a row that found none, by statement class"),
    ERRORS("clusterbench_errors", Kind.COUNTER, "Failed statements by vendor code and SQLSTATE (labels code, sqlstate)"),
    RETRIES("clusterbench_retries", Kind.COUNTER, "Event restarts after an ignored error or a reconnect"),
    RECONNECTS("clusterbench_reconnects", Kind.COUNTER, "Successful reconnects"),
    REROUTES("clusterbench_reroutes", Kind.COUNTER, "Events moved to another endpoint after error 1047 (node not ready)"),
    LATE_EVENTS("clusterbench_late_events", Kind.COUNTER, "Open loop: events that started late against their intended start"),
    CUT_OFF_EVENTS("clusterbench_cut_off_events", Kind.COUNTER, "Events cut off by the end of the run or abandoned at a restart"),
    MEASURED_SECONDS("clusterbench_measured_seconds", Kind.COUNTER, "Measured time covered by the intervals so far (s)"),
    THREADS("clusterbench_threads", Kind.GAUGE, "Worker threads running (in-flight workers)"),
    WAITING_WORKERS("clusterbench_waiting_workers", Kind.GAUGE, "Workers inside one event for the whole last interval (a stall)"),
    LONGEST_WAIT("clusterbench_longest_wait_seconds", Kind.GAUGE, "Longest time any worker had been inside its current event (s)"),
    QUEUE_LENGTH("clusterbench_queue_length", Kind.GAUGE, "Open loop: events due but not yet started at the interval end"),
    STEP_RUNNING("clusterbench_step_running", Kind.GAUGE, "1 while the step measures, 0 once it ended (its series stay exposed)"),
    EVENT_LATENCY("clusterbench_event_latency_seconds", Kind.HISTOGRAM, "Event latency (s), retries included; open loop from the intended start"),
    STATEMENT_LATENCY("clusterbench_statement_latency_seconds", Kind.HISTOGRAM, "Statement latency by statement class (s)"),
    ENDPOINT_EVENTS("clusterbench_endpoint_events", Kind.COUNTER, "Events completed per endpoint (published when the step ends)"),
    ENDPOINT_ERRORS("clusterbench_endpoint_errors", Kind.COUNTER, "Failed statements per endpoint (published when the step ends)"),
    ENDPOINT_HITS("clusterbench_endpoint_hits", Kind.COUNTER, "Statements that found their row, per endpoint (at step end)"),
    ENDPOINT_MISSES("clusterbench_endpoint_misses", Kind.COUNTER, "Statements that found no row, per endpoint (at step end)"),
    ENDPOINT_LATENCY("clusterbench_endpoint_event_latency_seconds", Kind.HISTOGRAM, "Event latency per endpoint (s; at step end)"),
    NODE_FLOW_CONTROL_PAUSED_RATIO("clusterbench_node_flow_control_paused_ratio", Kind.GAUGE,
            "Galera: share of the last interval the node spent paused by flow control (0..1)"),
    NODE_FLOW_CONTROL_PAUSED_SECONDS("clusterbench_node_flow_control_paused_seconds", Kind.COUNTER,
            "Galera: time the node spent paused by flow control (s)"),
    NODE_FLOW_CONTROL_SENT("clusterbench_node_flow_control_sent_messages", Kind.COUNTER,
            "Galera: flow-control pause messages the node sent (it was the slow one)"),
    NODE_RECV_QUEUE("clusterbench_node_recv_queue_write_sets", Kind.GAUGE, "Galera: receive queue at the last poll (write sets)"),
    NODE_SEND_QUEUE("clusterbench_node_send_queue_write_sets", Kind.GAUGE, "Galera: send queue at the last poll (write sets)"),
    NODE_CERT_FAILURES("clusterbench_node_cert_failures", Kind.COUNTER, "Galera: certification failures on the node"),
    NODE_BF_ABORTS("clusterbench_node_bf_aborts", Kind.COUNTER, "Galera: brute-force aborts on the node"),
    NODE_COMMIT_LAG("clusterbench_node_commit_lag_transactions", Kind.GAUGE,
            "Galera: transactions the node's last committed seqno trails the cluster's newest (last poll)"),
    SCENARIO_EVENTS("clusterbench_scenario_events", Kind.COUNTER,
            "run --scenario: events completed by each scenario (label scenario), over its counted intervals"),
    SCENARIO_ERRORS("clusterbench_scenario_errors", Kind.COUNTER,
            "run --scenario: failed statements of each scenario, ignored or not (label scenario)"),
    SCENARIO_TPS("clusterbench_scenario_tps", Kind.GAUGE,
            "run --scenario: each scenario's events per second over the last interval (label scenario)"),
    SCENARIO_P95("clusterbench_scenario_p95_seconds", Kind.GAUGE,
            "run --scenario: each scenario's 95th percentile event latency over the last interval (s; label scenario)"),
    PROBE_STALE_READS("clusterbench_probe_stale_reads", Kind.COUNTER, "probe stale-reads: first reads that missed the marker, per level"),
    PROBE_SAMPLES("clusterbench_probe_samples", Kind.COUNTER, "probe stale-reads: first reads taken, per level");

    /** How the metric is exposed. */
    public enum Kind {
        COUNTER, GAUGE, HISTOGRAM
    }

    private final String promName;
    private final Kind kind;
    private final String help;

    PromMetric(String promName, Kind kind, String help) {
        this.promName = promName;
        this.kind = kind;
        this.help = help;
    }

    /** @return the metric's name as registered (a counter is exposed with {@code _total} appended) */
    public String promName() {
        return promName;
    }

    /** @return counter, gauge or histogram */
    public Kind kind() {
        return kind;
    }

    /** @return the HELP text */
    public String help() {
        return help;
    }

    /**
     * @return every series name the metric produces in Prometheus: {@code _total} for a counter; {@code _bucket},
     *         {@code _count}, {@code _sum} and the bare name (native histogram) for a histogram
     */
    public java.util.List<String> seriesNames() {
        return switch (kind) {
            case COUNTER -> java.util.List.of(promName + "_total");
            case GAUGE -> java.util.List.of(promName);
            case HISTOGRAM -> java.util.List.of(promName, promName + "_bucket", promName + "_count", promName + "_sum");
        };
    }
}
