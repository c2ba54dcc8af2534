package io.clusterbench.sandbox;

import io.clusterbench.result.StateTransferRecord;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads how a joining node got its state from the lines its error log gained since a given offset (MariaDB
 * 10.11 + galera-4 26.4 wording, checked on the sandbox): the joiner always runs {@code wsrep_sst_<method> --role
 * 'joiner'}, whose own line says {@code rsync SST completed on joiner} or {@code rsync IST completed on joiner};
 * without that line, an IST request from an unknown position ({@code IST uuid:00000000-…}) means an SST, and
 * {@code IST received} an IST; the
 * donor is named in {@code Selected 0.0 (n1)(SYNCED) as donor}; the transfer lasts from {@code Shifting
 * PRIMARY -> JOINER} to {@code Shifting JOINER -> JOINED} (1 s resolution: the log's timestamps).
 *
 * <p>Thread-safe (stateless).
 */
public final class StateTransferLog {
    private static final Pattern SST_SCRIPT = Pattern.compile("wsrep_sst_(\\w+) --role 'joiner'");
    private static final Pattern SCRIPT_DONE = Pattern.compile("WSREP_SST: \\[INFO\\] (\\w+) (SST|IST) completed on joiner");
    private static final Pattern DONOR = Pattern.compile("Selected \\d+\\.\\d+ \\(([^)]*)\\)\\(\\w+\\) as donor");
    private static final Pattern STAMP = Pattern.compile("^(\\d{4}-\\d{2}-\\d{2} +\\d{1,2}:\\d{2}:\\d{2}) ");
    private static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("yyyy-MM-dd H:mm:ss");

    private StateTransferLog() {
    }

    /** @return the log's current size in bytes, where a later {@link #since} starts reading; 0 when missing */
    public static long offset(Path log) {
        try {
            return Files.size(log);
        } catch (IOException e) {
            return 0;
        }
    }

    /**
     * @param log           the node's error log
     * @param offset        where to start reading ({@link #offset} before the node was started)
     * @param syncedSeconds time to Synced to put in the record (-1 when it did not get there)
     * @return what the new lines say; method {@code none} when the node joined without a transfer
     */
    public static StateTransferRecord since(Path log, long offset, double syncedSeconds) {
        return parse(read(log, offset), syncedSeconds);
    }

    /**
     * @return the last state transfer in the whole log, e.g. {@code SST (rsync) from n1, 9 s, at 2026-11-30
     *         15:58:10}, or "-" when the log shows none
     */
    public static String last(Path log) {
        String text = read(log, 0);
        int at = text.lastIndexOf("State transfer required");
        if (at < 0) {
            return "-";
        }
        int lineStart = text.lastIndexOf('\n', at) + 1;
        String segment = text.substring(lineStart);
        StateTransferRecord t = parse(segment, -1);
        LocalDateTime when = stamp(segment);
        return describeTransfer(t) + (when == null ? "" : ", at " + when.toString().replace('T', ' '));
    }

    /**
     * @return e.g. {@code n3 rejoined by IST from n1, 1 s; Synced 7.2 s after the action}, or for a node that needed
     *         no transfer {@code n3 back without a state transfer; Synced 1.1 s after the action}
     */
    public static String describe(String node, StateTransferRecord t) {
        return String.format(java.util.Locale.ROOT, "%s %s; Synced %.1f s after the action", node,
                t.method().equals("none") ? "back without a state transfer" : "rejoined by " + describeTransfer(t),
                t.syncedSeconds());
    }

    /** @return the line of a resume or heal that found nothing to undo, e.g. {@code n3 was not paused: nothing to resume} */
    public static String nothingToUndo(String node, String action) {
        return node + (action.equals("heal") ? " was not cut off: nothing to heal" : " was not paused: nothing to resume");
    }

    private static String describeTransfer(StateTransferRecord t) {
        if (t.method().equals("none")) {
            return "no state transfer";
        }
        return t.method() + (t.sstMethod().isEmpty() ? "" : " (" + t.sstMethod() + ")")
                + (t.donor().isEmpty() ? "" : " from " + t.donor())
                + (t.transferSeconds() < 0 ? "" : String.format(java.util.Locale.ROOT, ", %.0f s", t.transferSeconds()));
    }

    /** @return what {@code text} (error log lines) says about a state transfer */
    static StateTransferRecord parse(String text, double syncedSeconds) {
        String method = "none";
        String sstMethod = "";
        String donor = "";
        LocalDateTime joiner = null;
        LocalDateTime joined = null;
        boolean istReceived = false;
        boolean sstReceived = false;
        boolean fromNothing = false;
        String scriptSays = null;
        for (String line : text.split("\n")) {
            Matcher done = SCRIPT_DONE.matcher(line);
            if (done.find()) {
                scriptSays = done.group(2);
            }
            if (line.contains("IST uuid:00000000-0000-0000-0000-000000000000")) {
                fromNothing = true;
            }
            Matcher sst = SST_SCRIPT.matcher(line);
            if (sst.find()) {
                sstMethod = sst.group(1);
            }
            Matcher d = DONOR.matcher(line);
            if (d.find() && donor.isEmpty()) {
                donor = d.group(1);
            }
            if (line.contains("SST received") || line.contains("SST succeeded")) {
                sstReceived = true;
            }
            if (line.contains("IST received")) {
                istReceived = true;
            }
            if (line.contains("-> JOINER") && joiner == null) {
                joiner = stamp(line);
            }
            if (line.contains("JOINER -> JOINED")) {
                joined = stamp(line);
            }
        }
        if (scriptSays != null) {
            method = scriptSays;
        } else if (fromNothing || sstReceived && !istReceived) {
            method = "SST";
        } else if (istReceived) {
            method = "IST";
        } else if (joiner != null) {
            method = "unknown";
        }
        double transfer = joiner != null && joined != null ? ChronoUnit.SECONDS.between(joiner, joined) : -1;
        return new StateTransferRecord(method, method.equals("SST") ? sstMethod : "", donor, transfer, syncedSeconds);
    }

    private static LocalDateTime stamp(String line) {
        Matcher m = STAMP.matcher(line);
        if (!m.find()) {
            return null;
        }
        try {
            return LocalDateTime.parse(m.group(1).replaceAll(" +", " "), FORMAT);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static String read(Path log, long offset) {
        try (RandomAccessFile f = new RandomAccessFile(log.toFile(), "r")) {
            long start = offset <= f.length() ? offset : 0;
            byte[] bytes = new byte[(int) Math.min(Integer.MAX_VALUE - 8, f.length() - start)];
            f.seek(start);
            f.readFully(bytes);
            return new String(bytes, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }
}
