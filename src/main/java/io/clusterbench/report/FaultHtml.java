package io.clusterbench.report;

import io.clusterbench.Format;
import io.clusterbench.report.ChartSpec.Marker;
import io.clusterbench.result.ChecksumRecord;
import io.clusterbench.result.FaultEvent;
import io.clusterbench.result.FaultReport;
import io.clusterbench.result.FactKeys;
import io.clusterbench.result.LedgerRecord;
import io.clusterbench.result.QuorumLoss;
import io.clusterbench.result.RecoveryRecord;
import io.clusterbench.result.ResultJson;
import io.clusterbench.result.RunRecord;
import io.clusterbench.result.StateTransferRecord;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import static io.clusterbench.report.Figure.*;
import static io.clusterbench.report.Html.esc;

/**
 * The HTML report's faults: markers on the per-interval charts (each fault action, each recovery point, each
 * quorum loss's start and end) and, per run with a fault schedule or a quorum loss, the fault timeline, the
 * recovery table and the lost-commit and cross-node checksum verdicts. Formats only what the result holds
 * ({@code observerFacts.faults}, {@code .ledger}, {@code .checksums}; docs/metrics.md, "Faults and recovery").
 * The HTML twin of {@link FaultText}.
 *
 * <p>Thread-safe (stateless). Seconds since the measured start, numbers in {@link java.util.Locale#ROOT}.
 */
final class FaultHtml {
    private FaultHtml() {
    }

    /**
     * @return markers of every run's faults, without repeats (a sweep's steps share one schedule): {@code fault}
     *         at each action's start, {@code recovery} where tps was back to 90% of the baseline, {@code quorum} at
     *         a quorum loss's start and end; empty when no run has faults
     */
    static List<Marker> markers(List<RunRecord> runs) {
        Set<Marker> out = new LinkedHashSet<>();
        for (RunRecord run : runs) {
            FaultReport f = run.fact(FactKeys.FAULTS);
            if (f == null) {
                continue;
            }
            for (FaultEvent e : f.events()) {
                out.add(new Marker(round(e.atSeconds()), e.step(), "fault"));
            }
            for (RecoveryRecord r : f.recovery()) {
                if (r.recoverySeconds() > 0) {
                    out.add(new Marker(round(r.atSeconds() + r.recoverySeconds()), r.step() + ": back to 90%",
                            "recovery"));
                }
            }
            for (QuorumLoss q : f.quorumLoss()) {
                out.add(new Marker(round(q.startSeconds()), "quorum lost", "quorum"));
                if (q.ended()) {
                    out.add(new Marker(round(q.startSeconds() + q.lengthSeconds()), "quorum back", "quorum"));
                }
            }
        }
        return List.copyOf(out);
    }

    private static double round(double seconds) {
        return Math.round(seconds * 10) / 10.0;
    }

    /** @return per run with faults: timeline, recovery, quorum losses, ledger and checksum verdicts; "" for none */
    static String section(List<RunRecord> runs) {
        StringBuilder b = new StringBuilder();
        for (RunRecord run : runs) {
            FaultReport f = run.fact(FactKeys.FAULTS);
            LedgerRecord ledger = run.fact(FactKeys.LEDGER);
            ChecksumRecord sums = run.fact(FactKeys.CHECKSUMS);
            if ((f == null || f.events().isEmpty() && f.quorumLoss().isEmpty()) && ledger == null && sums == null) {
                continue;
            }
            b.append("<h4>").append(Html.esc(ReportCharts.runLabel(run, runs))).append("</h4>\n");
            if (f != null) {
                b.append(timeline(f)).append(recovery(f)).append(quorum(f));
            }
            if (ledger != null) {
                b.append("<ul>");
                FaultText.ledgerLines(ledger).forEach(l -> b.append("<li>").append(esc(l.strip())).append("</li>"));
                b.append("</ul>\n");
            }
            if (sums != null) {
                b.append("<ul>");
                FaultText.checksumLines(sums).forEach(l -> b.append("<li>").append(esc(l.strip())).append("</li>"));
                b.append("</ul>\n");
            }
        }
        return b.isEmpty() ? "" : "<h3>Faults</h3>\n<p>Vertical lines on the per-interval charts: a fault began "
                + "(solid), throughput back to 90% of the baseline (dashed), quorum lost or back (dotted).</p>\n" + b;
    }

    private static String timeline(FaultReport f) {
        if (f.events().isEmpty()) {
            return "";
        }
        List<List<String>> rows = new ArrayList<>();
        for (FaultEvent e : f.events()) {
            StateTransferRecord t = e.transfer();
            rows.add(List.of(Format.decimal(e.scheduledSeconds(), 2), Format.decimal(e.atSeconds(), 2), esc(e.step()),
                    e.ok() ? "ok" : "FAILED", Format.decimal(e.durationSeconds(), 1), esc(e.detail()),
                    t == null ? "" : esc(t.method() + (t.sstMethod().isEmpty() ? "" : " (" + t.sstMethod() + ")")
                            + (t.donor().isEmpty() ? "" : " from " + t.donor())),
                    t == null ? "" : seconds(t.transferSeconds()), t == null ? "" : seconds(t.syncedSeconds())));
        }
        return "<p>Fault timeline (schedule <code>" + esc(f.schedule()) + "</code>), seconds since the measured "
                + "start:</p>\n" + Html.table(List.of(DisplayNames.label("fault.scheduledSeconds"),
                DisplayNames.label("fault.atSeconds"), "step", "outcome", DisplayNames.label("fault.durationSeconds"),
                "detail", STATE_TRANSFER.key(), TRANSFER_TIME.key(), TIME_TO_SYNCED.key()), rows);
    }

    private static String recovery(FaultReport f) {
        if (f.recovery().isEmpty()) {
            return "";
        }
        List<List<String>> rows = new ArrayList<>();
        for (RecoveryRecord r : f.recovery()) {
            rows.add(List.of(esc(r.step()), Format.decimal(r.atSeconds(), 2), r.baselineTps() < 0 ? "-" : Format.decimal(r.baselineTps(), 1),
                    seconds(r.detectSeconds()), Format.decimal(r.stallSeconds(), 1),
                    r.recoverySeconds() < 0 ? FaultText.notBack(r) : seconds(r.recoverySeconds()),
                    r.errorsByCode().isEmpty() ? "none" : esc(codes(r.errorsByCode()))));
        }
        return Html.table(List.of("recovery", DisplayNames.label("fault.atSeconds"), FAULT_BASELINE.key(), FAULT_DETECT.key(),
                FAULT_STALL.key(), FAULT_BACK_TO_90.key(), FAULT_WINDOW_ERRORS.key()), rows);
    }

    private static String quorum(FaultReport f) {
        if (f.quorumLoss().isEmpty()) {
            return "";
        }
        List<List<String>> rows = new ArrayList<>();
        for (QuorumLoss q : f.quorumLoss()) {
            rows.add(List.of(Format.decimal(q.startSeconds(), 1), Format.decimal(q.lengthSeconds(), 1), q.ended() ? "yes" : "no (run ended)",
                    esc(q.nodes())));
        }
        return Html.table(List.of(QUORUM_LOSS.key() + " at (s)", "length (s)", "ended", "nodes"), rows);
    }

    /** @return e.g. {@code 2013/HY000: 4, 1047/08S01: 1} */
    private static String codes(java.util.Map<String, Long> byCode) {
        List<String> parts = new ArrayList<>();
        byCode.forEach((code, n) -> parts.add(code + ": " + n));
        return String.join(", ", parts);
    }

    private static String seconds(double s) {
        return s < 0 ? "-" : Format.decimal(s, 1);
    }
}
