package io.clusterbench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import static io.clusterbench.report.Html.esc;

/**
 * Flame graphs as inline SVG from folded stacks ({@code thread;outer;...;leaf count} per line, the step folder's
 * {@code profile.folded}; docs/explain.md): one box per frame, as wide as its samples, callers below callees, each
 * box's {@code <title>} giving its samples and share (a browser shows it on hover). Plain SVG, no script: the page
 * stays self-contained and offline. The differential graph (after Gregg's {@code difffolded.pl}) is B's graph
 * coloured by how each frame's share of all samples moved from A to B: red where B spends more, blue where less,
 * white where alike. Boxes narrower than {@value #MIN_SHARE} of the samples are left out (their time is in the
 * parent's width).
 *
 * <p>Thread-safe (stateless).
 */
final class FlameGraph {
    /** Narrowest box drawn, as a fraction of all samples. */
    static final double MIN_SHARE = 0.002;
    private static final int WIDTH = 1200;
    private static final int ROW = 16;

    private FlameGraph() {
    }

    /** A frame of the merged stacks: samples at and below it, children by name. */
    private static final class Frame {
        final String name;
        long samples;
        long samplesA;
        final Map<String, Frame> children = new LinkedHashMap<>();

        Frame(String name) {
            this.name = name;
        }
    }

    /**
     * @param file a folded-stacks file
     * @return stack to samples (lines that are not {@code STACK COUNT} are skipped); empty when the file is missing
     * @throws IOException when it exists but cannot be read
     */
    static Map<String, Long> read(Path file) throws IOException {
        Map<String, Long> out = new TreeMap<>();
        if (!Files.isRegularFile(file)) {
            return out;
        }
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            int sp = line.lastIndexOf(' ');
            if (sp > 0) {
                try {
                    out.merge(line.substring(0, sp), Long.parseLong(line.substring(sp + 1).trim()), Long::sum);
                } catch (NumberFormatException e) {
                    // not a folded line: skipped
                }
            }
        }
        return out;
    }

    /** @return the flame graph of {@code stacks} as an {@code <svg class="flame">}, or "" without samples */
    static String svg(Map<String, Long> stacks, String title) {
        return render(tree(Map.of(), stacks), null, title);
    }

    /**
     * @return B's flame graph coloured by the change of each frame's share from {@code a} to {@code b}, or "" without
     * samples on either side
     */
    static String diff(Map<String, Long> a, Map<String, Long> b, String title) {
        long totalA = a.values().stream().mapToLong(Long::longValue).sum();
        return totalA == 0 ? "" : render(tree(a, b), totalA, title);
    }

    private static Frame tree(Map<String, Long> a, Map<String, Long> b) {
        Frame root = new Frame("all");
        add(root, b, false);
        add(root, a, true);
        return root;
    }

    private static void add(Frame root, Map<String, Long> stacks, boolean sideA) {
        stacks.forEach((stack, n) -> {
            Frame f = root;
            bump(f, n, sideA);
            for (String name : stack.split(";")) {
                f = f.children.computeIfAbsent(name, Frame::new);
                bump(f, n, sideA);
            }
        });
    }

    private static void bump(Frame f, long n, boolean sideA) {
        if (sideA) {
            f.samplesA += n;
        } else {
            f.samples += n;
        }
    }

    private static String render(Frame root, Long totalA, String title) {
        if (root.samples == 0) {
            return "";
        }
        List<String> boxes = new ArrayList<>();
        int depth = layout(root, 0, 0, WIDTH, root.samples, totalA, boxes);
        int height = (depth + 1) * ROW + 24;
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "<svg class=\"flame\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
                + "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"11\" role=\"img\" "
                + "aria-label=\"%s\">\n", WIDTH, height, WIDTH, height, esc(title)));
        s.append("<text x=\"4\" y=\"14\" font-size=\"13\">").append(esc(title)).append("</text>\n");
        s.append("<g transform=\"translate(0,").append(height - ROW).append(")\">\n");
        boxes.forEach(s::append);
        return s.append("</g>\n</svg>\n").toString();
    }

    /** Lays {@code f} and its children out from x, one row per depth upwards; @return the deepest row drawn */
    private static int layout(Frame f, int depth, double x, double width, long total, Long totalA, List<String> out) {
        out.add(box(f, depth, x, width, total, totalA));
        int deepest = depth;
        double cx = x;
        List<Frame> kids = new ArrayList<>(f.children.values());
        kids.sort((p, q) -> p.name.compareTo(q.name)); // alphabetical, as flamegraph.pl: the same frames line up
        for (Frame c : kids) {
            if (c.samples < MIN_SHARE * total) {
                continue;
            }
            double w = width * c.samples / f.samples;
            deepest = Math.max(deepest, layout(c, depth + 1, cx, w, total, totalA, out));
            cx += w;
        }
        return deepest;
    }

    private static String box(Frame f, int depth, double x, double width, long total, Long totalA) {
        double share = 100.0 * f.samples / total;
        String tip;
        String fill;
        if (totalA == null) {
            tip = String.format(Locale.ROOT, "%s — %d samples (%.2f%%)", f.name, f.samples, share);
            fill = warm(f.name);
        } else {
            double shareA = 100.0 * f.samplesA / totalA;
            tip = String.format(Locale.ROOT, "%s — B %.2f%%, A %.2f%% of samples (%+.2f points)", f.name, share, shareA,
                    share - shareA);
            fill = diffColour(share - shareA);
        }
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT,
                "<g><title>%s</title><rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\" rx=\"1\"/>",
                esc(tip), x, -depth * ROW, Math.max(0.5, width - 0.5), ROW - 1, fill));
        int chars = (int) ((width - 6) / 6.5);
        if (chars >= 3) {
            String label = f.name.length() <= chars ? f.name : f.name.substring(0, chars - 2) + "..";
            b.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\">%s</text>", x + 3, -depth * ROW + 11,
                    esc(label)));
        }
        return b.append("</g>\n").toString();
    }

    /** @return a warm colour stable per name (flamegraph.pl's palette family) */
    private static String warm(String name) {
        int h = name.hashCode();
        int r = 205 + Math.floorMod(h, 50);
        int g = 80 + Math.floorMod(h >> 8, 150);
        int b = Math.floorMod(h >> 16, 55);
        if (name.endsWith("_[k]")) { // kernel frames orange-brown, as perf's kernel annotation
            g = Math.min(g, 140);
        }
        return String.format(Locale.ROOT, "rgb(%d,%d,%d)", r, g, b);
    }

    /** @return white at 0, full red at +5 points or more, full blue at −5 or less */
    private static String diffColour(double points) {
        int fade = (int) Math.round(255 * (1 - Math.min(1, Math.abs(points) / 5)));
        return points >= 0 ? String.format(Locale.ROOT, "rgb(255,%d,%d)", fade, fade)
                : String.format(Locale.ROOT, "rgb(%d,%d,255)", fade, fade);
    }
}
