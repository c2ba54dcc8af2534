package io.clusterbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;
import java.util.Map;

/**
 * Where each server waited over one step's measured phase, from SQL (issue 33, "wait profile"): deltas of
 * performance_schema's wait and statement summaries, InnoDB's {@code INNODB_METRICS} and the semaphore section of
 * {@code SHOW ENGINE INNODB STATUS}. The {@code observerFacts.waitProfile} object of a run in {@code result.json}
 * (docs/explain.md; every figure in docs/metrics.md, "Explain"). Its key is {@link FactKeys}; written by {@code explain.WaitProfileObserver},
 * normalised per event once the step's summary exists ({@link #perEvent}), read by the report. Immutable.
 *
 * @param nodes per endpoint of the target, in endpoint order
 */
public record WaitProfile(List<Node> nodes) {
    /** Category of InnoDB row-lock waits, table and metadata locks, mutexes and rw-locks. */
    public static final String LOCK = "lock";
    /** Category of {@code wait/io/file/%}. */
    public static final String FILE_IO = "file I/O";
    /** Category of {@code wait/io/socket/%}. */
    public static final String SOCKET_IO = "socket I/O";
    /** Category of {@code wait/synch/cond/%}. */
    public static final String CONDITION = "condition";
    /** The name under which InnoDB's row-lock wait time is listed among the waits (it is no P_S event). */
    public static final String ROW_LOCK = "innodb row lock";

    public WaitProfile {
        nodes = nodes == null ? List.of() : List.copyOf(nodes);
    }

    /** @return these facts with the per-event figures of every node for {@code events} events (&gt;= 0) */
    public WaitProfile perEvent(long events) {
        return new WaitProfile(nodes.stream().map(n -> n.perEvent(events)).toList());
    }

    /**
     * One server.
     *
     * @param node              the node's name as the run names it
     * @param endpoint          its endpoint label
     * @param absentReason      why there are no figures at all (no end reading, the server did not answer); null
     *                          when there are
     * @param performanceSchema what performance_schema measured; null when absent
     * @param windowSeconds     time between the start and end readings, s
     * @param status            {@code SHOW GLOBAL STATUS} deltas (Questions, Com_commit, Com_rollback,
     *                          Innodb_row_lock_time in ms, Innodb_row_lock_waits): what the server counted in the
     *                          same window, to check the per-event figures against
     * @param rowLockWaitMicros InnoDB row-lock wait time in the window, µs ({@code lock_row_lock_time}, else the
     *                          status {@code Innodb_row_lock_time}; ms resolution); null when absent
     * @param categories        wait time per category (docs/explain.md), largest first; empty when
     *                          performance_schema is off (then only {@code rowLockWaitMicros} is known)
     * @param leadingWaits      the longest waits of the categories' own events and InnoDB's row locks, longest
     *                          first, at most 10
     * @param waits             performance_schema wait events by time in the window, longest first, at most 50
     *                          ({@code idle} left out)
     * @param statements        statement digests by time in the window, longest first, at most 10
     * @param innodbMetrics     the InnoDB metrics read (enabled ones only), in a fixed order
     * @param disabledMetrics   metrics the wait profile wants that are off on this server
     * @param absentMetrics     metrics the wait profile wants that this server does not have
     * @param semaphores        the semaphore section of {@code SHOW ENGINE INNODB STATUS} at the end
     * @param events            the step's events the per-event figures divide by; 0 until normalised
     * @param readMillis        what taking the readings cost this tool, ms (both readings)
     */
    public record Node(String node, String endpoint,
                       @JsonInclude(JsonInclude.Include.NON_NULL) String absentReason,
                       @JsonInclude(JsonInclude.Include.NON_NULL) PerformanceSchema performanceSchema,
                       double windowSeconds, Map<String, Long> status,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Long rowLockWaitMicros, List<Category> categories,
                       List<Wait> leadingWaits, List<Wait> waits, List<Statement> statements,
                       List<Metric> innodbMetrics, List<String> disabledMetrics, List<String> absentMetrics,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Semaphores semaphores, long events, long readMillis) {
        public Node {
            status = status == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(status));
            categories = categories == null ? List.of() : List.copyOf(categories);
            leadingWaits = leadingWaits == null ? List.of() : List.copyOf(leadingWaits);
            waits = waits == null ? List.of() : List.copyOf(waits);
            statements = statements == null ? List.of() : List.copyOf(statements);
            innodbMetrics = innodbMetrics == null ? List.of() : List.copyOf(innodbMetrics);
            disabledMetrics = disabledMetrics == null ? List.of() : List.copyOf(disabledMetrics);
            absentMetrics = absentMetrics == null ? List.of() : List.copyOf(absentMetrics);
        }

        /** @return a node without figures, saying why */
        public static Node absent(String node, String endpoint, String reason) {
            return new Node(node, endpoint, reason, null, 0, Map.of(), null, List.of(), List.of(), List.of(), List.of(),
                    List.of(), List.of(), List.of(), null, 0, 0);
        }

        /** @return the category {@code name}, or null when it has none (not measured) */
        public Category category(String name) {
            return categories.stream().filter(c -> c.name().equals(name)).findFirst().orElse(null);
        }

        /** @return this node with every per-event figure for {@code events} events */
        public Node perEvent(long events) {
            return new Node(node, endpoint, absentReason, performanceSchema, windowSeconds, status, rowLockWaitMicros,
                    categories.stream().map(c -> c.perEvent(events)).toList(),
                    leadingWaits.stream().map(w -> w.perEvent(events)).toList(),
                    waits.stream().map(w -> w.perEvent(events)).toList(),
                    statements.stream().map(s -> s.perEvent(events)).toList(),
                    innodbMetrics.stream().map(m -> m.perEvent(events)).toList(), disabledMetrics, absentMetrics,
                    semaphores, events, readMillis);
        }
    }

    /**
     * What performance_schema could measure on the server.
     *
     * @param enabled           {@code @@performance_schema}
     * @param consumersOff      the consumers the profile needs that are off ({@code global_instrumentation},
     *                          {@code thread_instrumentation}, {@code statements_digest})
     * @param notInstrumented   instrument classes (e.g. {@code wait/synch/mutex}) with no instrument enabled and
     *                          timed: their waits are not in the profile
     */
    public record PerformanceSchema(boolean enabled, List<String> consumersOff, List<String> notInstrumented) {
        public PerformanceSchema {
            consumersOff = consumersOff == null ? List.of() : List.copyOf(consumersOff);
            notInstrumented = notInstrumented == null ? List.of() : List.copyOf(notInstrumented);
        }
    }

    /**
     * Wait time of one category in the window.
     *
     * @param name            {@link #LOCK}, {@link #FILE_IO}, {@link #SOCKET_IO} or {@link #CONDITION}
     * @param waitMicros      its wait time, µs (summed over all sessions: it can exceed the window)
     * @param sharePercent    its share of the categories' total, 0-100
     * @param perEventMicros  {@code waitMicros} per event; null until normalised
     */
    public record Category(String name, long waitMicros, double sharePercent,
                           @JsonInclude(JsonInclude.Include.NON_NULL) Double perEventMicros) {
        Category perEvent(long events) {
            return new Category(name, waitMicros, sharePercent, events <= 0 ? null : waitMicros / (double) events);
        }
    }

    /**
     * One wait event in the window.
     *
     * @param event          the performance_schema {@code EVENT_NAME}, or {@link #ROW_LOCK}
     * @param count          waits counted ({@code COUNT_STAR} delta; for row locks {@code lock_row_lock_waits})
     * @param waitMicros     their time, µs ({@code SUM_TIMER_WAIT} delta, picoseconds / 10^6)
     * @param perEventMicros {@code waitMicros} per event; null until normalised
     * @param perEventCount  {@code count} per event; null until normalised
     */
    public record Wait(String event, long count, long waitMicros,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Double perEventMicros,
                       @JsonInclude(JsonInclude.Include.NON_NULL) Double perEventCount) {
        Wait perEvent(long events) {
            return events <= 0 ? this : new Wait(event, count, waitMicros, waitMicros / (double) events,
                    count / (double) events);
        }
    }

    /**
     * One statement digest in the window ({@code events_statements_summary_by_digest} deltas).
     *
     * @param schema         {@code SCHEMA_NAME}, "" for none
     * @param digest         {@code DIGEST}
     * @param text           {@code DIGEST_TEXT}, at most 200 characters
     * @param count          executions
     * @param timeMicros     their time, µs
     * @param lockMicros     their lock time, µs ({@code SUM_LOCK_TIME})
     * @param rowsExamined   rows examined
     * @param rowsSent       rows sent
     * @param errors         executions that ended in an error
     * @param sharePercent   their share of all digests' time in the window, 0-100
     * @param perEventCount  executions per event; null until normalised
     * @param perEventMicros time per event, µs; null until normalised
     */
    public record Statement(String schema, String digest, String text, long count, long timeMicros, long lockMicros,
                            long rowsExamined, long rowsSent, long errors, double sharePercent,
                            @JsonInclude(JsonInclude.Include.NON_NULL) Double perEventCount,
                            @JsonInclude(JsonInclude.Include.NON_NULL) Double perEventMicros) {
        Statement perEvent(long events) {
            return events <= 0 ? this : new Statement(schema, digest, text, count, timeMicros, lockMicros, rowsExamined,
                    rowsSent, errors, sharePercent, count / (double) events, timeMicros / (double) events);
        }
    }

    /**
     * One {@code INNODB_METRICS} counter.
     *
     * @param name      the metric's {@code NAME}
     * @param subsystem its {@code SUBSYSTEM}
     * @param gauge     true for a level (history length, current waits): {@code start} and {@code end} are
     *                  meaningful, {@code delta} is their difference; false for a counter
     * @param start     {@code COUNT} at the start reading
     * @param end       {@code COUNT} at the end reading
     * @param delta     end - start; null for a counter that went down (a reset: a gap, never a negative figure)
     * @param perEvent  {@code delta} per event for a counter; null for a gauge, a gap, or until normalised
     */
    public record Metric(String name, String subsystem, boolean gauge, long start, long end,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Long delta,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Double perEvent) {
        Metric perEvent(long events) {
            return gauge || delta == null || events <= 0 ? this
                    : new Metric(name, subsystem, false, start, end, delta, delta / (double) events);
        }
    }

    /**
     * The semaphore section of {@code SHOW ENGINE INNODB STATUS} at the end reading.
     *
     * @param longWaits threads the section listed as waiting for a semaphore ("has waited at ... for N seconds")
     * @param lines     the section's lines as printed, at most 20
     */
    public record Semaphores(int longWaits, List<String> lines) {
        public Semaphores {
            lines = lines == null ? List.of() : List.copyOf(lines);
        }
    }
}
