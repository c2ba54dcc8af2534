package io.clusterbench.ab;

import io.clusterbench.result.LatencySummary;
import io.clusterbench.result.RunRecord;
import io.clusterbench.result.Summary;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A/B documents and runs built from given tps values, for tests without a server. */
public final class SyntheticAb {
    private SyntheticAb() {
    }

    /** @return a completed run of {@code side} with {@code tps} (p95 = 1e6 / tps µs, so faster is lower) */
    public static AbRun run(int index, int threads, int repeat, Side side, double tps, Double serverCpuSeconds) {
        long p95 = Math.round(1e6 / tps * threads);
        LatencySummary lat = new LatencySummary(100, 1, p95 / 2.0, p95 / 2, p95, p95 * 2, p95 * 3, p95 * 4, 1000);
        Summary s = new Summary(10, (long) (tps * 10), tps, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, null, lat, "",
                Map.of(), 0, 0, 0, 0, 0, 0, null, null);
        RunRecord r = new RunRecord("oltp_point_select", threads, repeat,
                io.clusterbench.result.SyntheticResults.plan("oltp_point_select", threads), "completed", null, Map.of(), List.of(),
                s, List.of(), null);
        return new AbRun(new AbStep(index, repeat, threads, side), index * 12.0, r, serverCpuSeconds, null);
    }

    /**
     * @param tps per thread count: {threads, A tps, B tps, A tps, B tps, …} (one A/B pair per repeat)
     * @return a document whose runs follow an ABBA schedule, with one unintended variable difference
     */
    public static AbDocument document(double[]... tps) {
        return document(List.of(Side.A, Side.B), tps);
    }

    /**
     * @param sides the sides, the first the baseline
     * @param tps   per thread count: {threads, then per repeat one tps per side in the order of {@code sides}}
     * @return a document whose runs follow the ABBA (Williams) schedule, with one unintended variable difference
     */
    public static AbDocument document(List<Side> sides, double[]... tps) {
        List<AbRun> runs = new ArrayList<>();
        List<Integer> threads = new ArrayList<>();
        int repeats = (tps[0].length - 1) / sides.size();
        for (double[] row : tps) {
            threads.add((int) row[0]);
        }
        List<AbStep> schedule = AbSchedule.of(sides, threads, repeats, OrderMode.ABBA, 1);
        for (AbStep step : schedule) {
            double[] row = java.util.Arrays.stream(tps).filter(r -> r[0] == step.threads()).findFirst().orElseThrow();
            double v = row[1 + sides.size() * (step.repeat() - 1) + sides.indexOf(step.side())];
            runs.add(run(step.index(), step.threads(), step.repeat(), step.side(), v, v / 5000.0));
        }
        List<SideRecord> records = new ArrayList<>();
        for (int i = 0; i < sides.size(); i++) {
            records.add(side(sides.get(i), i == 0 ? "2" : "1"));
        }
        AbDocument.Plan plan = new AbDocument.Plan(threads, repeats, "abba", 1, 10, 0, false, false,
                AbSchedule.letters(schedule), schedule);
        return new AbDocument(AbDocument.schemaFor(sides.size()), Map.of("clusterbench", "test"), "2024-01-01T00:00:00Z",
                List.of("ab"), "oltp_point_select", plan, records, List.of("the sides differ in <1> variable"),
                List.of("innodb_flush_log_at_trx_commit 2 vs 1"), List.of(), List.of(), List.of(), "", sides.get(0).name(),
                null).withRuns(runs);
    }

    private static SideRecord side(Side side, String flush) {
        Map<String, String> vars = Map.of("version", "11.4.5-MariaDB", "version_comment", "MariaDB Server",
                "version_compile_machine", "x86_64", "innodb_flush_log_at_trx_commit", flush);
        return new SideRecord(side, "server", "/usr/sbin/mariadbd", List.of("--innodb-flush-log-at-trx-commit=" + flush),
                Map.of("endpoints", List.of("127.0.0.1:3306")), "11.4.5-MariaDB", "MariaDB Server",
                SideRecord.compileInfo(vars), vars, List.of(), Map.of());
    }
}
