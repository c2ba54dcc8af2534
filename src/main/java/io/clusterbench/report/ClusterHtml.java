package io.clusterbench.report;

import io.clusterbench.result.ConsistencyCost;
import io.clusterbench.result.Conflicts;
import io.clusterbench.result.GaleraTotals;
import io.clusterbench.result.IntervalRecord;
import io.clusterbench.result.Intervals;
import io.clusterbench.result.NamedResult;
import io.clusterbench.result.NodeCounters;
import io.clusterbench.result.RunRecord;
import io.clusterbench.result.FactKeys;
import io.clusterbench.result.TopologyRecord;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static io.clusterbench.report.Figure.*;
import static io.clusterbench.report.Html.esc;

/**
 * The cluster sections of a result in the HTML report, from the result only: topology, per-node totals with the
 * node that throttled the cluster and the conflicts counted once (per run), per-node time series of the first
 * cluster run (flow control, receive queue, commit lag, conflicts: {@code intervals[].observed.galera.nodes}), and
 * for a sweep over consistency levels the cost table and a tps-per-level chart (docs/metrics.md, "Galera per node",
 * "Galera totals", "Conflicts", "Cost of consistency").
 *
 * <p>Thread-safe (stateless).
 */
final class ClusterHtml {
    private ClusterHtml() {
    }

    /** @return the sections, or "" when the result has no cluster figures nor several consistency levels */
    static String section(NamedResult r, List<ChartSpec> charts) {
        List<RunRecord> runs = r.measuredRuns();
        RunRecord first = runs.stream().filter(x -> GaleraTotals.of(x) != null).findFirst().orElse(null);
        ConsistencyCost cost = ConsistencyCost.of(runs);
        if (first == null && cost == null) {
            return "";
        }
        String id = "r" + r.label();
        StringBuilder b = new StringBuilder("<h3>Cluster</h3>\n");
        b.append(topology(runs.get(0)));
        if (first != null) {
            b.append("<h4>Per node (measured time)</h4>\n");
            for (RunRecord run : runs) {
                GaleraTotals g = GaleraTotals.of(run);
                if (g != null) {
                    b.append("<h5>").append(ReportCharts.runLabel(run)).append(' ')
                            .append(esc(CONSISTENCY_LEVEL.key())).append(' ')
                            .append(esc(ConsistencyCost.levelOf(run))).append("</h5>\n").append(nodes(g, run));
                }
            }
            b.append("<h4>Per node per interval (").append(ReportCharts.runLabel(first))
                    .append(")</h4>\n<div class=\"grid\">\n");
            List<ChartSpec.Marker> faults = FaultHtml.markers(List.of(first));
            b.append(HtmlReport.canvas(charts, perNode(first, id + "-fc", "flow control paused per node", "paused (%)",
                    "galera", "flowControlPausedFraction", 100).withMarkers(faults)));
            b.append(HtmlReport.canvas(charts, perNode(first, id + "-rq", "receive queue per node (max of the polls)",
                    "write sets", "galera", "recvQueueMaxWriteSets", 1).withMarkers(faults)));
            b.append(HtmlReport.canvas(charts, perNode(first, id + "-lag", "commit lag per node", "transactions",
                    "galera", "commitLagMaxTransactions", 1).withMarkers(faults)));
            b.append(HtmlReport.canvas(charts, perNode(first, id + "-conflicts",
                    "brute-force aborts per node (certification failures included)", "transactions",
                    "galera", "bfAborts", 1).withMarkers(faults)));
            b.append("</div>\n");
        }
        b.append(serverNodes(runs, id, charts));
        if (cost != null) {
            b.append("<h4>Cost of consistency</h4>\n").append(costTable(cost));
            b.append(HtmlReport.canvas(charts, costChart(cost, id + "-consistency")));
        }
        return b.toString();
    }

    private static String topology(RunRecord run) {
        TopologyRecord t = run.fact(FactKeys.TOPOLOGY);
        if (t == null || t.members().isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder("<p>Topology: ").append(esc(t.flavor())).append(' ')
                .append(esc(String.valueOf(t.version()))).append(", cluster ")
                .append(esc(String.valueOf(t.clusterStatus()))).append(", size ")
                .append(t.clusterSize()).append(". \"Server counters and resource use\" "
                        + "below is the first endpoint's; per node see \"Server counters per node\".</p>\n");
        List<List<String>> rows = new ArrayList<>();
        for (TopologyRecord.Member member : t.members()) {
            rows.add(List.of(esc(member.name()), esc(member.address()), esc(member.state()), esc(member.role()),
                    esc(member.endpoint())));
        }
        return b.append(Html.table(List.of(NODE.key(), "address", "state", "role", ENDPOINT.key()), rows)).toString();
    }

    private static String nodes(GaleraTotals g, RunRecord run) {
        List<List<String>> rows = new ArrayList<>();
        for (GaleraTotals.Node n : g.nodes()) {
            rows.add(List.of(esc(n.name()), f("%.1f", n.flowControlPausedFraction() * 100),
                    f("%.3f", n.flowControlPausedMicros() / 1e6), Long.toString(n.flowControlEpisodes()),
                    Long.toString(n.flowControlSentMessages()), Long.toString(n.flowControlRecvMessages()),
                    f("%d / %.1f", n.recvQueueMaxWriteSets(), n.recvQueueMeanWriteSets()),
                    f("%d / %.1f", n.sendQueueMaxWriteSets(), n.sendQueueMeanWriteSets()),
                    Long.toString(n.certFailures()), Long.toString(n.bfAborts()), Long.toString(n.replays()),
                    Long.toString(n.commitLagMaxTransactions()), Long.toString(n.stateChanges())));
        }
        String table = Html.table(List.of(NODE.key(), GALERA_FLOW_CONTROL.key() + " %", GALERA_FC_PAUSED.key() + " s",
                GALERA_FC_EPISODES.key(), GALERA_FC_SENT.key(), GALERA_FC_RECV.key(), GALERA_RECV_QUEUE.key()
                + " max / avg", GALERA_SEND_QUEUE.key() + " max / avg", GALERA_CERT_FAILURES.key(),
                GALERA_BF_ABORTS.key(), GALERA_REPLAYS.key(), GALERA_COMMIT_LAG.key() + " max",
                GALERA_STATE_CHANGES.key()), rows);
        StringBuilder b = new StringBuilder(table);
        b.append("<p>").append(esc(GALERA_THROTTLED_BY.key())).append(": ").append(esc(ClusterBlock.throttledBy(g)))
                .append("</p>\n");
        Conflicts c = Conflicts.of(run);
        if (c != null) {
            b.append("<pre>").append(esc(ClusterBlock.conflictLine(c))).append("</pre>\n");
        }
        return b.toString();
    }

    /**
     * @return the per-node server counters of the first run that has them (table of means, a queries-per-second
     *         chart per node), or "" when no run has {@code observed.serverNodes}
     */
    private static String serverNodes(List<RunRecord> runs, String id, List<ChartSpec> charts) {
        for (RunRecord run : runs) {
            NodeCounters c = NodeCounters.of(run);
            if (c == null) {
                continue;
            }
            List<List<String>> rows = new ArrayList<>();
            c.byNode().forEach((node, means) -> {
                List<String> row = new ArrayList<>(List.of(esc(node)));
                NodeCounters.SHOWN.forEach(k -> row.add(means.containsKey(k) ? f("%.1f", means.get(k)) : "-"));
                rows.add(row);
            });
            List<String> head = new ArrayList<>(List.of(NODE.key()));
            head.addAll(NodeCounters.SHOWN);
            return "<h4>Server counters per node (" + ReportCharts.runLabel(run)
                    + ", time-weighted mean over the run)</h4>\n" + Html.table(head, rows)
                    + HtmlReport.canvas(charts, perNode(run, id + "-qps-node", "queries per second per node "
                    + "(SHOW GLOBAL STATUS Questions; breaks: no reading or a counter gap)", "QuestionsPerSecond",
                    null, "QuestionsPerSecond", 1).withMarkers(FaultHtml.markers(List.of(run))));
        }
        return "";
    }

    /**
     * @param observer {@code galera} ({@code observed.galera.nodes}) or null for {@code observed.serverNodes}
     * @param key      the figure's key in a node's figures
     * @param scale    multiplier to the axis unit
     * @return one series per node of the figure over the run's intervals (x: interval end, s), with a null point
     *         wherever the node has no value (it did not answer, or the interval is a counter gap), so the line
     *         breaks there instead of joining the values on either side (docs/metrics.md, "Counter resets")
     */
    private static ChartSpec perNode(RunRecord run, String id, String title, String yTitle, String observer,
                                     String key, double scale) {
        List<IntervalRecord> shown = Intervals.shown(run);
        List<Map<String, Map<String, Double>>> perInterval = new ArrayList<>();
        java.util.Set<String> names = new java.util.LinkedHashSet<>();
        for (IntervalRecord i : shown) {
            Map<String, Map<String, Double>> nodes = io.clusterbench.result.Observations.of(i)
                    .nodeNumbers(observer == null ? io.clusterbench.result.Observations.SERVER_NODES : observer);
            names.addAll(nodes.keySet());
            perInterval.add(nodes);
        }
        List<ChartSpec.Series> series = new ArrayList<>();
        int color = 0;
        for (String name : names) {
            List<ChartSpec.Point> points = new ArrayList<>();
            for (int k = 0; k < shown.size(); k++) {
                Double v = perInterval.get(k).getOrDefault(name, Map.of()).get(key);
                Double y = v == null ? null : v * scale;
                points.add(new ChartSpec.Point(shown.get(k).endSeconds(), y));
            }
            series.add(new ChartSpec.Series(name, "line", color++, points));
        }
        return new ChartSpec(id, title, "seconds", yTitle, series);
    }

    private static String costTable(ConsistencyCost cost) {
        List<List<String>> rows = new ArrayList<>();
        for (ConsistencyCost.Row r : cost.rows()) {
            rows.add(List.of(esc(r.level()), Integer.toString(r.threads()), ConsistencyText.spread(r.tps(), 1),
                    ConsistencyText.ratio(r.tpsRatio()), ConsistencyText.spread(r.p95Micros(), 1000),
                    ConsistencyText.ratio(r.p95Ratio()), ConsistencyText.spread(r.p99Micros(), 1000),
                    ConsistencyText.spread(r.readP95Micros(), 1000), ConsistencyText.ratio(r.readP95Ratio()),
                    ConsistencyText.spread(r.writeP95Micros(), 1000), ConsistencyText.ratio(r.writeP95Ratio())));
        }
        return Html.table(List.of(CONSISTENCY_LEVEL.key(), THREADS_COLUMN.key(), TPS.key() + " " + SPREAD.key(),
                RATIO.key() + " " + TPS.key(), LATENCY_P95.key() + " (ms)", RATIO.key() + " " + LATENCY_P95.key(),
                LATENCY_P99.key() + " (ms)", READ_P95.key() + " (ms)", RATIO.key() + " " + READ_P95.key(),
                WRITE_P95.key() + " (ms)", RATIO.key() + " " + WRITE_P95.key()), rows);
    }

    /** @return tps median per level vs threads */
    private static ChartSpec costChart(ConsistencyCost cost, String id) {
        Map<String, List<ChartSpec.Point>> byLevel = new LinkedHashMap<>();
        for (ConsistencyCost.Row r : cost.rows()) {
            byLevel.computeIfAbsent(r.level(), l -> new ArrayList<>()).add(new ChartSpec.Point(r.threads(),
                    r.tps().median()));
        }
        List<ChartSpec.Series> series = new ArrayList<>();
        int color = 0;
        for (Map.Entry<String, List<ChartSpec.Point>> e : byLevel.entrySet()) {
            series.add(new ChartSpec.Series(CONSISTENCY_LEVEL.key() + " " + e.getKey(), "line", color++, e.getValue()));
        }
        return new ChartSpec(id, "tps per consistency level (median over repeats)", "threads", "tps (events/s)", series);
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
