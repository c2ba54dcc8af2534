package io.clusterbench.explain;

import io.clusterbench.lifecycle.Lifecycle;
import io.clusterbench.result.CpuProfile;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The on-CPU profiles of the servers on other hosts through {@code --server-perf-cmd} ({@link RemotePerf}), one command
 * per remote node from the measured start to its end, for {@link CpuProfileObserver}: it starts, ends and folds them
 * on the observer's schedule and hands back each remote node's profile facts.
 *
 * <p>Thread-safe: the commands are held in concurrent maps; each method is called by one of the observer's threads.
 */
final class RemoteProfiles {
    private final String template;
    private final List<ExplainNode> nodes;
    private final int frequencyHz;
    private final Path dir;
    private final Lifecycle life;
    private final boolean alone;
    private final Map<ExplainNode, RemotePerf> running = new ConcurrentHashMap<>();
    private final Map<ExplainNode, String> failures = new ConcurrentHashMap<>();

    /**
     * @param template    {@code --server-perf-cmd}
     * @param nodes       the target's endpoints (only those not on this host are profiled here)
     * @param frequencyHz {@code --profile-frequency}
     * @param dir         the step's folder
     * @param life        the command's lifecycle: it owns the commands
     */
    RemoteProfiles(String template, List<ExplainNode> nodes, int frequencyHz, Path dir, Lifecycle life) {
        this.template = template;
        this.nodes = nodes.stream().filter(n -> !n.local()).toList();
        this.frequencyHz = frequencyHz;
        this.dir = dir;
        this.life = life;
        this.alone = nodes.size() == 1;
    }

    /** @return true when some node is profiled through the command */
    boolean any() {
        return !nodes.isEmpty();
    }

    /** The measured start: starts every remote node's command. */
    void start(Map<String, String> names) {
        for (ExplainNode n : nodes) {
            try {
                running.put(n, RemotePerf.launch(template, n, n.name(names), frequencyHz, dir, life));
            } catch (IOException e) {
                failures.put(n, "--server-perf-cmd could not be started: " + e.getMessage());
            }
        }
    }

    /** The measured end: closes every command's input; never waits. */
    void measuringEnded() {
        running.values().forEach(RemotePerf::endInput);
    }

    /** A step that never reached its measured end: kills the commands and removes their files. */
    void close() {
        running.values().forEach(RemotePerf::close);
        running.clear();
    }

    /**
     * Waits for every command (all within one deadline: they ran side by side) and folds its samples into
     * {@code profile-NODE.folded} ({@code profile.folded} when the target has one node).
     *
     * @param deadline      the longest wait for all of them
     * @param windowSeconds the measured phase as the observer saw it, s
     * @return each remote node's profile, by node
     */
    Map<ExplainNode, CpuProfile.Node> finish(Duration deadline, double windowSeconds, Map<String, String> names) {
        Map<ExplainNode, CpuProfile.Node> out = new LinkedHashMap<>();
        long end = System.nanoTime() + deadline.toNanos();
        for (ExplainNode n : nodes) {
            String name = n.name(names);
            RemotePerf r = running.remove(n);
            if (r == null) {
                out.put(n, CpuProfile.Node.absent(name, n.endpoint().label(), null, frequencyHz,
                        failures.getOrDefault(n, "--server-perf-cmd did not run")));
                continue;
            }
            long t0 = System.nanoTime();
            try {
                RemotePerf.Folded f = r.finish(Duration.ofNanos(Math.max(0, end - t0)), life);
                String file = alone ? "profile.folded" : "profile-" + name.replaceAll("[^A-Za-z0-9._-]", "_") + ".folded";
                FoldedFile.write(dir.resolve(file), f.stacks());
                ProfileAnalysis a = ProfileAnalysis.of(f.stacks());
                out.put(n, new CpuProfile.Node(name, n.endpoint().label(), null, null, null, frequencyHz, file, a.samples(),
                        round(windowSeconds), round(Math.min(windowSeconds, f.coveredSeconds())), 0, null,
                        round((System.nanoTime() - t0) / 1e9), a.selfByName().size(), a.concentration(), a.categories(),
                        a.lockSharePercent(), a.topSelf(), a.topTotal(), a.topUserSelf(), null, null, f.lostSamples(),
                        CpuProfile.warning(a.samples(), null, f.lostSamples(), null), 0, null));
                r.removeFiles();
            } catch (IOException e) {
                out.put(n, CpuProfile.Node.absent(name, n.endpoint().label(), null, frequencyHz, e.getMessage()
                        + " (its output and log are in the step's folder)"));
            }
        }
        return out;
    }

    /**
     * @param local         the observer's profile of every node (the remote ones absent)
     * @param all           the target's endpoints, in the order of {@code local}'s nodes
     * @param windowSeconds the measured phase, s
     * @param untilNanos    when the commands must be done ({@link System#nanoTime}; the step's end deadline less the
     *                      analysis' reserve): a command still running then is the node's absent reason
     * @return {@code local} with each remote node's profile ({@link #finish}) in its place
     */
    CpuProfile merge(CpuProfile local, List<ExplainNode> all, double windowSeconds, Map<String, String> names,
                     long untilNanos) {
        Map<ExplainNode, CpuProfile.Node> far = finish(Duration.ofNanos(Math.max(0, untilNanos - System.nanoTime())),
                windowSeconds, names);
        List<CpuProfile.Node> out = new java.util.ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            out.add(far.getOrDefault(all.get(i), local.nodes().get(i)));
        }
        return new CpuProfile(out);
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
