package io.clusterbench.result;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The folded-stack files of a result's profiled steps (docs/explain.md, "On-CPU profile"): each run's
 * {@code cpuProfile.nodes[].foldedFile}, found in its step folder. A step folder is {@code steps/tNNNN-rR} of a sweep
 * (with {@code -cLEVEL} when it swept consistency levels), {@code ../steps/tNNNN-rR-SIDE} for a side folder of an
 * {@code ab} result ({@code A/}, {@code B/}), or the result's own folder for a single run.
 *
 * <p>Thread-safe (stateless).
 */
public final class ProfileFiles {
    private ProfileFiles() {
    }

    /**
     * One node's profile of one step.
     *
     * @param run     the step's run
     * @param profile the node's profile facts
     * @param file    its folded-stacks file
     */
    public record Entry(RunRecord run, CpuProfile.Node profile, Path file) {
    }

    /**
     * @param resultDir the folder of the result's result.json
     * @param runs      its runs
     * @return every profiled node of every run whose folded file exists, in run and node order
     */
    public static List<Entry> of(Path resultDir, List<RunRecord> runs) {
        List<Entry> out = new ArrayList<>();
        for (RunRecord run : runs) {
            CpuProfile p = run.fact(FactKeys.CPU_PROFILE);
            if (p == null) {
                continue;
            }
            for (CpuProfile.Node n : p.nodes()) {
                if (n.absentReason() != null || n.foldedFile() == null) {
                    continue;
                }
                Path file = locate(resultDir, run, n.foldedFile(), runs.size() == 1);
                if (file != null) {
                    out.add(new Entry(run, n, file));
                }
            }
        }
        return out;
    }

    private static Path locate(Path resultDir, RunRecord run, String name, boolean single) {
        String step = String.format(Locale.ROOT, "t%04d-r%d", run.threads(), run.repeat());
        String level = run.plan() == null || run.plan().consistency() == null ? null : run.plan().consistency();
        List<Path> candidates = new ArrayList<>();
        if (level != null) {
            candidates.add(resultDir.resolve("steps").resolve(step + "-c" + level));
        }
        candidates.add(resultDir.resolve("steps").resolve(step));
        Path parent = resultDir.toAbsolutePath().getParent();
        if (parent != null && resultDir.getFileName() != null) {
            candidates.add(parent.resolve("steps").resolve(step + "-" + resultDir.getFileName()));
        }
        if (single) {
            candidates.add(resultDir);
        }
        return candidates.stream().map(d -> d.resolve(name)).filter(Files::isRegularFile).findFirst().orElse(null);
    }

    /**
     * Reads a folded-stacks file ({@code thread;outer;...;leaf count} per line; other lines are skipped).
     *
     * @return stack to samples, sorted by stack; empty when the file is missing
     * @throws IOException when it exists but cannot be read
     */
    public static Map<String, Long> read(Path file) throws IOException {
        Map<String, Long> out = new TreeMap<>();
        if (!Files.isRegularFile(file)) {
            return out;
        }
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                int sp = line.lastIndexOf(' ');
                if (sp > 0) {
                    try {
                        out.merge(line.substring(0, sp), Long.parseLong(line.substring(sp + 1).trim()), Long::sum);
                    } catch (NumberFormatException e) {
                        // not a folded line: skipped
                    }
                }
            }
        }
        return out;
    }
}
