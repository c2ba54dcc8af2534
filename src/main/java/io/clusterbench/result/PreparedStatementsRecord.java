package io.clusterbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What prepared-statement mode really ran, from the server's own counters ({@code observerFacts.preparedStatements};
 * docs/metrics.md, "Prepared statements"). Immutable.
 *
 * @param asked          {@code auto} or {@code disable} ({@code --db-ps-mode})
 * @param comStmtPrepare {@code Com_stmt_prepare} delta over the step, all endpoints; null (not written) when the
 *                       counters could not be read
 * @param comStmtExecute {@code Com_stmt_execute} delta over the step; null (not written) likewise
 * @param mode           {@code server} (executes seen), {@code client} (none while events ran) or {@code unknown}
 */
public record PreparedStatementsRecord(String asked,
                                       @JsonInclude(JsonInclude.Include.NON_NULL) Long comStmtPrepare,
                                       @JsonInclude(JsonInclude.Include.NON_NULL) Long comStmtExecute,
                                       String mode) {
}
