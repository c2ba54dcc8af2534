package io.clusterbench.explain;

import io.clusterbench.result.CpuProfile;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The figures of one process's on-CPU profile, from its folded stacks ({@code thread;outer;...;leaf count}): top
 * functions by self and total samples, the concentration (how many functions hold 50/90/99% of the samples) and the
 * samples per category ({@link FrameCategories}). The thread-name root frame is no function.
 *
 * <p>Immutable.
 *
 * @param samples       samples in all
 * @param selfByName    samples per function as the stack's leaf
 * @param totalByName   samples per function anywhere in the stack (once per sample)
 * @param userSelfByName samples per user-space function as the stack's innermost user-space frame: kernel time is
 *                      charged to the server function that entered the kernel ({@link #KERNEL_ONLY} when a stack has
 *                      no user-space frame)
 * @param byCategory    samples per category
 */
record ProfileAnalysis(long samples, Map<String, Long> selfByName, Map<String, Long> totalByName,
                       Map<String, Long> userSelfByName, Map<String, Long> byCategory) {
    /** The user-space self name of a sample whose stack holds kernel frames only. */
    static final String KERNEL_ONLY = "[kernel only]";
    /** Functions listed in each top list. */
    static final int TOP = io.clusterbench.result.CpuProfile.LISTED;

    /** @return the figures of {@code stacks} (folded stack to its samples) */
    static ProfileAnalysis of(Map<String, Long> stacks) {
        long samples = 0;
        Map<String, Long> self = new HashMap<>();
        Map<String, Long> total = new HashMap<>();
        Map<String, Long> user = new HashMap<>();
        Map<String, Long> categories = new LinkedHashMap<>();
        for (Map.Entry<String, Long> e : stacks.entrySet()) {
            List<String> frames = Arrays.asList(e.getKey().split(";"));
            long n = e.getValue();
            samples += n;
            List<String> functions = frames.subList(1, frames.size()); // root first, without the thread's name
            if (functions.isEmpty()) {
                self.merge("[unknown]", n, Long::sum);
                user.merge("[unknown]", n, Long::sum);
                categories.merge(FrameCategories.OTHER, n, Long::sum);
                continue;
            }
            self.merge(functions.get(functions.size() - 1), n, Long::sum);
            user.merge(innermostUserFrame(functions), n, Long::sum);
            Set<String> seen = new HashSet<>(functions);
            seen.forEach(f -> total.merge(f, n, Long::sum));
            List<String> leafFirst = new ArrayList<>(functions);
            java.util.Collections.reverse(leafFirst);
            categories.merge(FrameCategories.of(leafFirst), n, Long::sum);
        }
        return new ProfileAnalysis(samples, self, total, user, categories);
    }

    /** @return the innermost frame of {@code rootFirst} that is not a kernel frame, or {@link #KERNEL_ONLY} */
    private static String innermostUserFrame(List<String> rootFirst) {
        for (int i = rootFirst.size() - 1; i >= 0; i--) {
            if (!rootFirst.get(i).endsWith(PerfScriptFolder.KERNEL_SUFFIX)) {
                return rootFirst.get(i);
            }
        }
        return KERNEL_ONLY;
    }

    /**
     * Reads a folded-stacks file.
     *
     * @throws IOException when it cannot be read
     */
    static Map<String, Long> readFolded(Path file) throws IOException {
        Map<String, Long> stacks = new LinkedHashMap<>();
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                int space = line.lastIndexOf(' ');
                if (space > 0) {
                    stacks.merge(line.substring(0, space), Long.parseLong(line.substring(space + 1).strip()), Long::sum);
                }
            }
        }
        return stacks;
    }

    /** @return the functions by self samples, most first, at most {@link #TOP} */
    List<CpuProfile.Share> topSelf() {
        return top(selfByName);
    }

    /** @return the functions by total samples, most first, at most {@link #TOP} */
    List<CpuProfile.Share> topTotal() {
        return top(totalByName);
    }

    /** @return the user-space functions by user-space self samples, most first, at most {@link #TOP} */
    List<CpuProfile.Share> topUserSelf() {
        return top(userSelfByName);
    }

    /** @return every category with samples, most first (ties in {@link FrameCategories#ALL} order) */
    List<CpuProfile.Share> categories() {
        List<CpuProfile.Share> out = new ArrayList<>();
        for (String c : FrameCategories.ALL) {
            long n = byCategory.getOrDefault(c, 0L);
            if (n > 0) {
                out.add(share(c, n));
            }
        }
        out.sort(Comparator.comparingLong(CpuProfile.Share::samples).reversed());
        return out;
    }

    /** @return the lock category's share of all samples, percent (0 when it had none) */
    double lockSharePercent() {
        return samples == 0 ? 0 : round(100.0 * byCategory.getOrDefault(FrameCategories.LOCK, 0L) / samples);
    }

    /** @return how many functions, by self samples, hold 50, 90 and 99% of the samples */
    CpuProfile.Concentration concentration() {
        long[] counts = selfByName.values().stream().mapToLong(Long::longValue).sorted().toArray();
        return new CpuProfile.Concentration(functionsFor(counts, 0.50), functionsFor(counts, 0.90),
                functionsFor(counts, 0.99));
    }

    private int functionsFor(long[] ascending, double fraction) {
        long sum = 0;
        int n = 0;
        for (int i = ascending.length - 1; i >= 0 && sum < Math.ceil(fraction * samples); i--) {
            sum += ascending[i];
            n++;
        }
        return n;
    }

    private List<CpuProfile.Share> top(Map<String, Long> counts) {
        return counts.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(TOP).map(e -> share(e.getKey(), e.getValue())).toList();
    }

    private CpuProfile.Share share(String name, long n) {
        return new CpuProfile.Share(name, n, samples == 0 ? 0 : round(100.0 * n / samples));
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
