package io.clusterbench.result;

import com.fasterxml.jackson.core.type.TypeReference;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every whole-run fact a run can hold, as its {@link FactKey}: the one list of names under {@code observerFacts} in
 * result.json and of the type each is read as (docs/metrics.md defines the figures). A new fact is one constant
 * here and one record; {@link Facts} reads a file's facts back through {@link #byName}.
 *
 * <p>Immutable (constants only).
 */
public final class FactKeys {
    /** The cluster topology found at start. */
    public static final FactKey<TopologyRecord> TOPOLOGY = FactKey.of("topology", TopologyRecord.class);
    /** The workers' socket read timeout, ms (docs/metrics.md, "Read timeout"). */
    public static final FactKey<Integer> READ_TIMEOUT_MILLIS = FactKey.of("readTimeoutMillis", Integer.class);
    /** {@code --consistency} as applied. */
    public static final FactKey<ConsistencyRecord> CONSISTENCY = FactKey.of("consistency", ConsistencyRecord.class);
    /** The client's host and whether the server runs on it. */
    public static final FactKey<HostFacts> HOST = FactKey.of("host", HostFacts.class);
    /** TPC-C's whole-run figures (tpmC, NOPM). */
    public static final FactKey<TpccFacts> TPCC = FactKey.of("tpcc", TpccFacts.class);
    /** Stalls per node during marked statements (ddl, bigtrx). */
    public static final FactKey<StallFacts> STALL = FactKey.of("stall", StallFacts.class);
    /** The {@code --background} workload's figures. */
    public static final FactKey<BackgroundFacts> BACKGROUND = FactKey.of("background", BackgroundFacts.class);
    /** The scenarios' figures ({@code run --scenario}): per scenario events, tps, latency and errors. */
    public static final FactKey<ScenarioFacts> SCENARIOS = FactKey.of("scenarios", ScenarioFacts.class);
    /** The big transactions of a bigtrx run. */
    public static final FactKey<BigtrxFacts> BIGTRX = FactKey.of("bigtrx", BigtrxFacts.class);
    /** Galera's observed nodes, flow-control settings and per-node totals. */
    public static final FactKey<GaleraFacts> GALERA = FactKey.of("galera", GaleraFacts.class);
    /** The sandbox relay's links. */
    public static final FactKey<RelayFacts> RELAY = FactKey.of("relay", RelayFacts.class);
    /** The fault schedule's timeline, recovery figures and quorum losses. */
    public static final FactKey<FaultReport> FAULTS = FactKey.of("faults", FaultReport.class);
    /** Prepared-statement mode as the server's counters show it. */
    public static final FactKey<PreparedStatementsRecord> PREPARED_STATEMENTS =
            FactKey.of("preparedStatements", PreparedStatementsRecord.class);
    /** The lost-commit check of {@code --verify-commits}. */
    public static final FactKey<LedgerRecord> LEDGER = FactKey.of("ledger", LedgerRecord.class);
    /** Table checksums on every node. */
    public static final FactKey<ChecksumRecord> CHECKSUMS = FactKey.of("checksums", ChecksumRecord.class);
    /** Errors by code, then by statement class: {@code code/state -> class -> count}. */
    public static final FactKey<Map<String, Map<String, Long>>> ERRORS_BY_STATEMENT_CLASS = FactKey.of(
            "errorsByStatementClass", Map.class, new TypeReference<Map<String, Map<String, Long>>>() { });
    /** Errors by code, then by transaction type (TPC-C): {@code code/state -> type -> count}. */
    public static final FactKey<Map<String, Map<String, Long>>> ERRORS_BY_TRANSACTION_TYPE = FactKey.of(
            "errorsByTransactionType", Map.class, new TypeReference<Map<String, Map<String, Long>>>() { });
    /** The client's 1213 errors split by cause. */
    public static final FactKey<Conflicts> CONFLICTS = FactKey.of("conflicts", Conflicts.class);
    /** Each endpoint's max_connections at the start, for naming a connection wall (several endpoints only). */
    public static final FactKey<ConnectionLimits> CONNECTION_LIMITS =
            FactKey.of("connectionLimits", ConnectionLimits.class);
    /** This shard's part of a sharded run. */
    public static final FactKey<ShardRecord> SHARD = FactKey.of("shard", ShardRecord.class);
    /** The shards a merged run was made of. */
    public static final FactKey<ShardsRecord> SHARDS = FactKey.of("shards", ShardsRecord.class);

    /** Each server's CPU, context switches and storage bytes per transaction (docs/explain.md). */
    public static final FactKey<ServerResources> SERVER_RESOURCES = FactKey.of("serverResources",
            ServerResources.class);
    /** Each server's waits, statements, InnoDB metrics and semaphores over the step (docs/explain.md). */
    public static final FactKey<WaitProfile> WAIT_PROFILE = FactKey.of("waitProfile", WaitProfile.class);
    /** Each local server's on-CPU profile (docs/explain.md). */
    public static final FactKey<CpuProfile> CPU_PROFILE = FactKey.of("cpuProfile", CpuProfile.class);
    /** Each local server's hardware counters, or that the host has none (docs/explain.md). */
    public static final FactKey<HardwareCounters> HARDWARE_COUNTERS = FactKey.of("hardwareCounters",
            HardwareCounters.class);
    /** The history workloads beside the run ({@code run --anomalies}): what they recorded and the checkers found. */
    public static final FactKey<RunAnomalies> ANOMALIES = FactKey.of("anomalies", RunAnomalies.class);
    /** The validity verdict: the flags that make the result unfit to compare, with their evidence. */
    public static final FactKey<Validity> VALIDITY = FactKey.of("validity", Validity.class);

    private static final List<FactKey<?>> ALL = List.of(TOPOLOGY, READ_TIMEOUT_MILLIS, CONSISTENCY, HOST, TPCC, STALL,
            BACKGROUND, BIGTRX, GALERA, RELAY, FAULTS, PREPARED_STATEMENTS, LEDGER, CHECKSUMS, ERRORS_BY_STATEMENT_CLASS,
            ERRORS_BY_TRANSACTION_TYPE, CONFLICTS, CONNECTION_LIMITS, SHARD, SHARDS, SERVER_RESOURCES, WAIT_PROFILE, CPU_PROFILE,
            HARDWARE_COUNTERS, ANOMALIES, VALIDITY, SCENARIOS);
    private static final Map<String, FactKey<?>> BY_NAME = new LinkedHashMap<>();

    static {
        for (FactKey<?> k : ALL) {
            if (BY_NAME.put(k.name(), k) != null) {
                throw new ExceptionInInitializerError("two facts named " + k.name());
            }
        }
    }

    private FactKeys() {
    }

    /** @return every key, in the order above */
    public static List<FactKey<?>> all() {
        return ALL;
    }

    /** @return the key named {@code name}, or null when no fact has that name */
    public static FactKey<?> byName(String name) {
        return BY_NAME.get(name);
    }
}
