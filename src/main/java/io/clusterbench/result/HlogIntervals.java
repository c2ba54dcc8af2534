package io.clusterbench.result;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads back the interval histograms of a {@code latency.hlog} written by {@link IntervalFiles}: per interval,
 * the untagged event-latency histogram followed by one histogram per statement class tagged with its name
 * (µs; HdrHistogram's compressed encoding, one line each).
 *
 * <p>Thread-safe (stateless).
 */
public final class HlogIntervals {
    private HlogIntervals() {
    }

    /**
     * One interval's histograms.
     *
     * @param startEpochMillis the interval's start time stamp, ms since the Unix epoch
     * @param events           event latency (µs)
     * @param classes          statement-class latency by class name (µs); classes that ran in the interval only
     */
    public record Interval(long startEpochMillis, Histogram events, Map<String, Histogram> classes) {
    }

    /**
     * @return the intervals in file order
     * @throws IOException when the file is missing or holds a histogram before any untagged (event) one
     */
    public static List<Interval> read(Path hlog) throws IOException {
        if (!Files.isRegularFile(hlog)) {
            throw new IOException(hlog + " is missing (the run's interval histograms)");
        }
        List<Interval> out = new ArrayList<>();
        HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
        try {
            EncodableHistogram h;
            while ((h = reader.nextIntervalHistogram()) != null) {
                if (!(h instanceof Histogram histogram)) {
                    throw new IOException(hlog + " holds a non-integer histogram");
                }
                if (histogram.getTag() == null) {
                    out.add(new Interval(histogram.getStartTimeStamp(), histogram, new LinkedHashMap<>()));
                } else if (out.isEmpty()) {
                    throw new IOException(hlog + " starts with a tagged histogram; not a clusterbench latency log");
                } else {
                    out.get(out.size() - 1).classes().put(histogram.getTag(), histogram);
                }
            }
        } finally {
            reader.close();
        }
        return out;
    }
}
