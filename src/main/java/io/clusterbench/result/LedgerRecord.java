package io.clusterbench.result;

import java.util.List;
import java.util.Map;

/**
 * The lost-commit check of a run ({@code --verify-commits}) or of {@code check commits}: what the client was told
 * about each ledger insert, and what each node holds (docs/metrics.md, "Lost-commit check"). Immutable.
 *
 * @param runId           the run's ledger id ({@code run_id} column)
 * @param acknowledged    inserts the server acknowledged
 * @param failed          inserts that failed with a server error (not committed)
 * @param inDoubt         inserts whose connection died: outcome unknown
 * @param foundPerNode    acknowledged ids present, per node label; a node that could not be read is absent
 * @param rowsPerNode     ledger rows of the run, per node label
 * @param missing         acknowledged (or, without client outcomes, seen on another node) ids absent, per node
 *                        label; at most {@value #SAMPLE} ids listed per node
 * @param missingCount    total of missing ids over all nodes
 * @param inDoubtPresent  in-doubt ids present on the first node read
 * @param failedPresent   ids whose insert failed but that are on some node; at most {@value #SAMPLE} listed
 * @param unreadable      nodes that could not be read, with the reason
 */
public record LedgerRecord(long runId, long acknowledged, long failed, long inDoubt, Map<String, Long> foundPerNode,
                           Map<String, Long> rowsPerNode, Map<String, List<Long>> missing, long missingCount,
                           long inDoubtPresent, List<Long> failedPresent, Map<String, String> unreadable) {
    /** How many ids are listed per node at most. */
    public static final int SAMPLE = 20;

    /**
     * @return true when no acknowledged id is missing and no failed id is present on the nodes read; nodes that
     *         could not be read (a node still joining after the run) are listed in {@code unreadable}, not failed
     */
    public boolean passed() {
        return missingCount == 0 && failedPresent.isEmpty();
    }
}
