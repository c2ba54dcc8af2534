package io.clusterbench.explain;

import io.clusterbench.lifecycle.Lifecycle;
import io.clusterbench.result.FactKeys;
import io.clusterbench.result.Facts;
import io.clusterbench.result.HardwareCounters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Hardware counters of every server on this host (docs/explain.md): one {@code perf stat -e cycles,instructions,
 * L1-icache-load-misses,iTLB-load-misses,branch-misses -p PID -- cat} per server, started at the measured start and
 * stopped (its input closed) at its end. A host that does not expose the counters (most virtual machines) gives
 * {@link HardwareCounters#NOT_SUPPORTED}, never zeros. Schedule: counting the whole phase; nothing per interval.
 * Cost: counting, no sampling (perf reads the counters once at the end).
 *
 * <p>Confined to its {@code AsyncObserver}'s thread, except {@link #measuringEnded}, {@link #close}, {@link #finish}
 * and {@link #facts}, which touch only volatile fields or run after the thread ended.
 */
final class HardwareCounterObserver implements Finishing {
    private final List<ExplainNode> nodes;
    private final Path dir;
    private final Lifecycle life;
    private volatile List<Lifecycle.Owned> owned = List.of();
    private volatile Map<String, String> names = Map.of();
    private volatile ChildProcess[] perf;
    private volatile String[] failure;
    private volatile long startNanos;
    private volatile long endNanos;
    private volatile HardwareCounters result;

    /**
     * @param nodes the target's endpoints
     * @param dir   where perf stat writes its output (the step's folder)
     * @param life  the command's lifecycle, which owns each perf stat until collected
     */
    HardwareCounterObserver(List<ExplainNode> nodes, Path dir, Lifecycle life) {
        this.nodes = List.copyOf(nodes);
        this.dir = dir;
        this.life = life;
    }

    @Override
    public String name() {
        return FactKeys.HARDWARE_COUNTERS.name();
    }

    @Override
    public void nameNodes(Map<String, String> namesByEndpoint) {
        names = Map.copyOf(namesByEndpoint);
    }

    private Path output(ExplainNode n) {
        return dir.resolve("perf-stat-" + (n.index() + 1) + ".txt");
    }

    private Path log(ExplainNode n) {
        return dir.resolve("perf-stat-" + (n.index() + 1) + ".log");
    }

    @Override
    public void start() {
        ChildProcess[] started = new ChildProcess[nodes.size()];
        String[] why = new String[nodes.size()];
        for (ExplainNode n : nodes) {
            if (!n.local()) {
                continue;
            }
            try {
                Files.createDirectories(dir);
                started[n.index()] = ChildProcess.start(List.of("perf", "stat", "-x,", "-e",
                        String.join(",", PerfStatOutput.EVENTS), "-p", Long.toString(n.pid()), "-o",
                        output(n).toString(), "--", "cat"), Path.of("/dev/null"), log(n));
            } catch (IOException e) {
                why[n.index()] = "perf is not installed (Debian: apt-get install linux-perf)";
            }
        }
        startNanos = System.nanoTime();
        failure = why;
        perf = started;
        List<Lifecycle.Owned> handles = new ArrayList<>();
        for (ChildProcess c : started) {
            if (c != null) {
                handles.add(life.own("perf stat", () -> c.close(Duration.ZERO)));
            }
        }
        owned = handles;
    }

    /** Stops counting (closes each perf stat's input); never waits. */
    @Override
    public void measuringEnded() {
        endNanos = System.nanoTime();
        ChildProcess[] p = perf;
        for (int i = 0; p != null && i < p.length; i++) {
            if (p[i] != null) {
                p[i].endInput();
            }
        }
    }

    @Override
    public Map<String, Object> sample(double intervalSeconds) {
        return Map.of();
    }

    @Override
    public Facts facts() {
        HardwareCounters r = result;
        return r == null ? Facts.NONE : Facts.NONE.with(FactKeys.HARDWARE_COUNTERS, r);
    }

    /** A step that never reached its measured end: kills perf stat. After it {@link #finish} collects the counts. */
    @Override
    public void close() {
        if (endNanos == 0) {
            collect(false);
        }
    }

    /** Waits for each perf stat's counts (until the step's end deadline) and makes the step's facts. */
    @Override
    public void finish() {
        if (endNanos != 0 && result == null) {
            collect(true);
        }
    }

    private void collect(boolean ended) {
        ChildProcess[] p = perf;
        List<HardwareCounters.Node> out = new ArrayList<>();
        for (ExplainNode n : nodes) {
            String name = n.name(names);
            String label = n.endpoint().label();
            ChildProcess c = p == null ? null : p[n.index()];
            boolean printed = c != null && c.close(ended && !life.stopRequested()
                    ? Duration.ofNanos(Math.max(0, life.endDeadlineNanos() - System.nanoTime())) : Duration.ZERO);
            String text = read(output(n));
            String log = read(log(n)).lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst().orElse("");
            if (!n.local()) {
                out.add(HardwareCounters.Node.absent(name, label, ExplainNode.NOT_ON_THIS_HOST));
            } else if (c == null) {
                String[] why = failure;
                out.add(HardwareCounters.Node.absent(name, label, why != null && why[n.index()] != null
                        ? why[n.index()] : "perf stat did not start"));
            } else {
                HardwareCounters.Counts counts = PerfStatOutput.parse(text);
                String why = PerfStatOutput.notSupported(text) ? HardwareCounters.NOT_SUPPORTED
                        : !printed ? "perf stat printed no counts by the step's end deadline ("
                        + Lifecycle.END_DEADLINE.toMillis() + " ms after the measured end)"
                        : "perf stat failed" + (log.isEmpty() ? "" : ": " + log);
                out.add(counts == null ? HardwareCounters.Node.absent(name, label, why)
                        : new HardwareCounters.Node(name, label, true, null, (endNanos - startNanos) / 1e9, counts, 0,
                        null));
            }
        }
        owned.forEach(Lifecycle.Owned::release);
        if (ended) {
            result = new HardwareCounters(out);
        }
    }

    /** @return the file's text (deleting it), "" when it is missing */
    private static String read(Path file) {
        try {
            String text = Files.exists(file) ? Files.readString(file) : "";
            Files.deleteIfExists(file);
            return text;
        } catch (IOException e) {
            return "";
        }
    }
}
