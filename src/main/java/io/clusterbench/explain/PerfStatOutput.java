package io.clusterbench.explain;

import io.clusterbench.result.HardwareCounters;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads {@code perf stat -x,} output ({@code value,unit,event,run time,percent,...} per counter): the counts of
 * {@link #EVENTS}, or that the host does not expose them ({@code <not supported>}, {@code <not counted>}).
 *
 * <p>Thread-safe (stateless).
 */
final class PerfStatOutput {
    /** The counters asked of perf stat, in its {@code -e} order. */
    static final List<String> EVENTS = List.of("cycles", "instructions", "L1-icache-load-misses", "iTLB-load-misses",
            "branch-misses");

    private PerfStatOutput() {
    }

    /** @return true when perf said the host has none of the counters ({@code <not supported>}, {@code <not counted>}) */
    static boolean notSupported(String text) {
        return text.contains("<not supported>") || text.contains("<not counted>");
    }

    /**
     * @param text perf stat's output file
     * @return the counts (each null when perf could not read it), or null when it read none of them: the host
     *         does not expose them ({@link HardwareCounters#NOT_SUPPORTED}) or the output has no counter line
     */
    static HardwareCounters.Counts parse(String text) {
        Map<String, Long> counts = new HashMap<>();
        for (String line : text.split("\n")) {
            String[] f = line.split(",", -1);
            if (f.length < 3 || line.startsWith("#")) {
                continue;
            }
            String event = f[2].strip();
            int colon = event.indexOf(':'); // cycles:u
            if (colon > 0) {
                event = event.substring(0, colon);
            }
            if (EVENTS.contains(event)) {
                try {
                    counts.put(event, Long.parseLong(f[0].strip()));
                } catch (NumberFormatException notCounted) {
                    // <not supported>, <not counted>: left null
                }
            }
        }
        if (counts.isEmpty()) {
            return null;
        }
        return new HardwareCounters.Counts(counts.get("cycles"), counts.get("instructions"),
                counts.get("L1-icache-load-misses"), counts.get("iTLB-load-misses"), counts.get("branch-misses"));
    }
}
