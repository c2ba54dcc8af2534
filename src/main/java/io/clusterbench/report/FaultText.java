package io.clusterbench.report;

import io.clusterbench.result.ChecksumRecord;
import io.clusterbench.result.FaultEvent;
import io.clusterbench.result.FaultReport;
import io.clusterbench.result.LedgerRecord;
import io.clusterbench.result.QuorumLoss;
import io.clusterbench.result.RecoveryRecord;
import io.clusterbench.result.StateTransferRecord;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Console lines for a run's faults: each fault as it happened (with the rejoin's state transfer), recovery
 * figures per disruptive fault and quorum losses. Figures are defined in docs/metrics.md, "Faults and recovery".
 *
 * <p>Thread-safe (stateless).
 */
public final class FaultText {
    private FaultText() {
    }

    /** @return the block's lines, empty when the report holds nothing */
    public static List<String> lines(FaultReport r) {
        List<String> out = new ArrayList<>();
        if (r == null || r.events().isEmpty() && r.quorumLoss().isEmpty()) {
            return out;
        }
        out.add("Faults (" + (r.schedule().isEmpty() ? "none scheduled" : r.schedule()) + "):");
        for (FaultEvent e : r.events()) {
            out.add(String.format(Locale.ROOT, "    %7.2f s  %-22s %-6s %.1f s  %s", e.atSeconds(), e.step(),
                    e.ok() ? "ok" : "FAILED", e.durationSeconds(), e.detail()));
            StateTransferRecord t = e.transfer();
            if (t != null) {
                out.add(String.format(Locale.ROOT, "               %s: %s%s%s, %s: %s, %s: %s",
                        Figure.STATE_TRANSFER.key(), t.method(), t.sstMethod().isEmpty() ? "" : " (" + t.sstMethod() + ")",
                        t.donor().isEmpty() ? "" : " from " + t.donor(), Figure.TRANSFER_TIME.key(),
                        seconds(t.transferSeconds()), Figure.TIME_TO_SYNCED.key(), seconds(t.syncedSeconds())));
            }
        }
        if (!r.recovery().isEmpty()) {
            out.add(String.format(Locale.ROOT, "    %-22s %12s %8s %8s %17s  %s", "recovery", Figure.FAULT_BASELINE.key(),
                    Figure.FAULT_DETECT.key(), Figure.FAULT_STALL.key(), Figure.FAULT_BACK_TO_90.key(),
                    Figure.FAULT_WINDOW_ERRORS.key()));
            for (RecoveryRecord rec : r.recovery()) {
                out.add(String.format(Locale.ROOT, "    %-22s %12s %8s %8s %17s  %s", rec.step(),
                        rec.baselineTps() < 0 ? "-" : String.format(Locale.ROOT, "%.1f", rec.baselineTps()),
                        seconds(rec.detectSeconds()), seconds(rec.stallSeconds()),
                        rec.recoverySeconds() < 0 ? notBack(rec) : seconds(rec.recoverySeconds()),
                        rec.errorsByCode().isEmpty() ? "none" : rec.errorsByCode().toString()));
            }
        }
        for (QuorumLoss q : r.quorumLoss()) {
            out.add(String.format(Locale.ROOT, "    %s at %.1f s for %.1f s%s (%s)", Figure.QUORUM_LOSS.key(),
                    q.startSeconds(), q.lengthSeconds(), q.ended() ? "" : " (still lost at the end of the run)",
                    q.nodes()));
        }
        return out;
    }

    private static String seconds(double s) {
        return s < 0 ? "-" : String.format(Locale.ROOT, "%.1f s", s);
    }

    /** @return {@code not back by 25.0 s}: the end of the fault's window, the next fault or the end of the run */
    static String notBack(RecoveryRecord r) {
        return String.format(Locale.ROOT, "not back by %.1f s", r.windowEndSeconds());
    }

    /**
     * @return the cross-node checksum verdict, then per differing table the nodes that deviate and every node's
     *         checksum, then the nodes that could not be read
     */
    public static List<String> checksumLines(ChecksumRecord r) {
        List<String> out = new ArrayList<>();
        int nodes = r.checksums().size();
        out.add(String.format(Locale.ROOT, "%s of %d table%s on %d of %d nodes: %s", Figure.TABLE_CHECKSUMS.key(),
                r.tables().size(), r.tables().size() == 1 ? "" : "s", nodes, nodes + r.unreadable().size(),
                r.passed() ? "PASSED (identical)" : "FAILED (" + r.mismatches().size() + " differ)"));
        for (ChecksumRecord.Mismatch m : r.mismatches()) {
            StringBuilder sums = new StringBuilder();
            m.byNode().forEach((node, sum) -> sums.append(sums.length() == 0 ? "" : ", ").append(node).append('=')
                    .append(sum == null ? "no table" : Long.toString(sum)));
            out.add("    table " + m.table() + " differs on node " + String.join(", ", m.deviating()) + " (" + sums + ")");
        }
        r.unreadable().forEach((node, why) -> out.add("    node " + node + ": not read (" + why + ")"));
        return out;
    }

    /** @return the lost-commit check's lines: the verdict, then counts, per node what was found and what is missing */
    public static List<String> ledgerLines(LedgerRecord r) {
        List<String> out = new ArrayList<>();
        out.add("Lost-commit check (ledger run " + r.runId() + "): " + (r.passed() ? "PASSED" : "FAILED")
                + (r.unreadable().isEmpty() ? "" : " on " + r.foundPerNode().size() + " of "
                + (r.foundPerNode().size() + r.unreadable().size()) + " nodes (check the others later with "
                + "'clusterbench check commits --result DIR')"));
        out.add(String.format(Locale.ROOT, "    %s: %d, %s: %d (%d present), failed: %d, %s: %d, %s: %d",
                Figure.LEDGER_ACKNOWLEDGED.key(), r.acknowledged(), Figure.LEDGER_IN_DOUBT.key(), r.inDoubt(),
                r.inDoubtPresent(), r.failed(), Figure.LEDGER_FAILED_PRESENT.key(), r.failedPresent().size(),
                Figure.LEDGER_MISSING.key(), r.missingCount()));
        r.foundPerNode().forEach((node, found) -> out.add(String.format(Locale.ROOT, "    node %s: %s %d of %d, rows %d%s",
                node, Figure.LEDGER_FOUND.key(), found, r.acknowledged(), r.rowsPerNode().getOrDefault(node, 0L),
                r.missing().containsKey(node) ? ", missing ids " + r.missing().get(node) : "")));
        r.unreadable().forEach((node, why) -> out.add("    node " + node + ": not read (" + why + ")"));
        if (!r.failedPresent().isEmpty()) {
            out.add("    failed ids present: " + r.failedPresent());
        }
        return out;
    }
}
