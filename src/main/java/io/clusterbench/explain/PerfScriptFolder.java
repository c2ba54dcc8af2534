package io.clusterbench.explain;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Folds the samples of {@code perf script -F comm,pid,tid,time,ip,sym,dso} into stacks, per process, keeping only
 * the samples inside a time window: the common folded format ({@code thread;outer;...;leaf count}, one line per
 * distinct stack, as FlameGraph's {@code stackcollapse-perf.pl} writes it), with the thread's name as the root
 * frame. {@code PERF_RECORD_LOST} lines ({@code perf script --show-lost-events}) are counted per process, inside the
 * same window ({@link #lostSamples}). A frame without a symbol is named after its object in brackets ({@code [libcrypto.so.3]}, else
 * {@code [unknown]}); a kernel frame ends in {@code _[k]}; symbol versions ({@code @@GLIBC_2.34},
 * {@code @GLIBC_2.2.5}) are dropped.
 *
 * <p>Confined to one thread.
 */
final class PerfScriptFolder {
    /** {@code  comm  pid/tid  seconds.micros:} — the sample's first line. */
    private static final Pattern HEADER = Pattern.compile("^\\s*(.+?)\\s+(\\d+)/(\\d+)\\s+(\\d+)\\.(\\d+):.*$");
    /** {@code  comm  pid/tid  seconds.micros: PERF_RECORD_LOST lost N} — samples the kernel could not hand to perf. */
    private static final Pattern LOST = Pattern.compile("^\\s*(.+?)\\s+(\\d+)/(\\d+)\\s+(\\d+)\\.(\\d+):\\s+"
            + "PERF_RECORD_LOST lost (\\d+)\\s*$");
    /** {@code  address symbol (dso)} — one frame, leaf first. */
    private static final Pattern FRAME = Pattern.compile("^\\s+[0-9a-f]+\\s+(.*)$");
    /** The kernel's object name in perf's output. */
    static final String KERNEL_SUFFIX = "_[k]";

    private final long fromNanos;
    private final long toNanos;
    private final Map<Long, Map<String, Long>> stacks = new HashMap<>();
    private final Map<Long, Long> firstNanos = new HashMap<>();
    private final Map<Long, Long> lost = new HashMap<>();
    private long firstKept = Long.MAX_VALUE;
    private long lastKept = Long.MIN_VALUE;
    private long outside;

    /**
     * @param fromNanos the window's start, CLOCK_MONOTONIC ns ({@link System#nanoTime} on Linux; perf records
     *                  with {@code -k CLOCK_MONOTONIC})
     * @param toNanos   its end
     */
    PerfScriptFolder(long fromNanos, long toNanos) {
        this.fromNanos = fromNanos;
        this.toNanos = toNanos;
    }

    /**
     * Reads all of perf script's output.
     *
     * @throws IOException when reading fails
     */
    void read(BufferedReader in) throws IOException {
        read(in, true);
    }

    /**
     * Reads perf script's output until it ends.
     *
     * @param whole false when the output may have been cut (perf script killed): the last sample, unless a blank line
     *              ended it, may lack frames and is left out
     * @throws IOException when reading fails
     */
    void read(BufferedReader in, boolean whole) throws IOException {
        String header = null;
        java.util.ArrayList<String> frames = new java.util.ArrayList<>();
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            Matcher lostLine = line.contains("PERF_RECORD_LOST") ? LOST.matcher(line) : null;
            if (lostLine != null && lostLine.matches()) {
                add(header, frames);
                header = null;
                frames.clear();
                if (inWindow(nanos(lostLine.group(4), lostLine.group(5)))) {
                    lost.merge(Long.parseLong(lostLine.group(2)), Long.parseLong(lostLine.group(6)), Long::sum);
                }
            } else if (line.isBlank()) {
                add(header, frames);
                header = null;
                frames.clear();
            } else if (header == null) {
                header = line;
            } else {
                Matcher m = FRAME.matcher(line);
                if (m.matches()) {
                    frames.add(frame(m.group(1)));
                }
            }
        }
        if (whole) {
            add(header, frames);
        }
    }

    private void add(String header, List<String> leafFirst) {
        if (header == null) {
            return;
        }
        Matcher m = HEADER.matcher(header);
        if (!m.matches()) {
            return;
        }
        long at = nanos(m.group(4), m.group(5));
        if (!inWindow(at)) {
            outside++;
            return;
        }
        long pid = Long.parseLong(m.group(2));
        StringBuilder stack = new StringBuilder(clean(m.group(1).strip()));
        for (int i = leafFirst.size() - 1; i >= 0; i--) {
            stack.append(';').append(leafFirst.get(i));
        }
        stacks.computeIfAbsent(pid, p -> new HashMap<>()).merge(stack.toString(), 1L, Long::sum);
        firstNanos.merge(pid, at, Math::min);
        firstKept = Math.min(firstKept, at);
        lastKept = Math.max(lastKept, at);
    }

    /** @return perf's {@code seconds.fraction} time as ns */
    private static long nanos(String seconds, String fraction) {
        String micros = (fraction + "000000").substring(0, 6);
        return Long.parseLong(seconds) * 1_000_000_000L + Long.parseLong(micros) * 1000;
    }

    private boolean inWindow(long at) {
        return at >= fromNanos && at <= toNanos;
    }

    /** @return one frame's name from {@code symbol (dso)} */
    static String frame(String symbolAndDso) {
        String s = symbolAndDso.strip();
        String dso = "";
        int open = s.lastIndexOf(" (");
        if (open >= 0 && s.endsWith(")")) {
            dso = s.substring(open + 2, s.length() - 1);
            s = s.substring(0, open).strip();
        }
        boolean kernel = dso.startsWith("[kernel") || dso.endsWith(".ko") || dso.startsWith("[bpf");
        if (s.isEmpty() || s.equals("[unknown]")) {
            String base = dso.substring(dso.lastIndexOf('/') + 1);
            s = base.isEmpty() || base.equals("[unknown]") ? "[unknown]" : base.startsWith("[") ? base : "[" + base + "]";
        } else {
            int version = s.indexOf('@'); // symbol versions: @@GLIBC_2.34 (default), @GLIBC_2.2.5
            if (version > 0) {
                s = s.substring(0, version);
            }
        }
        return clean(s) + (kernel ? KERNEL_SUFFIX : "");
    }

    /** @return {@code name} without the folded format's separators */
    private static String clean(String name) {
        return name.replace(';', ':').replace('\n', ' ');
    }

    /** @return per process id, its folded stacks (sorted) and their sample counts */
    Map<Long, Map<String, Long>> stacks() {
        Map<Long, Map<String, Long>> out = new TreeMap<>();
        stacks.forEach((pid, s) -> out.put(pid, new TreeMap<>(s)));
        return out;
    }

    /** @return the first sample's time inside the window per process, ns */
    Map<Long, Long> firstSampleNanos() {
        return Map.copyOf(firstNanos);
    }

    /**
     * @return the latest sample's time inside the window, ns, 0 when none: perf script writes samples in time order,
     *         so a read cut short has folded the window up to here
     */
    long lastSampleNanos() {
        return lastKept < firstKept ? 0 : lastKept;
    }

    /** @return from the first sample kept to the last, any process, ns; 0 without one */
    long spanNanos() {
        return lastKept < firstKept ? 0 : lastKept - firstKept;
    }

    /** @return per process id, the samples the kernel reported lost inside the window (PERF_RECORD_LOST) */
    Map<Long, Long> lostSamples() {
        return Map.copyOf(lost);
    }

    /** @return samples left out because they fell outside the window (the warmup, the connection ramp) */
    long outsideWindow() {
        return outside;
    }
}
