package io.clusterbench.report;

import io.clusterbench.result.RunRecord;
import io.clusterbench.result.ShardMerge;
import io.clusterbench.result.ShardsRecord;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Console lines of {@code merge}: one line per shard and one for how far apart the shards started
 * (docs/metrics.md, "Sharded runs").
 *
 * <p>Thread-safe (stateless).
 */
public final class ShardText {
    private ShardText() {
    }

    /**
     * @param merged the merged result
     * @param dir    where it was written
     * @return what {@code merge} prints: per merged run its shards and (for one run) the summary or (for a sweep)
     *         its step line, then where the result is; lines end in {@code \n}
     */
    public static String merged(ShardMerge.Merged merged, Path dir) {
        StringBuilder out = new StringBuilder();
        int runs = merged.document().runs().size();
        for (RunRecord run : merged.document().runs()) {
            ShardsRecord shards = run.fact(io.clusterbench.result.FactKeys.SHARDS);
            out.append("Merged ").append(shards.count()).append(" shards of ").append(run.workload()).append(" at ")
                    .append(run.threads()).append(run.threads() == 1 ? " thread" : " threads")
                    .append(runs > 1 ? ", repeat " + run.repeat() : "").append('\n');
            lines(shards).forEach(l -> out.append(l).append('\n'));
            if (runs == 1) {
                out.append('\n').append(ConsoleReport.summary(run));
            } else {
                out.append("  ").append(ConsoleReport.stepLine(run)).append('\n');
            }
        }
        return out.append('\n').append("Results: ").append(dir.resolve("result.json")).append('\n').toString();
    }

    /** @return one line per shard, then the start spread and clock skew line */
    public static List<String> lines(ShardsRecord s) {
        List<String> out = new ArrayList<>();
        for (ShardsRecord.Breakdown b : s.shards()) {
            out.add(String.format(Locale.ROOT, "  shard %d  %-20s %4d thds  %s %d  %s %.2f  %s %.2f  %s %+.1f  %s %s",
                    b.index(), b.host() + (b.node().isEmpty() ? "" : "@" + b.node()), b.threads(),
                    Figure.TRANSACTIONS.key(), b.events(), Figure.TPS.key(), b.tps(), Figure.LATENCY_P95.key(),
                    b.latency().p95Micros() / 1000.0, Figure.SHARD_START_DELAY.key(), b.startDelayMillis(),
                    Figure.SHARD_CLOCK_OFFSET.key(), b.serverClockOffsetMillis() == null ? "n/a"
                            : String.format(Locale.ROOT, "%+.1f ±%.1f", b.serverClockOffsetMillis(),
                            b.clockUncertaintyMillis())));
        }
        String onServer = s.startSpreadOnServerClockMillis() == null ? ""
                : String.format(Locale.ROOT, " (%.1f on the server's clock)", s.startSpreadOnServerClockMillis());
        String skew = s.clockSkewMillis() == null ? "n/a (a shard could not read the server's clock)"
                : String.format(Locale.ROOT, "%.1f ±%.1f", s.clockSkewMillis(), s.clockSkewUncertaintyMillis());
        out.add(String.format(Locale.ROOT, "  %s %.1f ms%s, %s %s ms", Figure.SHARD_START_SPREAD.key(),
                s.startSpreadMillis(), onServer, Figure.SHARD_CLOCK_SKEW.key(), skew));
        return out;
    }
}
