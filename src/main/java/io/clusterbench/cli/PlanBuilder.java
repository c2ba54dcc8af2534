package io.clusterbench.cli;

import io.clusterbench.UserException;
import io.clusterbench.db.Consistency;
import io.clusterbench.db.Routing;
import io.clusterbench.engine.ErrorPolicy;
import io.clusterbench.runner.RunPlan;
import io.clusterbench.workload.Distribution;
import io.clusterbench.workload.Workload;
import io.clusterbench.workload.joins.JoinsWorkload;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Turns the parsed options of {@code run} and {@code sweep} into a {@link RunPlan}: validates them (every
 * problem at once), draws the seed, builds the workload and chooses the output directory.
 *
 * <p>Thread-safe (stateless).
 */
final class PlanBuilder {
    private PlanBuilder() {
    }

    /**
     * @param sweep true for {@code sweep}, which takes a list of thread counts
     * @param c     cluster options (--routing, --consistency), or null for the defaults
     * @throws UserException for invalid values
     */
    static RunPlan from(String workloadName, TargetOptions t, RunOptions r, OltpOptions o, JoinsOptions j,
                        TpccOptions tpcc, List<String> command, boolean sweep, ClusterOptions c) {
        Routing routing = c == null ? Routing.ROUND_ROBIN : Routing.parse(c.routing);
        Consistency consistency = c == null || c.consistency == null ? null : Consistency.parse(c.consistency);
        Validation.check(t, r, o, sweep);
        Distribution distribution = Distribution.parse(r.randType, r.randSpecIter, r.randSpecPct, r.randSpecRes,
                r.randParetoH, r.randZipfianExp);
        ErrorPolicy errors = ErrorPolicy.parse(r.ignoreErrors);
        long seed = r.randSeed != 0 ? r.randSeed : (System.nanoTime() ^ System.currentTimeMillis()) | 1;
        Workload workload = WorkloadCatalog.create(workloadName, o, j, tpcc, distribution, seed);
        if (workload instanceof JoinsWorkload jw) {
            JoinsOptions.requireEnabled(jw.configuration());
        }
        Path out = r.out != null ? r.out : Path.of("results", ZonedDateTime.now(ZoneOffset.UTC)
                .format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT)) + "-" + (sweep ? "sweep-" : "")
                + workloadName);
        requireWritable(out);
        Map<String, Object> options = new LinkedHashMap<>();
        String description;
        if (workload.name().equals(WorkloadCatalog.TPCC)) {
            Map<String, Object> tp = tpcc.planMap(o.tables);
            options.putAll(tp);
            description = ", " + tp.get("scale") + " warehouse(s) per set x " + tp.get("tables") + " set(s) = "
                    + tp.get("warehousesTotal") + " warehouses, mix " + tp.get("weights");
        } else {
            options.putAll(o.optionMap());
            options.put("routing", routing.spelling());
            options.put("consistency", consistency == null ? null : consistency.level());
            if (workload instanceof JoinsWorkload jw) {
                options.putAll(j.optionMap(jw.configuration()));
            }
            description = ", keys " + distribution.describe();
        }
        return new RunPlan(t.spec(), r.threadCounts, r.timeSeconds, r.events, r.warmupSeconds, r.rate,
                r.reportIntervalSeconds, r.percentile == 0 ? 95 : r.percentile, workload, distribution, seed, errors,
                out, command, routing, consistency, options, description);
    }

    /**
     * Checks, without creating anything, that {@code dir} can be created or written: its nearest existing
     * ancestor must be a writable directory.
     *
     * @throws UserException when result files could not be written there
     */
    static void requireWritable(Path dir) {
        Path p = dir.toAbsolutePath();
        while (p != null && !Files.exists(p)) {
            p = p.getParent();
        }
        if (p == null || !Files.isDirectory(p) || !Files.isWritable(p)) {
            throw new UserException("cannot write results to " + dir + " (" + (p == null ? "no such place"
                    : p + (Files.isDirectory(p) ? " is not writable" : " is not a directory")) + ")",
                    "choose another --out");
        }
    }
}
