package io.clusterbench.report;

/**
 * Every figure the console prints, with the label it is printed under and its unit. Each is defined in
 * {@code docs/metrics.md} under its {@link #key()} (a test checks this).
 *
 * <p>Immutable.
 */
public enum Figure {
    TPS("tps", "events/s"),
    QPS("qps", "statements/s"),
    READS("read", "statements"),
    WRITES("write", "statements"),
    OTHER("other", "statements"),
    QUERIES("total", "statements"),
    TRANSACTIONS("transactions", "events"),
    IGNORED_ERRORS("ignored errors", "failures"),
    ERRORS("errors", "failures"),
    ERRORS_PER_SECOND("err/s", "failures/s"),
    CAUSAL_READ_TIMEOUTS("causal-read timeouts", "failures"),
    RECONNECTS("reconnects", "reconnects"),
    RECONNECTS_PER_SECOND("reconn/s", "reconnects/s"),
    EVENTS_RETRIED("events retried", "events"),
    REROUTES("rerouted", "events"),
    LATE_EVENTS("late events", "events"),
    QUEUE_LENGTH("queue", "events"),
    WAITING("waiting", "workers"),
    LONGEST_WAIT("longest wait", "s"),
    REPORTER_LAG("reporter lag", "s"),
    CUT_OFF("cut off", "events"),
    CONNECTION_RAMP("connections opened in", "s"),
    HIT_RATE("hit rate", "%"),
    HITS("hits", "statements"),
    MISSES("misses", "statements"),
    ROWS("rows", "rows"),
    OPERATION("operation", "kind"),
    OPERATIONS_PER_SECOND("per sec", "statements/s"),
    DDL_FLAG("DDL[", "marked statements"),
    BIGTRX_FLAG("BIGTRX[", "marked statements"),
    BACKGROUND_TPS("bg", "events/s"),
    LATENCY_MIN("min", "ms"),
    LATENCY_MEAN("avg", "ms"),
    LATENCY_P50("p50", "ms"),
    LATENCY_P95("p95", "ms"),
    LATENCY_P99("p99", "ms"),
    LATENCY_P999("p99.9", "ms"),
    LATENCY_MAX("max", "ms"),
    LATENCY_SUM("sum", "ms"),
    LATENCY_PERCENTILE("lat (ms,N%)", "ms"),
    TOTAL_TIME("total time", "s"),
    TOTAL_EVENTS("total number of events", "events"),
    EVENTS_PER_THREAD("events (avg/stddev)", "events"),
    EXECUTION_TIME_PER_THREAD("execution time (avg/stddev)", "s"),
    THREADS("thds", "threads"),
    TARGET_RATE("target rate", "events/s"),
    CLIENT_CPU("client CPU", "s"),
    PEAK("peak", "threads"),
    KNEE("knee", "threads"),
    CONNECTION_WALL("connection wall", "threads"),
    TPMC("tpmC", "new orders/min"),
    NOPM("NOPM", "new orders/min"),
    NEW_ORDERS_COMMITTED("new orders committed", "transactions"),
    EXPECTED_ROLLBACKS("expected rollbacks", "transactions"),
    D_NEXT_O_ID_SUM("sum(d_next_o_id)", "order ids"),
    TRANSACTION_TYPE_COUNT("committed", "transactions"),
    ENDPOINT("endpoint", "endpoint"),
    NODE("node", "member"),
    ENDPOINT_EVENTS("events", "events"),
    GALERA_FLOW_CONTROL("fc", "%"),
    GALERA_FC_SENDERS("by", "nodes"),
    GALERA_RECV_QUEUE("rq", "write sets"),
    GALERA_COMMIT_LAG("lag", "transactions"),
    GALERA_CERT_FAILURES("cert", "transactions"),
    GALERA_BF_ABORTS("bf", "transactions"),
    PROBE_SAMPLES("samples", "reads"),
    PROBE_STALE("stale", "reads"),
    PROBE_STALE_RATE("stale rate [95% CI]", "%"),
    PROBE_VISIBLE("visible p50/p99/max (ms)", "ms"),
    PROBE_TIMEOUTS("timeouts", "reads"),
    PROBE_READ_LATENCY("read p50/p99/max (ms)", "ms"),
    PROBE_BACKGROUND_TPS("background tps", "events/s"),
    PROBE_GTID_WAIT("GTID wait", "ms"),
    SANDBOX_PROCESS("process", "state"),
    SANDBOX_LAST_COMMITTED("last committed", "seqno"),
    THREADS_COLUMN("threads", "threads"),
    RUNS("runs", "runs"),
    SPREAD("median [min–max] ×n", "unit of the figure"),
    RATIO("ratio", "×"),
    VERDICT("verdict", ""),
    DIFFERING_VARIABLES("differing variables", ""),
    FAULT_DETECT("detect", "s"),
    FAULT_STALL("stall", "s"),
    FAULT_BACK_TO_90("back to 90%", "s"),
    FAULT_BASELINE("baseline tps", "events/s"),
    FAULT_WINDOW_ERRORS("errors in window", "failures"),
    STATE_TRANSFER("state transfer", ""),
    TRANSFER_TIME("transfer", "s"),
    TIME_TO_SYNCED("Synced after", "s"),
    QUORUM_LOSS("quorum lost", "s"),
    LEDGER_ACKNOWLEDGED("acknowledged", "ids"),
    LEDGER_MISSING("missing", "ids"),
    LEDGER_IN_DOUBT("in doubt", "ids"),
    LEDGER_FAILED_PRESENT("failed but present", "ids"),
    LEDGER_FOUND("found", "ids"),
    TABLE_CHECKSUMS("table checksums", "CHECKSUM TABLE value"),
    AB_PAIRS("pairs", "pairs"),
    AB_TPS_A("tps A", "events/s"),
    AB_TPS_B("tps B", "events/s"),
    AB_RATIO_TPS("B/A tps [95% CI]", "%"),
    AB_MDD("MDD", "%"),
    AB_PAIRS_FOR_1PCT("pairs for 1%", "pairs"),
    AB_RATIO_P95("B/A p95", "%"),
    AB_RATIO_P99("B/A p99", "%"),
    AB_RATIO_CPU("B/A srv CPU/event", "%"),
    AB_SUMMARY("summary", "");

    private final String key;
    private final String unit;

    Figure(String key, String unit) {
        this.key = key;
        this.unit = unit;
    }

    /** @return the label as printed, and the term defined in docs/metrics.md */
    public String key() {
        return key;
    }

    /** @return the unit, e.g. {@code ms} */
    public String unit() {
        return unit;
    }
}
