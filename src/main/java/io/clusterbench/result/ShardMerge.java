package io.clusterbench.result;

import io.clusterbench.UserException;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * {@code merge}: one result from the N shard results of one run ({@code --shard I/N}, docs/kubernetes.md).
 * Checks that the shards are the N parts of one run (same plan apart from each shard's part, same start, each
 * shard once), then merges each step: interval {@code k} of every shard (aligned to the common
 * {@code --start-at}) into interval {@code k} of the run, counters summed and latency from the union of the
 * shards' interval histograms in their {@code latency.hlog}; totals from the union of their run histograms;
 * the per-shard breakdown and the shards' start spread and clock skew under {@code observerFacts.shards}.
 *
 * <p>Thread-safe (stateless). Usage: {@code ShardMerge.write(ShardMerge.merge(dirs, command), out)}.
 */
public final class ShardMerge {
    /** Options that differ between the shards of one run by design (each shard's part). */
    static final Set<String> PER_SHARD_OPTIONS = Set.of("threads", "events", "rateEventsPerSecond");

    private ShardMerge() {
    }

    /** One shard's result folder and document. */
    private record Loaded(Path dir, ResultDocument doc, ShardRecord first) {
    }

    /**
     * One merged step and what its interval files are made of.
     *
     * @param record           the merged run record
     * @param relativeDir      where the step's interval files go under the output ("" for a single run)
     * @param intervals        per merged interval, the union of the shards' histograms
     * @param startEpochMillis the earliest shard's measured start (the merged hlog's start time)
     */
    public record Step(RunRecord record, String relativeDir, List<HlogIntervals.Interval> intervals,
                       long startEpochMillis) {
    }

    /**
     * @param document the merged result.json
     * @param steps    one per run of the document, in order
     */
    public record Merged(ResultDocument document, List<Step> steps) {
    }

    /**
     * @param dirs    the shards' result folders (or their result.json files), any order
     * @param command the merge command line, recorded in the merged result
     * @throws UserException when a folder is unreadable, is not a finished shard, or the shards are not the N
     *                       parts of one run
     */
    public static Merged merge(List<Path> dirs, List<String> command) {
        List<Loaded> shards = new ArrayList<>();
        for (Path given : dirs) {
            shards.add(load(given));
        }
        shards.sort(Comparator.comparingInt(l -> l.first().index()));
        ShardChecks.sameRun(shards.stream().map(Loaded::dir).toList(), shards.stream().map(Loaded::doc).toList());
        ResultDocument head = shards.get(0).doc();
        List<RunRecord> runs = new ArrayList<>();
        List<Step> steps = new ArrayList<>();
        for (int r = 0; r < head.runs().size(); r++) {
            Step step = mergeStep(shards, r);
            steps.add(step);
            runs.add(step.record());
        }
        ResultDocument doc = new ResultDocument(ResultDocument.SCHEMA, head.tool(), head.startedAt(), command,
                head.target(), head.server(), runs, head.preflight(), head.tables());
        return new Merged(doc, steps);
    }

    private static Loaded load(Path given) {
        Path json = Files.isDirectory(given) ? given.resolve("result.json") : given;
        ResultDocument doc;
        try {
            doc = ResultJson.read(json);
        } catch (IOException | RuntimeException e) {
            throw new UserException("cannot read " + json + ": " + e.getMessage(), "give the result folders of the shards");
        }
        if (doc.runs() == null || doc.runs().isEmpty()) {
            throw new UserException(json + " holds no run", "give the result folders of the shards");
        }
        ShardRecord s = ShardChecks.shardOf(json.getParent(), doc.runs().get(0));
        return new Loaded(json.getParent(), doc, s);
    }

    private static Step mergeStep(List<Loaded> shards, int r) {
        List<RunRecord> records = new ArrayList<>();
        List<ShardRecord> facts = new ArrayList<>();
        List<List<HlogIntervals.Interval>> hlogs = new ArrayList<>();
        String relative = "";
        for (Loaded l : shards) {
            RunRecord run = l.doc().runs().get(r);
            ShardRecord s = ShardChecks.shardOf(l.dir(), run);
            records.add(run);
            facts.add(s);
            Path stepDir = l.dir().resolve(String.format(Locale.ROOT, "steps/t%04d-r%d", s.wholeThreads(), run.repeat()));
            relative = Files.isDirectory(stepDir) ? l.dir().relativize(stepDir).toString() : "";
            Path hlog = (relative.isEmpty() ? l.dir() : stepDir).resolve("latency.hlog");
            try {
                List<HlogIntervals.Interval> intervals = HlogIntervals.read(hlog);
                if (intervals.size() < run.intervals().size()) {
                    throw new IOException(hlog + " has " + intervals.size() + " intervals, result.json "
                            + run.intervals().size());
                }
                hlogs.add(intervals);
            } catch (IOException | RuntimeException e) {
                throw new UserException("cannot merge: " + e.getMessage(), "give the complete result folders of the shards");
            }
        }
        RunRecord head = records.get(0);
        double percentile = head.plan().percentile();
        int longest = records.stream().mapToInt(x -> x.intervals().size()).max().orElse(0);
        List<IntervalRecord> intervals = new ArrayList<>();
        List<HlogIntervals.Interval> unions = new ArrayList<>();
        for (int k = 0; k < longest; k++) {
            List<IntervalRecord> parts = new ArrayList<>();
            List<Histogram> events = new ArrayList<>();
            Map<String, List<Histogram>> classes = new LinkedHashMap<>();
            for (int i = 0; i < records.size(); i++) {
                if (k < records.get(i).intervals().size()) {
                    parts.add(records.get(i).intervals().get(k));
                    HlogIntervals.Interval h = hlogs.get(i).get(k);
                    events.add(h.events());
                    h.classes().forEach((name, hist) -> classes.computeIfAbsent(name, x -> new ArrayList<>()).add(hist));
                }
            }
            Histogram all = MergedFigures.union(events);
            Map<String, Histogram> classUnion = new LinkedHashMap<>();
            classes.forEach((name, list) -> classUnion.put(name, MergedFigures.union(list)));
            unions.add(new HlogIntervals.Interval(0, all, classUnion));
            intervals.add(MergedFigures.interval(parts, all, percentile, parts.get(0).observed()));
        }
        List<Integer> threads = records.stream().map(RunRecord::threads).toList();
        Summary summary = MergedFigures.summary(records.stream().map(RunRecord::summary).toList(), threads);
        Facts observed = head.observerFacts().with(FactKeys.SHARD, null).with(FactKeys.SHARDS,
                ShardChecks.breakdown(shards.stream().map(Loaded::dir).toList(), records, facts));
        ShardRecord f = facts.get(0);
        PlanRecord h = head.plan();
        PlanRecord plan = new PlanRecord(h.workload(), f.wholeThreads(), h.timeSeconds(), f.wholeEvents(),
                h.warmupSeconds(), f.wholeRateEventsPerSecond(), h.reportIntervalSeconds(), h.sampleIntervalSeconds(),
                h.percentile(), h.randType(), h.randSeed(), h.ignoreErrors(), h.dbPsMode(), h.reconnect(), h.routing(), h.consistency(),
                h.fault(), h.verifyCommits(), h.latencyStart(), h.workloadOptions());
        String status = records.stream().map(RunRecord::status).filter(s -> !"completed".equals(s)).findFirst()
                .orElse("completed");
        String fatal = records.stream().map(RunRecord::fatalError).filter(Objects::nonNull).findFirst().orElse(null);
        RunRecord merged = new RunRecord(head.workload(), threads.stream().mapToInt(Integer::intValue).sum(),
                head.repeat(), plan, status, fatal, head.workloadFacts(), intervals, summary,
                MergedFigures.classes(records.stream().map(RunRecord::statementClasses).toList()), observed, List.of());
        return new Step(merged, relative, unions, summary.timing() == null ? 0 : summary.timing().measuredStartEpochMillis());
    }

    /**
     * Writes the merged result: {@code result.json} and, per step, {@code intervals.csv} and
     * {@code latency.hlog} (the union histograms, same format as a run's).
     *
     * @throws UserException when the folder cannot be written
     */
    public static void write(Merged merged, Path out) {
        try {
            for (Step step : merged.steps()) {
                Path dir = step.relativeDir().isEmpty() ? out : out.resolve(step.relativeDir());
                List<String> classNames = new ArrayList<>();
                step.intervals().forEach(i -> i.classes().keySet().stream().filter(n -> !classNames.contains(n))
                        .forEach(classNames::add));
                try (IntervalFiles files = new IntervalFiles(dir, classNames)) {
                    files.start(step.startEpochMillis());
                    for (int k = 0; k < step.intervals().size(); k++) {
                        files.append(step.record().intervals().get(k), sample(step.record().intervals().get(k),
                                step.intervals().get(k), classNames));
                    }
                }
            }
            Files.createDirectories(out);
            ResultJson.write(out.resolve("result.json"), merged.document());
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new UserException("cannot write the merged result to " + out + ": " + e.getMessage(), "choose another --out");
        }
    }

    private static io.clusterbench.metrics.IntervalSample sample(IntervalRecord r, HlogIntervals.Interval h,
                                                                   List<String> classNames) {
        Histogram[] classes = new Histogram[classNames.size()];
        for (int c = 0; c < classes.length; c++) {
            Histogram ch = h.classes().get(classNames.get(c));
            classes[c] = ch != null ? ch : RunAccumulator.newHistogram();
        }
        return new io.clusterbench.metrics.IntervalSample(r.startSeconds(), r.endSeconds(), r.threads(), new long[0],
                h.events(), classes, r.errorsByCode(), r.queueLength(),
                r.eventsInProgress() == null ? 0 : r.eventsInProgress(), r.reporterLagSeconds(), r.missedReports(), r.waitingWorkers(),
                r.longestWaitSeconds());
    }
}
