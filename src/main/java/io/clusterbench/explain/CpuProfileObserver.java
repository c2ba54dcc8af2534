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
 * The on-CPU profile of every server on this host (docs/explain.md): one {@code perf record -e cpu-clock -g}, per
 * CPU where it may ({@link #launch}; else over the servers' processes), started before the step's load
 * ({@link #startAndAwait}: per process, perf attaches to the threads that exist then, and threads started later
 * inherit its events; a thread started while it attaches would be missed, and the workers' connections start just
 * then), stopped at the measured end; only the samples inside the measured phase are kept. After the step the
 * samples are folded into {@code profile.folded} (one server) or {@code profile-NODE.folded} in the step's folder
 * and analysed (only the servers' samples). Schedule: continuous sampling at {@code --profile-frequency}; nothing per
 * interval. Cost: perf's own CPU time in the window is measured (ns, from its threads' schedstat) and reported with
 * the profile; the samples are checked against the server's CPU time (expected samples) and perf's lost records.
 * perf's stop and the analysis begin at the measured end, on a thread of their own, and end by the step's end deadline
 * ({@code Lifecycle.endDeadlineNanos}): an analysis cut there keeps the samples folded so far, the phase's first part,
 * and says so ({@code incompleteReason}; perf.data stays for {@code perf report}). perf ended during its attach is
 * started once more ({@link #ATTACH_ATTEMPTS}).
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
    /**
     * After a Ctrl-C, which must end the command within a second: the samples are not analysed then, so perf only gets
     * the moment to close its file.
     */
    static final Duration STOP_DEADLINE_AFTER_STOP = Duration.ofMillis(100);
    /**
     * What the end deadline keeps from perf script for making the facts of what it folded (the analysis, the folded
     * file): perf script is cut this long before it.
     */
    static final Duration ANALYSIS_RESERVE = Duration.ofMillis(80);
    /** After the end deadline, the longest {@link #finish} waits for the analysis to make its facts. */
    static final Duration FINISH_GRACE = Duration.ofMillis(50);
    /**
     * How long after the measured end perf's stop and the analysis of its samples may take: the one end-of-step task
     * allowed past the step's 0.5 s end deadline (docs/architecture.md, "The lifecycle"), because it is local work
     * that no peer can hold, asked for with {@code --profile on}, and perf script alone needs 0.3 CPU s to start.
     * After a Ctrl-C the step's end deadline holds and the samples are not analysed.
     */
    static final Duration ANALYSIS_DEADLINE = Duration.ofSeconds(5);
    /**
     * How often perf is started when it ends during its attach (perf 6.1 has been seen to exit without a word while a
     * server's threads came and went).
     */
    static final int ATTACH_ATTEMPTS = 2;
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
    /** perf's stop and the analysis, begun at the measured end; null before. */
    private volatile Thread ending;
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

    /**
     * Starts perf record, sampling per CPU ({@code -a}) on the first attempt when this process may
     * ({@link #perCpuAllowed}), else per thread of the servers ({@code -p}); only the servers' samples are kept
     * ({@code perf script --pid}). Per CPU costs the server far less: a per-thread cpu-clock event is switched with
     * each of the server's threads at every context switch, and at 64 threads that cost 20% of the tps at 99 Hz
     * against 5% per CPU (docs/explain.md, "Cost").
     *
     * @return false (and the reason set) when it cannot be started
     */
    private boolean launch() {
        List<String> scope = attempts == 1 && perCpuAllowed(proc) ? List.of("-a") : List.of("-p", pids());
        List<String> command = new ArrayList<>(List.of("perf", "record", "-e", "cpu-clock", "-F",
                Integer.toString(frequencyHz), "-g", "-k", "CLOCK_MONOTONIC", "-N", "-B", "--no-bpf-event"));
        command.addAll(scope);
        command.addAll(List.of("-o", data().toString(), "--", "cat"));
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

    /**
     * @param proc {@code /proc}
     * @return true when perf may sample every CPU: this process runs as root, or {@code perf_event_paranoid} is 0 or
     *         less (perf's own rule for {@code -a}); false when neither can be read
     */
    static boolean perCpuAllowed(Path proc) {
        try {
            for (String line : Files.readAllLines(proc.resolve("self/status"))) {
                if (line.startsWith("Uid:") && line.split("\\s+")[2].equals("0")) {
                    return true; // the effective uid
                }
            }
            return Integer.parseInt(Files.readString(proc.resolve("sys/kernel/perf_event_paranoid")).trim()) <= 0;
        } catch (IOException | RuntimeException e) {
            return false;
        }
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

    /**
     * Ends the window, asks perf to stop (closes its input) and begins collecting its samples on a thread of its own
     * ({@link #collect}); never waits.
     */
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
        Thread t = new Thread(this::collect, "explain-profile-end");
        t.setDaemon(true);
        ending = t;
        t.start();
    }

    @Override
    public Map<String, Object> sample(double intervalSeconds) {
        return Map.of();
    }

    /**
     * @return the profile; none while its analysis is still within its deadline (a record written meanwhile has no
     *         profile yet); when the analysis was abandoned at its deadline before it made one, the profile is absent
     *         and says so (never missing without a reason)
     */
    @Override
    public Facts facts() {
        Thread t = ending;
        if (result == null && t != null
                && (!t.isAlive() || System.nanoTime() - (deadlineNanos() + FINISH_GRACE.toNanos()) > 0)) {
            settle(absent("not analysed by the profile's deadline (" + deadlineText() + " after the measured end); "
                    + "the samples are in perf.data"));
        }
        CpuProfile r = result;
        return r == null ? Facts.NONE : Facts.NONE.with(FactKeys.CPU_PROFILE, r);
    }

    /** @return {@link #ANALYSIS_DEADLINE} after the measured end, or the step's end deadline after a stop */
    @Override
    public long finishDeadlineNanos(Lifecycle life) {
        return deadlineNanos();
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

    /**
     * Waits for {@link #collect} until the step's end deadline (and {@link #FINISH_GRACE} for its facts); when it is not
     * done by then, the profile is absent and says why.
     */
    @Override
    public void finish() {
        Thread t = ending;
        if (t == null) {
            return;
        }
        while (t.isAlive()) {
            long left = deadlineNanos() + FINISH_GRACE.toNanos() - System.nanoTime();
            if (left <= 0) {
                break;
            }
            try {
                t.join(Math.max(1, Math.min(20, left / 1_000_000)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        settle(absent("not analysed by the profile's deadline (" + deadlineText() + " after the "
                + "measured end); the samples are in perf.data"));
    }

    /** Sets the result unless one was set. */
    private synchronized void settle(CpuProfile r) {
        if (result == null) {
            result = r;
        }
    }

    /**
     * Lets perf finish writing (or kills it) and, unless the command was stopped, folds and analyses its samples, until
     * the step's end deadline. Runs on its own thread from the measured end.
     */
    private void collect() {
        ChildProcess p = perf;
        boolean stop = life.stopRequested();
        boolean wrote = p != null && p.close(stop ? STOP_DEADLINE_AFTER_STOP : leftUntilDeadline());
        if (p != null) {
            perfOwned.release();
        }
        String why = failure != null ? failure : p == null ? null
                : life.stopRequested() ? "not analysed: the step was stopped (Ctrl-C); the samples are in perf.data"
                : !wrote ? "perf did not finish writing by the profile's deadline (" + deadlineText()
                + " after the measured end)" : null;
        if (why == null && p != null && p.exitValue() != 0 && !Files.exists(data())) {
            why = perfError();
        }
        CpuProfile local = why == null && p != null ? analyse() : absent(why);
        CpuProfile r = remote == null || !remote.any() ? local : remote.merge(local, nodes,
                (windowEndNanos - windowStartNanos) / 1e9, names, deadlineNanos() - ANALYSIS_RESERVE.toNanos());
        settle(r);
        life.mark("explain: profile " + (r.nodes().stream().anyMatch(n -> n.incompleteReason() != null) ? "cut"
                : r.profiled() ? "analysed" : "absent"));
    }

    /**
     * @return when the profile's stop and analysis must be done ({@link System#nanoTime}): {@link #ANALYSIS_DEADLINE}
     *         after the measured end, or the step's end deadline after a stop (Ctrl-C), which the exit bound holds to
     */
    private long deadlineNanos() {
        return life.stopRequested() || windowEndNanos == 0 ? life.endDeadlineNanos()
                : windowEndNanos + ANALYSIS_DEADLINE.toNanos();
    }

    private String deadlineText() {
        return life.stopRequested() ? Lifecycle.END_DEADLINE.toMillis() + " ms" : ANALYSIS_DEADLINE.toSeconds() + " s";
    }

    private Duration leftUntilDeadline() {
        return Duration.ofNanos(Math.max(0, deadlineNanos() - System.nanoTime()));
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
        PerfScript.Fold fold;
        try {
            fold = PerfScript.fold(data(), pids(), windowStartNanos, windowEndNanos,
                    deadlineNanos() - ANALYSIS_RESERVE.toNanos(), life);
        } catch (IOException e) {
            return absent("the samples could not be read: " + e.getMessage());
        }
        PerfScriptFolder folder = fold.folder();
        double analysis = (System.nanoTime() - t0) / 1e9;
        double window = (windowEndNanos - windowStartNanos) / 1e9;
        // a cut read that folded no sample of the window covers none of it
        long coveredTo = fold.complete() ? windowEndNanos : Math.max(windowStartNanos, folder.lastSampleNanos());
        String incomplete = fold.complete() ? null : String.format(java.util.Locale.ROOT, "the analysis was cut at the "
                + "profile's deadline (%s after the measured end): it covers the phase's first %.1f of %.1f s; the "
                + "samples are in perf.data", deadlineText(),
                (coveredTo - windowStartNanos) / 1e9, window);
        double coveredShare = window <= 0 ? 1 : Math.min(1, Math.max(0, (coveredTo - windowStartNanos) / 1e9 / window));
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
                        ? (incomplete != null ? "no sample analysed: " + incomplete
                        : "no sample in the measured phase (" + folder.outsideWindow() + " outside it; perf.data kept)")
                        : "the server process ended during the step"));
                continue;
            }
            // a cut analysis expects the samples of the part it covers (the server's CPU spread evenly over the phase)
            Long expected = Math.round(serverTicks / (double) ProcReading.TICKS_PER_SECOND * frequencyHz * coveredShare);
            long lost = folder.lostSamples().getOrDefault(n.pid(), 0L);
            Double share = Double.isNaN(perfShare) ? null : round(perfShare);
            out.add(new CpuProfile.Node(name, n.endpoint().label(), null, incomplete, n.pid(), frequencyHz, file,
                    a.samples(), round(window), first == null ? 0 : round((coveredTo - first) / 1e9), micros(perfCpu),
                    share, round(analysis), a.selfByName().size(), a.concentration(), a.categories(),
                    a.lockSharePercent(), a.topSelf(), a.topTotal(), a.topUserSelf(), expected,
                    expected == 0 ? null : round(100.0 * a.samples() / expected), lost,
                    CpuProfile.warning(a.samples(), expected, lost, share), 0, null));
        }
        if (kept && incomplete == null) {
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
