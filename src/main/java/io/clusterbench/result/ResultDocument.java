package io.clusterbench.result;

import java.util.List;
import java.util.Map;

/**
 * The content of {@code result.json}, schema {@value #SCHEMA}. Every number carries its unit in its field
 * name; no password appears anywhere. Immutable.
 *
 * @param schema    always {@value #SCHEMA}
 * @param tool      clusterbench, JDBC driver and Java versions
 * @param startedAt ISO-8601 UTC start time
 * @param command   the command as typed, with any password value replaced by {@code ***}
 * @param target    endpoints, user and database (never the password)
 * @param server    version and {@code SHOW GLOBAL VARIABLES} snapshot at start
 * @param runs      one entry per run
 * @param preflight the pre-flight findings printed before the run ({@code inspect}'s warnings and errors,
 *                  docs/inspect.md); empty when none were found or {@code --no-inspect} was given
 * @param tables    the workload's tables as the server described them at start (engine, collation, row format;
 *                  docs/metrics.md "Table properties"); empty in results written before they were recorded
 */
public record ResultDocument(String schema, Map<String, String> tool, String startedAt, List<String> command,
                             Map<String, Object> target, ServerRecord server, List<RunRecord> runs,
                             List<Finding> preflight, List<TableRecord> tables) {
    /** Schema identifier of this format. */
    public static final String SCHEMA = "clusterbench.result/1";

    public ResultDocument {
        preflight = preflight == null ? List.of() : List.copyOf(preflight);
        tables = tables == null ? List.of() : List.copyOf(tables);
    }

    /** A document without table properties (older results, shard merges of them). */
    public ResultDocument(String schema, Map<String, String> tool, String startedAt, List<String> command,
                          Map<String, Object> target, ServerRecord server, List<RunRecord> runs,
                          List<Finding> preflight) {
        this(schema, tool, startedAt, command, target, server, runs, preflight, List.of());
    }

    /** A document without pre-flight findings (older results, {@code --no-inspect}). */
    public ResultDocument(String schema, Map<String, String> tool, String startedAt, List<String> command,
                          Map<String, Object> target, ServerRecord server, List<RunRecord> runs) {
        this(schema, tool, startedAt, command, target, server, runs, List.of(), List.of());
    }

    /**
     * @param version   {@code SELECT VERSION()}
     * @param embedded  true when clusterbench started the server itself
     * @param variables global variables at start, by name
     */
    public record ServerRecord(String version, boolean embedded, Map<String, String> variables) {
    }
}
