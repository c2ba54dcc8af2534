package io.clusterbench.result;

import io.clusterbench.UserException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * The checks of {@code merge} (the shards are the N parts of one run) and the shards' breakdown with their
 * start spread and clock skew (docs/metrics.md, "Sharded runs").
 *
 * <p>Thread-safe (stateless).
 */
final class ShardChecks {
    private ShardChecks() {
    }

    /**
     * @return the shard facts of {@code run}
     * @throws UserException when the run is not a shard or has not finished
     */
    static ShardRecord shardOf(Path dir, RunRecord run) {
        ShardRecord s = run.fact(FactKeys.SHARD);
        if (s == null) {
            throw new UserException(dir + " is not a shard of a run (no observerFacts.shard)",
                    "merge the results of runs started with --shard I/N --start-at TIME");
        }
        if (run.summary() == null) {
            throw new UserException(dir + " has not finished (status " + run.status() + ")",
                    "wait for every shard to end, or rerun the missing shard");
        }
        return s;
    }

    /**
     * Every shard once, all of one run: same workload, same options apart from each shard's part, same shard
     * count, start and whole-run figures, the same steps.
     *
     * @param dirs the shards' folders, sorted by shard number
     * @param docs their documents, in the same order
     * @throws UserException naming the first difference (a plan mismatch), a shard given twice or one missing
     */
    static void sameRun(List<Path> dirs, List<ResultDocument> docs) {
        ShardRecord first = shardOf(dirs.get(0), docs.get(0).runs().get(0));
        TreeSet<Integer> seen = new TreeSet<>();
        for (int i = 0; i < docs.size(); i++) {
            ShardRecord s = shardOf(dirs.get(i), docs.get(i).runs().get(0));
            if (!seen.add(s.index())) {
                throw new UserException("shard " + s.index() + " is given twice (" + dirs.get(i - 1) + ", " + dirs.get(i) + ")",
                        "give each shard's result folder once");
            }
            if (docs.get(i).runs().size() != docs.get(0).runs().size()) {
                throw mismatch(dirs.get(i), "steps", docs.get(i).runs().size(), dirs.get(0), docs.get(0).runs().size());
            }
            for (int r = 0; r < docs.get(i).runs().size(); r++) {
                compare(dirs.get(0), docs.get(0).runs().get(r), dirs.get(i), docs.get(i).runs().get(r));
            }
        }
        if (seen.size() != first.count()) {
            List<Integer> missing = new ArrayList<>();
            for (int i = 0; i < first.count(); i++) {
                if (!seen.contains(i)) {
                    missing.add(i);
                }
            }
            throw new UserException("the run has " + first.count() + " shards; shard(s) " + missing + " are missing",
                    "give the result folders of all " + first.count() + " shards");
        }
    }

    private static void compare(Path dirA, RunRecord a, Path dirB, RunRecord b) {
        Map<String, Object> pa = comparable(dirA, a);
        Map<String, Object> pb = comparable(dirB, b);
        for (String key : union(pa, pb)) {
            if (!Objects.equals(pa.get(key), pb.get(key))) {
                throw mismatch(dirB, key, pb.get(key), dirA, pa.get(key));
            }
        }
    }

    /** @return what must be equal in every shard of one step: options apart from the shard's part, whole-run figures */
    private static Map<String, Object> comparable(Path dir, RunRecord run) {
        ShardRecord s = shardOf(dir, run);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("workload", run.workload());
        m.put("repeat", run.repeat());
        @SuppressWarnings("unchecked")
        Map<String, Object> plan = ResultJson.convert(run.plan(), Map.class);
        plan.forEach((k, v) -> {
            if (!ShardMerge.PER_SHARD_OPTIONS.contains(k)) {
                m.put(k, v);
            }
        });
        m.put("shards", s.count());
        m.put("startAt", s.startAtEpochMillis());
        m.put("wholeThreads", s.wholeThreads());
        m.put("wholeEvents", s.wholeEvents());
        m.put("wholeRate", s.wholeRateEventsPerSecond());
        return m;
    }

    private static List<String> union(Map<String, Object> a, Map<String, Object> b) {
        List<String> keys = new ArrayList<>(a.keySet());
        b.keySet().stream().filter(k -> !a.containsKey(k)).forEach(keys::add);
        return keys;
    }

    private static UserException mismatch(Path dirB, String key, Object b, Path dirA, Object a) {
        return new UserException("plan mismatch: " + dirB + " has " + key + "=" + b + " where " + dirA + " has " + a
                + "; these are shards of different runs", "merge the shards of one run (same options, --shard I/N and "
                + "--start-at)");
    }

    /**
     * @param dirs    the shards' folders, in shard order
     * @param records their records of one step
     * @param facts   their shard facts of that step
     * @return the breakdown, start spread and clock skew
     */
    static ShardsRecord breakdown(List<Path> dirs, List<RunRecord> records, List<ShardRecord> facts) {
        List<ShardsRecord.Breakdown> parts = new ArrayList<>();
        long earliest = Long.MAX_VALUE;
        long latest = Long.MIN_VALUE;
        double earliestServer = Double.MAX_VALUE;
        double latestServer = -Double.MAX_VALUE;
        double lowOffset = Double.MAX_VALUE;
        double highOffset = -Double.MAX_VALUE;
        List<Double> uncertainties = new ArrayList<>();
        boolean allOffsets = true;
        for (int i = 0; i < records.size(); i++) {
            RunRecord r = records.get(i);
            ShardRecord s = facts.get(i);
            long start = r.summary().timing() == null ? 0 : r.summary().timing().measuredStartEpochMillis();
            earliest = Math.min(earliest, start);
            latest = Math.max(latest, start);
            if (s.serverClockOffsetMillis() == null) {
                allOffsets = false;
            } else {
                double onServer = start + s.serverClockOffsetMillis();
                earliestServer = Math.min(earliestServer, onServer);
                latestServer = Math.max(latestServer, onServer);
                lowOffset = Math.min(lowOffset, s.serverClockOffsetMillis());
                highOffset = Math.max(highOffset, s.serverClockOffsetMillis());
                uncertainties.add(s.clockUncertaintyMillis());
            }
            parts.add(new ShardsRecord.Breakdown(s.index(), s.host(), s.node(), dirs.get(i).toString(), r.threads(),
                    s.firstWorker(), r.summary().events(), r.summary().tps(), r.summary().latency(), start,
                    s.startAtEpochMillis() > 0 ? start - s.startAtEpochMillis() - r.plan().warmupSeconds() * 1000.0 : 0,
                    s.serverClockOffsetMillis(),
                    s.clockUncertaintyMillis(), r.status(), r.endpoints()));
        }
        uncertainties.sort(java.util.Comparator.reverseOrder());
        Double skewUncertainty = !allOffsets ? null : uncertainties.stream().limit(2).mapToDouble(Double::doubleValue).sum();
        return new ShardsRecord(facts.size(), facts.get(0).startAtEpochMillis(), latest - earliest,
                allOffsets ? latestServer - earliestServer : null, allOffsets ? highOffset - lowOffset : null,
                skewUncertainty, parts);
    }
}
