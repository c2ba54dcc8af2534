package io.clusterbench.report;

import io.clusterbench.result.FaultEvent;
import io.clusterbench.result.FaultReport;
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
            out.add(String.format(Locale.ROOT, "    %-22s %12s %8s %8s %12s  %s", "recovery", Figure.FAULT_BASELINE.key(),
                    Figure.FAULT_DETECT.key(), Figure.FAULT_STALL.key(), Figure.FAULT_BACK_TO_90.key(),
                    Figure.FAULT_WINDOW_ERRORS.key()));
            for (RecoveryRecord rec : r.recovery()) {
                out.add(String.format(Locale.ROOT, "    %-22s %12s %8s %8.1f %12s  %s", rec.step(),
                        rec.baselineTps() < 0 ? "-" : String.format(Locale.ROOT, "%.1f", rec.baselineTps()),
                        seconds(rec.detectSeconds()), rec.stallSeconds(),
                        rec.recoverySeconds() < 0 ? "not back" : seconds(rec.recoverySeconds()),
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
}
