package io.clusterbench.result;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Training coverage (docs/metrics.md, "Training coverage"): for each set of on-CPU profiles (one result, or a
 * workload) and for their union, how many distinct server functions the samples reached and how concentrated the
 * samples are, and which functions one set reaches that the others do not, with their shares: the question before a
 * profile-guided build (is this training mix the workload's code?). Computed from folded stacks only.
 *
 * <p>A <b>server function</b> is a frame of a sampled stack other than its root (the thread's name), a kernel frame
 * ({@code _[k]}) or a frame perf had no symbol for ({@code [object]}). A function is <b>reached</b> by a sample that
 * has it anywhere on its stack; a sample's <b>self</b> function is its innermost server function (kernel time charged
 * to the server function that entered the kernel). This is a sampled coverage, not an instrumentation count: a
 * function that ran briefly may have no sample, so "not reached" is judged with {@link Function#chanceIfEqual}, a
 * conditional binomial test: of the k samples that reached the function in either place, all k fell in this set.
 *
 * <p>Immutable. Usage: {@code Coverage.of(Coverage.inputs(ResultFiles.read(paths), null, null))}.
 *
 * @param sets      per set, in the order given
 * @param union     all sets together (the training mix); null with one set
 * @param exclusive per set, the functions it reaches and no other set does; empty with one set
 */
public record Coverage(List<SetFigures> sets, SetFigures union, List<Exclusive> exclusive) {
    /** Functions listed per exclusive list (result.json-like files keep this many). */
    public static final int TOP = 50;
    /**
     * A function reached by one set and by no other is absent from the others <b>beyond chance</b> when, had they
     * reached it at the same share, the chance of none of their samples showing it is below this, simultaneously over
     * the set's list (Bonferroni: each of its m functions is held to this ÷ m, {@link Exclusive#chanceThreshold}), so
     * the list of a workload against itself has no function beyond chance in 99 of 100 comparisons.
     */
    public static final double BEYOND_CHANCE = 0.01;

    public Coverage {
        sets = List.copyOf(sets);
        exclusive = List.copyOf(exclusive);
    }

    /**
     * One set's profiles.
     *
     * @param label     its short name (A, B, …)
     * @param source    where it was read from
     * @param workloads its workloads
     * @param steps     steps whose profiles were added
     * @param stacks    folded stack to samples, all the steps and nodes added
     */
    public record Input(String label, String source, String workloads, int steps, Map<String, Long> stacks) {
    }

    /**
     * The figures of one set.
     *
     * @param label             short name ({@code all} for the union)
     * @param source            where it was read from ({@code A+B} for the union)
     * @param workloads         its workloads
     * @param steps             steps whose profiles were added
     * @param samples           samples in all
     * @param attributedSamples samples with at least one server function on their stack (the rest: kernel-only or
     *                          unsymbolised stacks)
     * @param functions         distinct server functions reached
     * @param concentration     the fewest server functions whose self samples hold 50, 90 and 99% of the attributed
     *                          samples
     */
    public record SetFigures(String label, String source, String workloads, int steps, long samples,
                             long attributedSamples, int functions, CpuProfile.Concentration concentration) {
    }

    /**
     * The functions one set reaches that none of the others does.
     *
     * @param label            the set
     * @param against          the other sets' labels
     * @param againstSamples   the other sets' samples together
     * @param functions        how many functions
     * @param beyondChance     of them, those whose absence from the others is beyond chance ({@link #BEYOND_CHANCE})
     * @param chanceThreshold  {@link #BEYOND_CHANCE} ÷ {@code functions}: the {@link Function#chanceIfEqual} below which
     *                         a function's absence is beyond chance
     * @param selfSharePercent the share of the set's samples whose self function is one of them, 0-100
     * @param top              the functions by reached share, most first, at most {@link #TOP}
     */
    public record Exclusive(String label, List<String> against, long againstSamples, int functions, int beyondChance,
                            double chanceThreshold, double selfSharePercent, List<Function> top) {
        public Exclusive {
            against = List.copyOf(against);
            top = List.copyOf(top);
        }
    }

    /**
     * One function of an exclusive list.
     *
     * @param name             the function as perf names it
     * @param samples          samples of the set that reached it
     * @param sharePercent     {@code samples} ÷ the set's samples × 100
     * @param selfSharePercent the set's samples whose self function it is, percent
     * @param chanceIfEqual    (N ÷ (N + M))^k, k = {@code samples}, N the set's samples, M the others': had the others
     *                         reached it at the same share, the chance that all k samples that reached it fell in this
     *                         set (the conditional binomial test; it allows for the share itself being estimated)
     * @param beyondChance     {@code chanceIfEqual} is below the list's {@link Exclusive#chanceThreshold}
     */
    public record Function(String name, long samples, double sharePercent, double selfSharePercent,
                           double chanceIfEqual, boolean beyondChance) {
    }

    /** One set's counts: reached and self samples per server function. */
    private record Counts(Input input, long samples, long attributed, Map<String, Long> reached, Map<String, Long> self) {
    }

    /**
     * @param inputs one or more sets
     * @return the coverage
     * @throws IllegalArgumentException without a set
     */
    public static Coverage of(List<Input> inputs) {
        if (inputs.isEmpty()) {
            throw new IllegalArgumentException("coverage needs at least one set of profiles");
        }
        List<Counts> counts = inputs.stream().map(Coverage::count).toList();
        List<SetFigures> sets = counts.stream().map(Coverage::figures).toList();
        if (inputs.size() == 1) {
            return new Coverage(sets, null, List.of());
        }
        Map<String, Long> all = new TreeMap<>();
        inputs.forEach(i -> i.stacks().forEach((k, v) -> all.merge(k, v, Long::sum)));
        Counts union = count(new Input("all", String.join("+", inputs.stream().map(Input::label).toList()),
                String.join(",", new LinkedHashSet<>(inputs.stream().map(Input::workloads).toList())),
                inputs.stream().mapToInt(Input::steps).sum(), all));
        List<Exclusive> exclusive = new ArrayList<>();
        for (Counts c : counts) {
            exclusive.add(exclusive(c, counts.stream().filter(o -> o != c).toList()));
        }
        return new Coverage(sets, figures(union), exclusive);
    }

    private static Counts count(Input in) {
        long samples = 0;
        long attributed = 0;
        Map<String, Long> reached = new HashMap<>();
        Map<String, Long> self = new HashMap<>();
        for (Map.Entry<String, Long> e : in.stacks().entrySet()) {
            long n = e.getValue();
            samples += n;
            String[] frames = e.getKey().split(";");
            String innermost = null;
            Set<String> seen = new HashSet<>();
            for (int i = 1; i < frames.length; i++) {
                if (serverFunction(frames[i])) {
                    innermost = frames[i];
                    seen.add(frames[i]);
                }
            }
            if (innermost != null) {
                attributed += n;
                self.merge(innermost, n, Long::sum);
                seen.forEach(f -> reached.merge(f, n, Long::sum));
            }
        }
        return new Counts(in, samples, attributed, reached, self);
    }

    /** @return true for a server function: not a kernel frame, not a frame without a symbol */
    static boolean serverFunction(String frame) {
        return !frame.isEmpty() && !frame.endsWith("_[k]") && !frame.startsWith("[");
    }

    private static SetFigures figures(Counts c) {
        long[] ascending = c.self().values().stream().mapToLong(Long::longValue).sorted().toArray();
        CpuProfile.Concentration conc = new CpuProfile.Concentration(fewest(ascending, 0.50, c.attributed()),
                fewest(ascending, 0.90, c.attributed()), fewest(ascending, 0.99, c.attributed()));
        Input in = c.input();
        return new SetFigures(in.label(), in.source(), in.workloads(), in.steps(), c.samples(), c.attributed(),
                c.reached().size(), conc);
    }

    private static int fewest(long[] ascending, double fraction, long total) {
        long sum = 0;
        int n = 0;
        for (int i = ascending.length - 1; i >= 0 && sum < Math.ceil(fraction * total); i--) {
            sum += ascending[i];
            n++;
        }
        return n;
    }

    private static Exclusive exclusive(Counts c, List<Counts> others) {
        Set<String> elsewhere = new HashSet<>();
        others.forEach(o -> elsewhere.addAll(o.reached().keySet()));
        long otherSamples = others.stream().mapToLong(Counts::samples).sum();
        Map<String, Long> only = new HashMap<>();
        c.reached().forEach((name, n) -> {
            if (!elsewhere.contains(name)) {
                only.put(name, n);
            }
        });
        double threshold = only.isEmpty() ? BEYOND_CHANCE : BEYOND_CHANCE / only.size();
        double inThis = c.samples() / (double) (c.samples() + otherSamples);
        List<Function> all = new ArrayList<>();
        long self = 0;
        for (Map.Entry<String, Long> e : only.entrySet()) {
            long s = c.self().getOrDefault(e.getKey(), 0L);
            self += s;
            double chance = Math.pow(inThis, e.getValue());
            all.add(new Function(e.getKey(), e.getValue(), percent(e.getValue(), c.samples()), percent(s, c.samples()),
                    chance, chance < threshold));
        }
        all.sort((a, b) -> a.samples() != b.samples() ? Long.compare(b.samples(), a.samples())
                : a.name().compareTo(b.name()));
        int beyond = (int) all.stream().filter(Function::beyondChance).count();
        return new Exclusive(c.input().label(), others.stream().map(o -> o.input().label()).toList(), otherSamples,
                all.size(), beyond, threshold, percent(self, c.samples()), all.subList(0, Math.min(TOP, all.size())));
    }

    private static double percent(long part, long whole) {
        return whole == 0 ? 0 : Math.round(10_000.0 * part / whole) / 100.0;
    }

    /**
     * The sets of {@code results}: each result's profiled steps (every node, or one), added up.
     *
     * @param results the results, labelled
     * @param node    only this node's profiles ({@code cpuProfile.nodes[].node}); null for every node
     * @param threads only steps at these thread counts; empty for every step
     * @return one input per result, in order
     * @throws UncheckedIOException when a folded-stacks file cannot be read
     */
    public static List<Input> inputs(List<NamedResult> results, String node, Collection<Integer> threads) {
        List<Input> out = new ArrayList<>();
        for (NamedResult r : results) {
            Path dir = resultDir(r.source());
            Map<String, Long> stacks = new TreeMap<>();
            Set<RunRecord> steps = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
            if (dir != null) {
                for (ProfileFiles.Entry e : ProfileFiles.of(dir, r.measuredRuns())) {
                    if ((node != null && !node.equals(e.profile().node()))
                            || (!threads.isEmpty() && !threads.contains(e.run().threads()))) {
                        continue;
                    }
                    try {
                        ProfileFiles.read(e.file()).forEach((k, v) -> stacks.merge(k, v, Long::sum));
                    } catch (IOException ex) {
                        throw new UncheckedIOException("cannot read " + e.file() + ": " + ex.getMessage(), ex);
                    }
                    steps.add(e.run());
                }
            }
            out.add(new Input(r.label(), r.source(), r.workloads(), steps.size(), stacks));
        }
        return out;
    }

    /** The text every output of the coverage carries with its figures. */
    public static final String CAVEAT = "sampled on-CPU profiles, not instrumentation counts: a function that ran "
            + "briefly may have no sample";

    /**
     * Writes the coverage as JSON ({@code schema: clusterbench.coverage/1}, {@code note}: {@link #CAVEAT}, then
     * {@code sets}, {@code union}, {@code exclusive} as the record names them), to a temporary file then renamed.
     *
     * @throws UncheckedIOException when the file cannot be written
     */
    public void write(Path file) {
        Map<String, Object> doc = new java.util.LinkedHashMap<>();
        doc.put("schema", "clusterbench.coverage/1");
        doc.put("note", CAVEAT);
        doc.put("beyondChance", BEYOND_CHANCE);
        doc.put("sets", sets);
        doc.put("union", union);
        doc.put("exclusive", exclusive);
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            new com.fasterxml.jackson.databind.ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(tmp.toFile(), doc);
            Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** @return the folder of a result given as its folder or its result.json, or null */
    static Path resultDir(String source) {
        if (source == null) {
            return null;
        }
        Path p = Path.of(source);
        return Files.isDirectory(p) ? p : p.toAbsolutePath().getParent();
    }
}
