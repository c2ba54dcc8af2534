package io.clusterbench.workload.joins;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/**
 * One scenario's captured plan and what the checks found. Immutable; kept in result.json under the
 * workload facts ({@code plans}) and printed by {@code explain joins} / {@code run --verify-plans}.
 *
 * @param scenario   scenario name
 * @param form       how it ran: {@code plain}, {@code hint} ({@code /*+ JOIN_ORDER *}{@code /}) or
 *                   {@code straight_join}
 * @param sql        the statement text explained (parameters inlined)
 * @param joinOrder  the outer query block's tables (aliases) in join order
 * @param tables     every table of the plan with access type and index, nested blocks included
 * @param warnings   server warnings after EXPLAIN other than the rewritten-query note, as {@code code: message}
 * @param rewritten  the server's rewritten query (note 1003), or null when it gave none
 * @param flags      findings: unknown hint names, hint warnings, forcing with no effect, forced order not
 *                   followed, outer joins converted, full scans; empty when none
 * @param explain    the {@code EXPLAIN FORMAT=JSON} document, or null when EXPLAIN failed
 * @param error      the EXPLAIN error ({@code code: message}), or null
 */
public record JoinPlan(String scenario, String form, String sql, List<String> joinOrder,
                       List<PlanCheck.PlanTable> tables, List<String> warnings, String rewritten,
                       List<String> flags, JsonNode explain, String error) {
}
