package io.clusterbench.runner;

import io.clusterbench.observe.ServerClock;
import io.clusterbench.db.Target;
import io.clusterbench.engine.EnginePlan;
import io.clusterbench.result.ShardRecord;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The facts a shard writes about itself (its part of the run, its host, its clock against the server's) and
 * the line printed while it waits for {@code --start-at}.
 *
 * <p>Thread-safe (stateless).
 */
final class ShardFacts {
    private ShardFacts() {
    }

    /**
     * @param plan         the step's engine plan (this shard's part)
     * @param wholeThreads the step's thread count as given
     * @return the shard's record, or null when the run is not sharded; reads the server's clock once
     */
    static ShardRecord of(RunPlan settings, EnginePlan plan, int wholeThreads, Target target) {
        ShardSpec s = settings.shard();
        if (!s.sharded()) {
            return null;
        }
        int whole = s.wholeThreads(wholeThreads);
        ServerClock.Offset offset = ServerClock.measure(target);
        String node = System.getenv("NODE_NAME");
        return new ShardRecord(s.index(), s.count(), host(), node == null ? "" : node, plan.startAtEpochMillis(), whole,
                plan.firstWorker(), settings.load().events(), settings.load().rateEventsPerSecond(),
                offset == null ? null : offset.offsetMillis(), offset == null ? null : offset.uncertaintyMillis());
    }

    /** @return {@code facts} with the shard's record added (unchanged when null) */
    static io.clusterbench.result.Facts with(io.clusterbench.result.Facts facts, ShardRecord shard) {
        return shard == null ? facts : facts.with(io.clusterbench.result.FactKeys.SHARD, shard);
    }

    /** @return e.g. {@code "Sessions open; starting at 2026-11-30T19:30:00Z (in 12.3 s)"} */
    static String waitLine(long startAtEpochMillis, double waitSeconds) {
        String at = Instant.ofEpochMilli(startAtEpochMillis).toString();
        return waitSeconds >= 0
                ? String.format(Locale.ROOT, "Sessions open; starting at %s (in %.1f s)", at, waitSeconds)
                : String.format(Locale.ROOT, "Sessions open %.1f s after --start-at %s; starting now", -waitSeconds, at);
    }

    /** @return this client's host name ({@code HOSTNAME}, else the resolver's), "unknown" when neither answers */
    static String host() {
        String env = System.getenv("HOSTNAME");
        if (env != null && !env.isBlank()) {
            return env;
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "unknown";
        }
    }
}
