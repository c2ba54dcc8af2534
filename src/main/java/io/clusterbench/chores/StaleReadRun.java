package io.clusterbench.chores;

import io.clusterbench.runner.RunStatus;
import io.clusterbench.runner.Console;
import io.clusterbench.runner.ResolvedTarget;
import io.clusterbench.runner.WorkloadRegistry;
import io.clusterbench.db.TargetSpec;
import io.clusterbench.db.Target;
import io.clusterbench.probe.BackgroundLoad;
import io.clusterbench.probe.LevelResult;
import io.clusterbench.probe.ProbeMetrics;
import io.clusterbench.probe.ProbeReport;
import io.clusterbench.probe.StaleReadDriver;
import io.clusterbench.prom.MetricsListen;
import io.clusterbench.prom.MetricsServer;
import io.clusterbench.report.ProbeText;
import io.clusterbench.result.ProbeDocument;
import io.clusterbench.workload.Distribution;
import io.clusterbench.workload.FamilyOptions;
import io.clusterbench.workload.Workload;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * {@code probe stale-reads} as the runner runs it: resolves the target, starts the optional background
 * workload, runs the probe at every level and prints and writes its tables ({@code probe.json}).
 *
 * @param levels            consistency levels to compare, as given ({@code 0}, {@code 1}, {@code BEFORE}, ...)
 * @param perStatement      true when the level rides on each first read instead of the reader session
 * @param samples           first reads per ordered pair and level, >= 1
 * @param visibilityMillis  longest poll for a stale marker to show, milliseconds, > 0
 * @param stepMillis        longest wait for one probe statement, milliseconds, > 0
 * @param out               directory of {@code probe.json}
 * @param background        workload run beside the probe, or null for an idle cluster
 * @param backgroundThreads threads of {@code background}, >= 1
 * @param families          family options the background workload is built from
 * @param metrics           {@code --metrics-listen}/{@code --metrics-linger}, or null for no metrics endpoint
 */
public record StaleReadRun(List<String> levels, boolean perStatement, int samples, long visibilityMillis,
                           long stepMillis, Path out, String background, int backgroundThreads,
                           FamilyOptions families, MetricsListen metrics) {
    /**
     * @return {@link RunStatus#COMPLETED} when every pair got all its samples (as reads, errors or blocked
     *         steps), else {@link RunStatus#CHECK_FAILED}
     */
    public RunStatus run(TargetSpec spec, List<String> command, Console console) {
        // bound first: a port in use fails the command before anything connects
        try (MetricsServer server = metrics == null ? null : MetricsServer.start(metrics, console::line);
             ResolvedTarget resolved = ResolvedTarget.resolve(spec, console)) {
            StaleReadDriver driver = new StaleReadDriver(resolved.target(), samples, Duration.ofMillis(visibilityMillis),
                    Duration.ofMillis(stepMillis), console::line).perStatement(perStatement);
            BackgroundLoad load = background == null ? null : backgroundLoad(resolved.target());
            if (server != null) {
                driver.metrics(new ProbeMetrics(server, String.valueOf(out.toAbsolutePath().normalize().getFileName()),
                        background == null ? "stale-reads" : background, background == null ? 0 : backgroundThreads,
                        load == null ? List.of() : load.statementClasses()));
            }
            List<LevelResult> results = driver.run(levels, command, load);
            Map<String, Object> document = ProbeReport.document(driver.header(command), results);
            console.line("");
            console.print(ProbeText.render(ProbeDocument.of(document))); // as report prints it from probe.json
            ProbeReport.write(out.resolve(ProbeDocument.FILE), document);
            console.line("Results: " + out.resolve(ProbeDocument.FILE) + " (tables and HTML again: clusterbench report "
                    + out + ")");
            boolean exact = results.stream().allMatch(r -> r.pairs().stream()
                    .allMatch(p -> p.samples() + p.errors() + p.blocked() == samples));
            return exact ? RunStatus.COMPLETED : RunStatus.CHECK_FAILED;
        }
    }

    private BackgroundLoad backgroundLoad(Target t) {
        long seed = (System.nanoTime() ^ System.currentTimeMillis()) | 1;
        Workload w = WorkloadRegistry.create(background, families, Distribution.defaultUniform(), seed);
        io.clusterbench.runner.BackgroundObserver.initWorkload(t, w);
        return new BackgroundLoad(w, t, backgroundThreads, seed);
    }
}
