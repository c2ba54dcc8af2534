package io.clusterbench.relay;

import io.clusterbench.UserException;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the relay does to one node's link to the rest of the cluster: a one-way delay added in each direction,
 * optional jitter around it, and an optional bandwidth cap. Written {@code 25ms}, {@code 25ms±5ms} (or
 * {@code 25ms+-5ms}), {@code 25ms,10mbit}, {@code 0ms,1mbyte}, {@code off}; units {@code us}, {@code ms}, {@code s}
 * for times and {@code kbit}, {@code mbit}, {@code gbit}, {@code kbyte}, {@code mbyte} per second for the cap.
 *
 * <p>Immutable.
 *
 * @param delayMicros               one-way delay added to every byte in each direction, µs, ≥ 0
 * @param jitterMicros              half-width of the uniform jitter around the delay, µs, 0 ≤ jitter ≤ delay
 * @param bandwidthBytesPerSecond   cap per direction in bytes per second, 0 for none
 */
public record LinkSpec(long delayMicros, long jitterMicros, long bandwidthBytesPerSecond) {
    /** No delay, no jitter, no cap. */
    public static final LinkSpec NONE = new LinkSpec(0, 0, 0);
    private static final Pattern TIME = Pattern.compile("(\\d+(?:\\.\\d+)?)(us|ms|s)");
    private static final Pattern RATE = Pattern.compile("(\\d+(?:\\.\\d+)?)(kbit|mbit|gbit|kbyte|mbyte)");

    /** @throws IllegalArgumentException for a negative delay or a jitter larger than the delay */
    public LinkSpec {
        if (delayMicros < 0 || jitterMicros < 0 || bandwidthBytesPerSecond < 0 || jitterMicros > delayMicros) {
            throw new IllegalArgumentException("invalid link: delay " + delayMicros + " µs, jitter " + jitterMicros
                    + " µs, cap " + bandwidthBytesPerSecond + " B/s");
        }
    }

    /**
     * @param items {@code --link} values, each {@code NODE=LINK} ({@code n3=25ms}; a bare digit names {@code n3})
     * @return the links by node name ({@code n1}..), in the order given
     * @throws UserException for an item without a node or with a bad link
     */
    public static java.util.Map<String, LinkSpec> parseNamed(java.util.List<String> items) {
        java.util.Map<String, LinkSpec> out = new java.util.LinkedHashMap<>();
        for (String l : items) {
            int eq = l.indexOf('=');
            if (eq <= 0) {
                throw new UserException("invalid --link '" + l + "'", "write NODE=LINK, e.g. n3=25ms");
            }
            out.put(l.substring(0, eq).strip().toLowerCase(java.util.Locale.ROOT).replaceFirst("^(\\d)$", "n$1"),
                    parse(l.substring(eq + 1)));
        }
        return out;
    }

    /**
     * @param text e.g. {@code 25ms±5ms,10mbit} or {@code off}
     * @return the spec
     * @throws UserException naming what is wrong and how to write it
     */
    public static LinkSpec parse(String text) {
        String t = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        if (t.equals("off") || t.equals("none")) {
            return NONE;
        }
        String[] parts = t.split(",", -1);
        try {
            if (parts.length > 2) {
                throw new IllegalArgumentException("too many parts");
            }
            String[] delayJitter = parts[0].split("±|\\+-", -1);
            if (delayJitter.length > 2) {
                throw new IllegalArgumentException("bad jitter");
            }
            long delay = micros(delayJitter[0]);
            long jitter = delayJitter.length == 2 ? micros(delayJitter[1]) : 0;
            if (jitter > delay) {
                throw new IllegalArgumentException("jitter larger than the delay");
            }
            long cap = parts.length == 2 ? bytesPerSecond(parts[1]) : 0;
            return new LinkSpec(delay, jitter, cap);
        } catch (IllegalArgumentException e) {
            throw new UserException("invalid link '" + text + "': " + e.getMessage(),
                    "write DELAY[±JITTER][,RATE] or off, e.g. 25ms, 25ms±5ms, 25ms,10mbit");
        }
    }

    private static long micros(String word) {
        Matcher m = TIME.matcher(word.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("bad time '" + word + "' (e.g. 25ms, 500us, 1s)");
        }
        double v = Double.parseDouble(m.group(1));
        return Math.round(switch (m.group(2)) {
            case "us" -> v;
            case "s" -> v * 1_000_000;
            default -> v * 1000;
        });
    }

    private static long bytesPerSecond(String word) {
        Matcher m = RATE.matcher(word.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("bad rate '" + word + "' (e.g. 10mbit, 1mbyte)");
        }
        double v = Double.parseDouble(m.group(1));
        long rate = Math.round(switch (m.group(2)) {
            case "kbit" -> v * 1000 / 8;
            case "mbit" -> v * 1_000_000 / 8;
            case "gbit" -> v * 1_000_000_000 / 8;
            case "kbyte" -> v * 1024;
            default -> v * 1024 * 1024;
        });
        if (rate <= 0) {
            throw new IllegalArgumentException("rate must be positive");
        }
        return rate;
    }

    /** @return true when the link adds nothing */
    public boolean isNone() {
        return delayMicros == 0 && bandwidthBytesPerSecond == 0;
    }

    /** @return the spec written as {@link #parse} reads it, e.g. {@code 25ms±5ms,1250000B/s} or {@code off} */
    public String describe() {
        if (isNone()) {
            return "off";
        }
        StringBuilder b = new StringBuilder(time(delayMicros));
        if (jitterMicros > 0) {
            b.append('±').append(time(jitterMicros));
        }
        if (bandwidthBytesPerSecond > 0) {
            b.append(',').append(trim(bandwidthBytesPerSecond * 8 / 1e6)).append("mbit");
        }
        return b.toString();
    }

    private static String time(long micros) {
        return micros % 1000 == 0 ? micros / 1000 + "ms" : micros + "us";
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.3f", v);
    }

    /**
     * @param other the link at the other end
     * @return the path between two nodes: delays and jitters add, the smaller cap holds
     */
    public LinkSpec plus(LinkSpec other) {
        long cap = bandwidthBytesPerSecond == 0 ? other.bandwidthBytesPerSecond
                : other.bandwidthBytesPerSecond == 0 ? bandwidthBytesPerSecond
                : Math.min(bandwidthBytesPerSecond, other.bandwidthBytesPerSecond);
        return new LinkSpec(delayMicros + other.delayMicros, jitterMicros + other.jitterMicros, cap);
    }
}
