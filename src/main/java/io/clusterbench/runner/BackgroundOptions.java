package io.clusterbench.runner;

import io.clusterbench.Defaults;
import picocli.CommandLine.Option;

import java.util.List;

/**
 * {@code --background WORKLOAD} and its threads: picocli mixin of {@code run}. The background workload is
 * built from the same family options as the run's (docs/metrics.md, "Background workload").
 *
 * <p>Confined to the command's thread.
 */
public final class BackgroundOptions {
    @Option(names = "--background", paramLabel = "WORKLOAD",
            description = "A workload run beside this one (closed loop, round-robin over the endpoints, the same "
                    + "family options), so the cost of each DDL or big transaction shows in its throughput; its "
                    + "tables must be prepared. Default: none.")
    String workload;

    @Option(names = "--background-threads", paramLabel = "N", defaultValue = "" + Defaults.BACKGROUND_THREADS,
            description = "Threads of the --background workload (>= 1). Default: ${DEFAULT-VALUE}.")
    int threads = 2;

    /** @return the {@code --background} workload, or null */
    public String workload() {
        return workload;
    }

    /** Adds a problem when the threads are out of range or the background is the workload itself. */
    void validate(String runWorkload, List<String> problems) {
        if (threads < 1) {
            problems.add("--background-threads must be >= 1 (got " + threads + ")");
        }
        if (workload != null && workload.equals(runWorkload)) {
            problems.add("--background " + workload + " is the workload itself; choose another, e.g. oltp_read_write");
        }
    }
}
