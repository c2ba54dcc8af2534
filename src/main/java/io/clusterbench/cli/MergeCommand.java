package io.clusterbench.cli;

import io.clusterbench.runner.ResultDirs;
import io.clusterbench.report.ShardText;
import io.clusterbench.result.RunRecord;
import io.clusterbench.result.ShardMerge;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code clusterbench merge DIR... [--out DIR]}: one result from the N shard results of one run
 * ({@link ShardMerge}); {@code report} and {@code compare} read it like any other.
 *
 * <p>Confined to the main thread. Exit 0 when written; 2 for unreadable folders, shards of different runs
 * (plan mismatch), a shard given twice or missing.
 */
@Command(name = "merge", sortOptions = false, mixinStandardHelpOptions = true,
        description = "Merge the results of the shards of one run (run/sweep --shard I/N --start-at TIME) into one "
                + "result: counters summed per aligned interval, latency from the union of the shards' HdrHistograms "
                + "(exact percentiles), per-shard breakdown, start spread and clock skew.")
final class MergeCommand implements Callable<Integer> {
    private final CliEnv env;

    @Parameters(paramLabel = "DIR", arity = "1..*", description = "the shards' result folders (or result.json files)")
    List<Path> dirs;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Folder for the merged result.json, intervals.csv and latency.hlog. "
                    + "Default: results/<UTC timestamp>-merged-<workload>.")
    Path out;

    MergeCommand(CliEnv env) {
        this.env = env;
    }

    @Override
    public Integer call() {
        ShardMerge.Merged merged = ShardMerge.merge(dirs, env.command());
        RunRecord first = merged.document().runs().get(0);
        Path dir = ResultDirs.orDefault(out, "merged-" + first.workload());
        ResultDirs.requireWritable(dir);
        ShardMerge.write(merged, dir);
        env.out().print(ShardText.merged(merged, dir));
        return ExitCode.OK.code();
    }
}
