package io.clusterbench.report;

import io.clusterbench.result.AnomalyWitness;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static io.clusterbench.Format.f;
import static io.clusterbench.report.Html.esc;

/**
 * A witness drawn as an inline SVG timeline (no script, so it shows offline and without JavaScript): x is time from
 * the witness's first invocation, y the node, one bar per transaction from its invocation to its completion (coloured
 * by outcome; transactions that overlap on a node get rows of their own), and one arrow per dependency edge from
 * transaction to transaction, coloured and labelled by type (ww, wr, rw, rt). Each bar and arrow has a tooltip with
 * the transaction's operations or the edge's evidence.
 *
 * <p>Thread-safe (stateless).
 */
final class WitnessTimeline {
    static final int WIDTH = 760;
    private static final int LEFT = 56;
    private static final int RIGHT = 24;
    private static final int TOP = 30;
    private static final int ROW = 30;
    private static final int BAR = 12;
    private static final Map<String, String> OUTCOME = Map.of("ok", "#4c78a8", "failed", "#e45756",
            "unknown", "#f2a33a");
    private static final Map<String, String> EDGE = Map.of("ww", "#1b9e77", "wr", "#7570b3", "rw", "#d95f02",
            "rt", "#888888");

    private WitnessTimeline() {
    }

    /** @return the SVG element, with class {@code witness-timeline}, one {@code rect.txn} per transaction */
    static String svg(AnomalyWitness w, String id) {
        List<AnomalyWitness.Txn> txns = w.transactions();
        long t0 = txns.stream().mapToLong(AnomalyWitness.Txn::invokeMicros).min().orElse(0);
        long t1 = Math.max(t0 + 1, txns.stream().mapToLong(AnomalyWitness.Txn::completeMicros).max().orElse(t0 + 1));
        Map<String, List<List<AnomalyWitness.Txn>>> lanes = lanes(txns);
        Map<Long, double[]> at = new HashMap<>();
        StringBuilder body = new StringBuilder();
        int y = TOP;
        for (Map.Entry<String, List<List<AnomalyWitness.Txn>>> lane : lanes.entrySet()) {
            int height = lane.getValue().size() * ROW + 8;
            body.append(f("<rect class=\"lane\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#f6f6f6\"/>%n", LEFT,
                    y, WIDTH - LEFT - RIGHT, height - 4));
            body.append(f("<text x=\"%d\" y=\"%d\" font-size=\"12\" text-anchor=\"end\">%s</text>%n", LEFT - 6,
                    y + height / 2, esc(lane.getKey())));
            for (int row = 0; row < lane.getValue().size(); row++) {
                int barY = y + 14 + row * ROW;
                for (AnomalyWitness.Txn t : lane.getValue().get(row)) {
                    double x0 = x(t.invokeMicros(), t0, t1);
                    double x1 = Math.max(x0 + 3, x(t.completeMicros(), t0, t1));
                    at.put(t.id(), new double[] {(x0 + x1) / 2, barY + BAR / 2.0});
                    body.append(f("<rect class=\"txn\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\">"
                                    + "<title>%s</title></rect>%n", x0, barY, x1 - x0, BAR,
                            OUTCOME.getOrDefault(t.outcome(), "#999"), esc(tooltip(t))));
                    body.append(f("<text x=\"%.1f\" y=\"%d\" font-size=\"10\">%s</text>%n", x0, barY - 2,
                            esc((w.edges().isEmpty() ? "#" : "T") + t.id())));
                }
            }
            y += height;
        }
        StringBuilder edges = new StringBuilder();
        int k = 0;
        for (AnomalyWitness.Edge e : w.edges()) {
            double[] a = at.get(e.from());
            double[] b = at.get(e.to());
            if (a == null || b == null) {
                continue;
            }
            double bend = 18 + 10 * (k++ % 3);
            double cx = (a[0] + b[0]) / 2;
            double cy = Math.min(a[1], b[1]) - bend;
            String color = EDGE.getOrDefault(e.type(), "#444");
            edges.append(f("<path class=\"edge\" d=\"M%.1f %.1f Q%.1f %.1f %.1f %.1f\" fill=\"none\" stroke=\"%s\" "
                            + "stroke-width=\"1.6\"%s marker-end=\"url(#%s-%s)\"><title>%s</title></path>%n", a[0], a[1],
                    cx, cy, b[0], b[1], color, e.type().equals("rt") ? " stroke-dasharray=\"4 3\"" : "", esc(id),
                    e.type(), esc(e.text())));
            edges.append(f("<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" fill=\"%s\" text-anchor=\"middle\">%s</text>%n",
                    cx, (a[1] + b[1]) / 2 - bend / 2 - 2, color, esc(e.type() + (e.key() == null ? "" : " k" + e.key()))));
        }
        int height = y + 34;
        return "<svg class=\"witness-timeline\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" + WIDTH + "\" height=\""
                + height + "\" viewBox=\"0 0 " + WIDTH + " " + height + "\" role=\"img\" aria-label=\""
                + esc("timeline of " + w.anomaly() + " witness " + w.summary()) + "\">\n" + markers(id) + axis(t0, t1, y)
                + body + edges + legend(y + 26) + "</svg>\n";
    }

    /** @return per node (by name), rows of transactions that do not overlap in time, each row by invocation */
    private static Map<String, List<List<AnomalyWitness.Txn>>> lanes(List<AnomalyWitness.Txn> txns) {
        Map<String, List<List<AnomalyWitness.Txn>>> lanes = new TreeMap<>();
        List<AnomalyWitness.Txn> sorted = new ArrayList<>(txns);
        sorted.sort(java.util.Comparator.comparingLong(AnomalyWitness.Txn::invokeMicros));
        for (AnomalyWitness.Txn t : sorted) {
            List<List<AnomalyWitness.Txn>> rows = lanes.computeIfAbsent(t.node(), n -> new ArrayList<>());
            List<AnomalyWitness.Txn> free = null;
            for (List<AnomalyWitness.Txn> r : rows) {
                if (r.get(r.size() - 1).completeMicros() < t.invokeMicros()) {
                    free = r;
                    break;
                }
            }
            if (free == null) {
                free = new ArrayList<>();
                rows.add(free);
            }
            free.add(t);
        }
        return lanes;
    }

    private static double x(long micros, long t0, long t1) {
        return LEFT + (double) (micros - t0) / (t1 - t0) * (WIDTH - LEFT - RIGHT);
    }

    private static String tooltip(AnomalyWitness.Txn t) {
        return t.id() + " on " + t.node() + ", session " + t.session() + ", " + f("%.6f-%.6f s", t.invokeMicros() / 1e6,
                t.completeMicros() / 1e6) + ", " + t.outcome() + ": " + String.join("; ", t.ops())
                + (t.error() == null ? "" : " [" + t.error() + "]");
    }

    private static String axis(long t0, long t1, int bottom) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i <= 4; i++) {
            double x = LEFT + i * (WIDTH - LEFT - RIGHT) / 4.0;
            double ms = (t1 - t0) * i / 4.0 / 1000.0;
            b.append(f("<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>%n", x, TOP - 4, x, bottom));
            b.append(f("<text x=\"%.1f\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\" fill=\"#666\">+%s ms</text>%n",
                    x, TOP - 8, ms >= 100 ? f("%.0f", ms) : f("%.2f", ms)));
        }
        b.append(f("<text x=\"4\" y=\"12\" font-size=\"10\" fill=\"#666\">from %.6f s of the load</text>%n", t0 / 1e6));
        return b.toString();
    }

    private static String legend(int y) {
        StringBuilder b = new StringBuilder();
        int x = LEFT;
        for (String o : List.of("ok", "failed", "unknown")) {
            b.append(f("<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"10\" fill=\"%s\"/>", x, y - 9, OUTCOME.get(o)));
            b.append(f("<text x=\"%d\" y=\"%d\" font-size=\"11\">%s</text>%n", x + 16, y, o));
            x += 80;
        }
        for (String e : List.of("ww", "wr", "rw", "rt")) {
            b.append(f("<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"%s/>", x, y - 4,
                    x + 16, y - 4, EDGE.get(e), e.equals("rt") ? " stroke-dasharray=\"4 3\"" : ""));
            b.append(f("<text x=\"%d\" y=\"%d\" font-size=\"11\">%s</text>%n", x + 20, y, e));
            x += 56;
        }
        return b.toString();
    }

    private static String markers(String id) {
        StringBuilder b = new StringBuilder("<defs>\n");
        EDGE.forEach((type, color) -> b.append(f("<marker id=\"%s-%s\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" "
                + "markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M0 0 L10 5 L0 10 z\" "
                + "fill=\"%s\"/></marker>%n", esc(id), type, color)));
        return b.append("</defs>\n").toString();
    }
}
