package io.clusterbench.explain;

import io.clusterbench.lifecycle.Lifecycle;
import io.clusterbench.result.CpuProfile;
import io.clusterbench.result.FactKeys;
import io.clusterbench.result.Facts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The on-CPU profile of every server on this host (docs/explain.md): one {@code perf record -e cpu-clock -g} over
 * their processes, started before the step's load ({@link #startAndAwait}: perf attaches to the threads that exist
 * then, and threads started later inherit its events; a thread started while it attaches would be missed, and the
 * workers' connections start just then), stopped at the measured end; only the samples inside the measured phase are kept. After the step the
 * samples are folded into {@code profile.folded} (one server) or {@code profile-NODE.folded} in the step's folder
 * and analysed (only the servers' samples). Schedule: continuous sampling at {@code --profile-frequency}; nothing per
 * interval. Cost: perf's own CPU time in the window is measured (ns, from its threads' schedstat) and reported with
 * the profile; the samples are checked against the server's CPU time (expected samples) and perf's lost records; the
 * analysis after the step is bounded by {@link #ANALYSIS_DEADLINE}. perf ended during its attach is started once more
 * ({@link #ATTACH_ATTEMPTS}).
 *
 * <p>perf is a child process that never outlives the command ({@link ChildProcess}): it runs as
 * {@code perf record ... -- cat}, stops when its input is closed at the measured end, is owned by the command's
 * lifecycle (killed at its end at the latest), killed by {@link #close} when the measured phase never ended, and ends
 * by itself when this process dies. After a Ctrl-C the samples are not analysed (perf.data is kept in the step's
 * folder), and a Ctrl-C during the analysis cuts it short.
 *
 * <p>Confined to its {@code AsyncObserver}'s thread, except {@link #startAndAwait}, {@link #finish} and
 * {@link #facts} (the command's thread), {@link #measuringEnded} (the engine's thread) and {@link #close} (a closing
 * thread); the fields they share are volatile.
 */
final class CpuProfileObserver implements Finishing {
    /** The longest perf may take to write its data after the measured end. */
    static final Duration STOP_DEADLINE = Duration.ofSeconds(5);
    /**
     * The same after a Ctrl-C, which must end the command within a second: the samples are not analysed then, so perf
     * only gets the moment to close its file.
     */
    static final Duration STOP_DEADLINE_AFTER_STOP = Duration.ofMillis(100);
    /**
     * How often perf is started when it ends during its attach (perf 6.1 has been seen to exit without a word while a
     * server's threads came and went).
     */
    static final int ATTACH_ATTEMPTS = 2;
    /** The longest folding the samples may take (perf script reads about 20,000 samples a second here). */
    static final Duration ANALYSIS_DEADLINE = Duration.ofSeconds(120);
    private final List<ExplainNode> nodes;
    private final int frequencyHz;
    private final Path dir;
    private final Lifecycle life;
    private final Consumer<String> note;
    private final Path proc = Path.of("/proc");
    private volatile Map<String, String> names = Map.of();
    private volatile ChildProcess perf;
    /** perf as the lifecycle owns it (killed at the command's end if nothing else stopped it); null without perf. */
    private volatile Lifecycle.Owned perfOwned;
    /** Whether perf was started (or tried): set by the first {@link #startAndAwait}. */
    private volatile boolean started;
    /** Whether perf samples (it started its {@code cat}). */
    private volatile boolean ready;
    /** perf record processes started so far (guarded by this). */
    private int attempts;
    private volatile String failure;
    private volatile long windowStartNanos;
    private volatile long windowEndNanos;
    private volatile long perfNanosStart = -1;
    private volatile long perfNanosEnd = -1;
    private volatile long[] serverTicksStart;
    private volatile long[] serverTicksEnd;
    private volatile CpuProfile result;
    /** The servers on other hosts, through {@code --server-perf-cmd}; null without it. */
    private final RemoteProfiles remote;

    /**
     * @param nodes       the target's endpoints (only local servers are profiled)
     * @param frequencyHz {@code --profile-frequency}
     * @param dir         the step's folder
     * @param life        the command's lifecycle: it owns perf (killed at the command's end at the latest), and a
     *                    stop (Ctrl-C) means the samples are not analysed
     * @param note        where a line goes when perf cannot run ({@code --profile on}); null for silence
     */
    CpuProfileObserver(List<ExplainNode> nodes, int frequencyHz, Path dir, Lifecycle life, Consumer<String> note) {
        this(nodes, frequencyHz, dir, life, note, null);
    }

    /**
     * As above, with the servers on other hosts profiled through {@code --server-perf-cmd} ({@link RemoteProfiles}).
     *
     * @param remoteCommand the template, or null (those servers have no profile)
     */
    CpuProfileObserver(List<ExplainNode> nodes, int frequencyHz, Path dir, Lifecycle life, Consumer<String> note,
                       String remoteCommand) {
        this.remote = remoteCommand == null ? null : new RemoteProfiles(remoteCommand, nodes, frequencyHz, dir, life);
        this.nodes = List.copyOf(nodes);
        this.frequencyHz = frequencyHz;
        this.dir = dir;
        this.life = life;
        this.note = note;
    }

    @Override
    public String name() {
        return FactKeys.CPU_PROFILE.name();
    }

    @Override
    public void nameNodes(Map<String, String> namesByEndpoint) {
        names = Map.copyOf(namesByEndpoint);
    }

    private List<ExplainNode> local() {
        return nodes.stream().filter(ExplainNode::local).toList();
    }

    /**
     * Starts perf (unless it was started already) and waits until it samples, before the step's load begins (the step
     * waits: set-up time, not measured). Ready means perf started its {@code cat}: it does so once its events are
     * enabled on every thread. Whoever started perf, every call waits for it: the observer's own thread may start it
     * first ({@link #connect}, no wait), and the step must still wait, or the workers' server threads begin while perf
     * attaches and are never sampled (a thread created between perf's listing of the threads and the opening of their
     * events is lost). perf that ended while attaching is started once more ({@link #ATTACH_ATTEMPTS}).
     *
     * @param deadline the longest wait; after it the step goes on and the profile covers less ({@code coveredSeconds})
     */
    synchronized void startAndAwait(Duration deadline) {
        if (ready || local().isEmpty()) {
            return;
        }
        long end = System.nanoTime() + deadline.toNanos();
        if (!started) {
            started = true;
            attempts = 1;
            if (!launch()) {
                return;
            }
        }
        while (perf != null) {
            ChildProcess p = perf;
            if (p.awaitChild("cat", Duration.ofNanos(Math.max(0, end - System.nanoTime())))) {
                ready = true;
                return;
            }
            if (p.alive() || attempts >= ATTACH_ATTEMPTS) {
                return;
            }
            perfOwned.release(); // it ended while attaching: once more
            attempts++;
            if (!launch()) {
                return;
            }
        }
    }

    /** Starts perf record; @return false (and the reason set) when it cannot be started */
    private boolean launch() {
        List<String> command = List.of("perf", "record", "-e", "cpu-clock", "-F", Integer.toString(frequencyHz), "-g",
                "-k", "CLOCK_MONOTONIC", "-N", "-B", "-p", pids(), "-o", data().toString(), "--", "cat");
        try {
            Files.createDirectories(dir);
            perf = ChildProcess.start(command, dir.resolve("perf.log"), dir.resolve("perf.log"));
        } catch (IOException e) {
            failure = Files.isDirectory(dir) ? "perf is not installed (Debian: apt-get install linux-perf)"
                    : "cannot write to " + dir + ": " + e.getMessage();
            if (note != null) {
                note.accept("explain: no on-CPU profile: " + failure);
            }
            return false;
        }
        ChildProcess p = perf;
        perfOwned = life.own("perf record", () -> p.close(Duration.ZERO));
        return true;
    }

    /** Starts perf when {@link #startAndAwait} was not called (no wait: the observer's own thread). */
    @Override
    public void connect() {
        startAndAwait(Duration.ZERO);
    }

    private String pids() {
        return local().stream().map(n -> Long.toString(n.pid())).distinct().collect(Collectors.joining(","));
    }

    private Path data() {
        return dir.resolve("perf.data");
    }

    @Override
    public void start() {
        windowStartNanos = System.nanoTime();
        ChildProcess p = perf;
        if (p != null && !p.alive()) {
            failure = perfError();
            if (note != null) {
                note.accept("explain: no on-CPU profile: " + failure);
            }
        }
        perfNanosStart = p == null ? -1 : ProcReading.cpuNanos(proc, p.pid());
        if (remote != null) {
            remote.start(names);
        }
        serverTicksStart = serverTicks();
    }

    private long[] serverTicks() {
        List<ExplainNode> l = local();
        long[] t = new long[l.size()];
        for (int i = 0; i < t.length; i++) {
            t[i] = ProcReading.cpuTicks(proc, l.get(i).pid());
        }
        return t;
    }

    /** Ends the window and asks perf to stop (closes its input); never waits. */
    @Override
    public void measuringEnded() {
        windowEndNanos = System.nanoTime();
        if (remote != null) {
            remote.measuringEnded();
        }
        ChildProcess p = perf;
        if (p != null) {
            perfNanosEnd = ProcReading.cpuNanos(proc, p.pid());
            serverTicksEnd = serverTicks();
            p.endInput();
        }
    }

    @Override
    public Map<String, Object> sample(double intervalSeconds) {
        return Map.of();
    }

    @Override
    public Facts facts() {
        CpuProfile r = result;
        return r == null ? Facts.NONE : Facts.NONE.with(FactKeys.CPU_PROFILE, r);
    }

    /** A step that never reached its measured end: kills perf and removes its files. After it {@link #finish} does. */
    @Override
    public void close() {
        if (windowEndNanos != 0) {
            return;
        }
        if (remote != null) {
            remote.close();
        }
        ChildProcess p = perf;
        if (p != null) {
            p.close(Duration.ZERO);
            perfOwned.release();
        }
        deleteQuietly(data());
        deleteQuietly(dir.resolve("perf.log"));
    }

    /** Lets perf finish writing (or kills it) and, unless the command was stopped, folds and analyses its samples. */
    @Override
    public void finish() {
        if (windowEndNanos == 0 || result != null) {
            return;
        }
        ChildProcess p = perf;
        boolean stop = life.stopRequested();
        boolean wrote = p != null && p.close(stop ? STOP_DEADLINE_AFTER_STOP : STOP_DEADLINE);
        if (p != null) {
            perfOwned.release();
        }
        String why = failure != null ? failure : p == null ? null
                : stop ? "not analysed: the step was stopped (Ctrl-C); the samples are in perf.data"
                : !wrote ? "perf did not finish writing within " + STOP_DEADLINE.toSeconds() + " s" : null;
        if (why == null && p != null && p.exitValue() != 0 && !Files.exists(data())) {
            why = perfError();
        }
        CpuProfile local = why == null && p != null ? analyse() : absent(why);
        result = remote == null || !remote.any() ? local
                : remote.merge(local, nodes, (windowEndNanos - windowStartNanos) / 1e9, names);
    }

    private CpuProfile absent(String why) {
        List<CpuProfile.Node> out = new ArrayList<>();
        for (ExplainNode n : nodes) {
            out.add(CpuProfile.Node.absent(n.name(names), n.endpoint().label(), n.local() ? n.pid() : null,
                    frequencyHz, n.local() ? why : ExplainNode.NOT_ON_THIS_HOST));
        }
        return new CpuProfile(out);
    }

    private CpuProfile analyse() {
        long t0 = System.nanoTime();
        PerfScriptFolder folder;
        try {
            folder = PerfScript.fold(data(), pids(), windowStartNanos, windowEndNanos, ANALYSIS_DEADLINE, life);
        } catch (IOException e) {
            return absent("the samples could not be read: " + e.getMessage());
        }
        double analysis = (System.nanoTime() - t0) / 1e9;
        double window = (windowEndNanos - windowStartNanos) / 1e9;
        double perfCpu = perfNanosStart < 0 || perfNanosEnd < perfNanosStart ? 0
                : (perfNanosEnd - perfNanosStart) / 1e9;
        List<ExplainNode> local = local();
        double perfShare = perfShare(perfCpu);
        List<CpuProfile.Node> out = new ArrayList<>();
        boolean kept = true;
        for (ExplainNode n : nodes) {
            String name = n.name(names);
            if (!n.local()) {
                out.add(CpuProfile.Node.absent(name, n.endpoint().label(), null, frequencyHz,
                        ExplainNode.NOT_ON_THIS_HOST));
                continue;
            }
            Map<String, Long> stacks = folder.stacks().getOrDefault(n.pid(), Map.of());
            String file = local.size() == 1 ? "profile.folded" : "profile-" + name.replaceAll("[^A-Za-z0-9._-]", "_")
                    + ".folded";
            try {
                FoldedFile.write(dir.resolve(file), stacks);
            } catch (IOException e) {
                kept = false;
                file = null;
            }
            ProfileAnalysis a = ProfileAnalysis.of(stacks);
            Long first = folder.firstSampleNanos().get(n.pid());
            int i = local.indexOf(n);
            long serverTicks = serverTicksStart == null || serverTicksEnd == null || serverTicksStart[i] < 0
                    ? -1 : serverTicksEnd[i] - serverTicksStart[i];
            if (a.samples() == 0 || serverTicks < 0) {
                kept &= a.samples() != 0; // perf.data stays for a look with perf report
                out.add(CpuProfile.Node.absent(name, n.endpoint().label(), n.pid(), frequencyHz, a.samples() == 0
                        ? "no sample in the measured phase (" + folder.outsideWindow() + " outside it; perf.data kept)"
                        : "the server process ended during the step"));
                continue;
            }
            Long expected = Math.round(serverTicks / (double) ProcReading.TICKS_PER_SECOND * frequencyHz);
            long lost = folder.lostSamples().getOrDefault(n.pid(), 0L);
            Double share = Double.isNaN(perfShare) ? null : round(perfShare);
            out.add(new CpuProfile.Node(name, n.endpoint().label(), null, n.pid(), frequencyHz, file, a.samples(),
                    round(window), first == null ? 0 : round((windowEndNanos - first) / 1e9), micros(perfCpu), share,
                    round(analysis), a.selfByName().size(), a.concentration(), a.categories(), a.lockSharePercent(),
                    a.topSelf(), a.topTotal(), a.topUserSelf(), expected,
                    expected == 0 ? null : round(100.0 * a.samples() / expected), lost,
                    CpuProfile.warning(a.samples(), expected, lost, share), 0, null));
        }
        if (kept) {
            deleteQuietly(data());
            deleteQuietly(dir.resolve("perf.log"));
        }
        return new CpuProfile(out);
    }

    /** @return perf's CPU as a percentage of all profiled servers' CPU in the window, NaN when unknown */
    private double perfShare(double perfCpuSeconds) {
        long[] a = serverTicksStart;
        long[] b = serverTicksEnd;
        long ticks = 0;
        for (int i = 0; a != null && b != null && i < a.length; i++) {
            if (a[i] < 0 || b[i] < a[i]) {
                return Double.NaN;
            }
            ticks += b[i] - a[i];
        }
        return ticks <= 0 ? Double.NaN : 100.0 * perfCpuSeconds * ProcReading.TICKS_PER_SECOND / ticks;
    }

    /** @return perf's complaint for the reason there is no profile ({@link PerfScript#recordError}) */
    private String perfError() {
        return PerfScript.recordError(dir.resolve("perf.log"), perf);
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // left behind: a file in the step's folder
        }
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }

    private static double micros(double seconds) {
        return Math.round(seconds * 1e6) / 1e6;
    }
}
