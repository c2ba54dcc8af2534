package io.clusterbench.result;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Every option one run used, resolved (the seed drawn, the distribution spelled out): the {@code plan}
 * object of a run in {@code result.json}. The options every run has are typed fields; the workload
 * family's own options ({@code workload.WorkloadOptions#resultFields()}) sit beside them in the same
 * object, written after them. Immutable once built.
 *
 * @param workload              workload name
 * @param threads               worker threads, &ge; 1
 * @param timeSeconds           measured time in seconds; 0 = no limit
 * @param events                measured events; 0 = no limit
 * @param warmupSeconds         unmeasured load before measuring, in seconds
 * @param rateEventsPerSecond   open-loop rate in events per second; 0 = closed loop
 * @param reportIntervalSeconds interval line period in seconds; 0 = none
 * @param sampleIntervalSeconds interval length of the result's intervals, in seconds
 * @param percentile            latency percentile of the interval lines, 1-100; 0 for none (sysbench's "percentile
 *                              stats: disabled")
 * @param randType              key distribution as described ({@code uniform}, {@code special(...)})
 * @param randSeed              random seed (never 0)
 * @param ignoreErrors          the error policy ({@code --ignore-errors}) as written back
 * @param dbPsMode              {@code auto} or {@code disable}
 * @param reconnect             {@code --reconnect}: events per worker between forced reconnects; 0 = never
 * @param routing               {@code --routing} spelling
 * @param consistency           {@code --consistency} level, or null when not set
 * @param fault                 the fault schedule as described, "" for none
 * @param verifyCommits         {@code --verify-commits}
 * @param latencyStart          from when latency counts: {@code actual start} or {@code intended start (open loop)}
 * @param workloadOptions       the family's options, by result field name, in the family's order (not a
 *                              JSON field of its own: its entries are fields of {@code plan})
 * @param giveUpSeconds         {@code --give-up-time} resolved: seconds every endpoint may stay unreachable before
 *                              the run stops, 0 for never; null (not written) in results written before it was
 *                              recorded
 */
public record PlanRecord(String workload, int threads, long timeSeconds, long events, long warmupSeconds,
                         double rateEventsPerSecond, long reportIntervalSeconds, long sampleIntervalSeconds,
                         double percentile, String randType, long randSeed, String ignoreErrors, String dbPsMode,
                         long reconnect, String routing, String consistency, String fault, boolean verifyCommits,
                         String latencyStart, @JsonIgnore Map<String, Object> workloadOptions,
                         @com.fasterxml.jackson.annotation.JsonInclude(
                                 com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) Long giveUpSeconds) {

    /** Copies {@code workloadOptions} (null = none), keeping its order. */
    public PlanRecord {
        workloadOptions = workloadOptions == null ? new LinkedHashMap<>() : new LinkedHashMap<>(workloadOptions);
    }

    /** A plan without a recorded give-up time. */
    public PlanRecord(String workload, int threads, long timeSeconds, long events, long warmupSeconds,
                      double rateEventsPerSecond, long reportIntervalSeconds, long sampleIntervalSeconds,
                      double percentile, String randType, long randSeed, String ignoreErrors, String dbPsMode,
                      long reconnect, String routing, String consistency, String fault, boolean verifyCommits,
                      String latencyStart, Map<String, Object> workloadOptions) {
        this(workload, threads, timeSeconds, events, warmupSeconds, rateEventsPerSecond, reportIntervalSeconds,
                sampleIntervalSeconds, percentile, randType, randSeed, ignoreErrors, dbPsMode, reconnect, routing,
                consistency, fault, verifyCommits, latencyStart, workloadOptions, null);
    }

    /** @return the family's options, read-only (Jackson writes them as fields of {@code plan}) */
    @JsonAnyGetter
    Map<String, Object> workloadFields() {
        return Collections.unmodifiableMap(workloadOptions);
    }

    /**
     * Reads a {@code plan} object: the typed fields by name, every other field a workload option in the file's order
     * (Jackson's any-setter on a record replays such fields in reverse order, so a result read and written again
     * would list the family's options backwards).
     *
     * @param fields the object's fields in file order
     * @return the plan
     */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static PlanRecord read(Map<String, Object> fields) {
        Map<String, Object> rest = new LinkedHashMap<>(fields);
        for (java.lang.reflect.RecordComponent c : PlanRecord.class.getRecordComponents()) {
            rest.remove(c.getName());
        }
        return new PlanRecord(text(fields, "workload"), (int) number(fields, "threads"), number(fields, "timeSeconds"),
                number(fields, "events"), number(fields, "warmupSeconds"), decimal(fields, "rateEventsPerSecond"),
                number(fields, "reportIntervalSeconds"), number(fields, "sampleIntervalSeconds"),
                decimal(fields, "percentile"), text(fields, "randType"), number(fields, "randSeed"),
                text(fields, "ignoreErrors"), text(fields, "dbPsMode"), number(fields, "reconnect"),
                text(fields, "routing"), text(fields, "consistency"), text(fields, "fault"),
                Boolean.TRUE.equals(fields.get("verifyCommits")), text(fields, "latencyStart"), rest,
                fields.get("giveUpSeconds") instanceof Number n ? n.longValue() : null);
    }

    private static String text(Map<String, Object> fields, String name) {
        Object v = fields.get(name);
        return v == null ? null : String.valueOf(v);
    }

    private static long number(Map<String, Object> fields, String name) {
        return fields.get(name) instanceof Number n ? n.longValue() : 0;
    }

    private static double decimal(Map<String, Object> fields, String name) {
        return fields.get(name) instanceof Number n ? n.doubleValue() : 0;
    }

    /** @return true when the run was an open loop (a target rate was set) */
    @JsonIgnore
    public boolean openLoop() {
        return rateEventsPerSecond > 0;
    }
}
