package io.clusterbench.cli;

import io.clusterbench.engine.EnginePlan;
import io.clusterbench.engine.ErrorPolicy;
import io.clusterbench.target.Consistency;
import io.clusterbench.target.Endpoint;
import io.clusterbench.target.Routing;
import io.clusterbench.target.Target;
import io.clusterbench.workload.Distribution;
import io.clusterbench.workload.Workload;
import io.clusterbench.workload.joins.JoinsWorkload;

import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A run's options after validation and resolution (seed drawn, distribution parsed, output directory
 * chosen): everything explicit, so the result can embed it. Immutable.
 *
 * @param targetOptions target options as given
 * @param run           run options as given
 * @param oltp          OLTP options as given
 * @param joins         joins options as given
 * @param workload      the workload
 * @param distribution  the key distribution
 * @param seed          the resolved seed (never 0)
 * @param errors        the error policy
 * @param outDir        where result files go
 * @param command       the command line, password masked
 * @param tpcc          tpcc options as given
 * @param routing       {@code --routing}
 * @param consistency   {@code --consistency}, or null when not set
 * @param families      ddl/bigtrx options and {@code --background}
 */
record RunSettings(TargetOptions targetOptions, RunOptions run, OltpOptions oltp, JoinsOptions joins, Workload workload,
                   Distribution distribution, long seed, ErrorPolicy errors, Path outDir, List<String> command,
                   TpccOptions tpcc, Routing routing, Consistency consistency, FamilyOptions families) {

    /** Builds settings without cluster options (round-robin, no consistency level). */
    static RunSettings from(String workloadName, TargetOptions t, RunOptions r, OltpOptions o, JoinsOptions j,
                            List<String> command) {
        return from(workloadName, t, r, o, j, new TpccOptions(), command, false, null);
    }

    /** @param sweep true for {@code sweep}, which takes a list of thread counts */
    static RunSettings from(String workloadName, TargetOptions t, RunOptions r, OltpOptions o, JoinsOptions j,
                            List<String> command, boolean sweep) {
        return from(workloadName, t, r, o, j, new TpccOptions(), command, sweep, null);
    }

    /** As above, with the tpcc options and default cluster options */
    static RunSettings from(String workloadName, TargetOptions t, RunOptions r, OltpOptions o, JoinsOptions j,
                            TpccOptions tpcc, List<String> command, boolean sweep) {
        return from(workloadName, t, r, o, j, tpcc, command, sweep, null);
    }

    /**
     * Builds settings from parsed options.
     *
     * @param sweep true for {@code sweep}, which takes a list of thread counts
     * @param c     cluster options (--routing, --consistency), or null for the defaults
     * @throws io.clusterbench.UserException for invalid values
     */
    static RunSettings from(String workloadName, TargetOptions t, RunOptions r, OltpOptions o, JoinsOptions j,
                            TpccOptions tpcc, List<String> command, boolean sweep, ClusterOptions c) {
        return from(workloadName, t, r, o, j, tpcc, new FamilyOptions(), command, sweep, c);
    }

    /** As above, with the ddl/bigtrx options and --background */
    static RunSettings from(String workloadName, TargetOptions t, RunOptions r, OltpOptions o, JoinsOptions j,
                            TpccOptions tpcc, FamilyOptions f, List<String> command, boolean sweep, ClusterOptions c) {
        f.checkBackground(workloadName);
        Routing routing = c == null ? Routing.ROUND_ROBIN : Routing.parse(c.routing);
        Consistency consistency = c == null || c.consistency == null ? null : Consistency.parse(c.consistency);
        Validation.check(t, r, o, sweep);
        Distribution distribution = Distribution.parse(r.randType, r.randSpecIter, r.randSpecPct, r.randSpecRes,
                r.randParetoH, r.randZipfianExp);
        ErrorPolicy errors = ErrorPolicy.parse(r.ignoreErrors);
        long seed = r.randSeed != 0 ? r.randSeed : (System.nanoTime() ^ System.currentTimeMillis()) | 1;
        Workload workload = WorkloadCatalog.create(workloadName, o, j, tpcc, f, distribution, seed);
        if (workload instanceof JoinsWorkload jw) {
            JoinsOptions.requireEnabled(jw.configuration());
        }
        Path out = r.out != null ? r.out : Path.of("results", ZonedDateTime.now(ZoneOffset.UTC)
                .format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT)) + "-" + (sweep ? "sweep-" : "")
                + workloadName);
        requireWritable(out);
        return new RunSettings(t, r, o, j, workload, distribution, seed, errors, out, command, tpcc, routing,
                consistency, f);
    }

    /**
     * Checks, without creating anything, that {@code dir} can be created or written: its nearest existing
     * ancestor must be a writable directory.
     *
     * @throws io.clusterbench.UserException when result files could not be written there
     */
    static void requireWritable(Path dir) {
        Path p = dir.toAbsolutePath();
        while (p != null && !java.nio.file.Files.exists(p)) {
            p = p.getParent();
        }
        if (p == null || !java.nio.file.Files.isDirectory(p) || !java.nio.file.Files.isWritable(p)) {
            throw new io.clusterbench.UserException("cannot write results to " + dir + " ("
                    + (p == null ? "no such place" : p + (java.nio.file.Files.isDirectory(p) ? " is not writable"
                    : " is not a directory")) + ")", "choose another --out");
        }
    }

    EnginePlan engine(Target target) {
        return engine(target, run.threads());
    }

    /** @return the engine plan of one step at {@code threads} workers */
    EnginePlan engine(Target target, int threads) {
        long interval = run.reportIntervalSeconds > 0 ? run.reportIntervalSeconds : 1;
        return new EnginePlan(threads, Duration.ofSeconds(run.timeSeconds), run.events,
                Duration.ofSeconds(run.warmupSeconds), run.rate, Duration.ofSeconds(interval), errors, seed, target);
    }

    double percentile() {
        return run.percentile == 0 ? 95 : run.percentile;
    }

    long reportIntervalSeconds() {
        return run.reportIntervalSeconds;
    }

    /** @return the one-line plan description printed at start */
    String describe(Target target) {
        StringBuilder b = new StringBuilder(workload.name()).append(", ").append(run.threads())
                .append(run.threads() == 1 ? " thread" : " threads");
        if (run.timeSeconds > 0) {
            b.append(", ").append(run.timeSeconds).append(" s");
        }
        if (run.events > 0) {
            b.append(", ").append(run.events).append(" events");
        }
        if (run.warmupSeconds > 0) {
            b.append(", warmup ").append(run.warmupSeconds).append(" s");
        }
        b.append(run.rate > 0 ? String.format(Locale.ROOT, ", open loop %.0f events/s", run.rate) : ", closed loop");
        if (workload.name().equals(WorkloadCatalog.TPCC)) {
            Map<String, Object> t = tpcc.planMap(oltp.tables);
            b.append(", ").append(t.get("scale")).append(" warehouse(s) per set x ").append(t.get("tables"))
                    .append(" set(s) = ").append(t.get("warehousesTotal")).append(" warehouses, mix ")
                    .append(t.get("weights"));
        } else {
            b.append(", keys ").append(distribution.describe());
        }
        b.append(", seed ").append(seed);
        if (routing != Routing.ROUND_ROBIN) {
            b.append(", routing ").append(routing.spelling());
        }
        if (consistency != null) {
            b.append(", ").append(consistency.variable()).append('=').append(consistency.level());
        }
        List<String> labels = new ArrayList<>();
        for (Endpoint e : target.endpoints()) {
            labels.add(e.label());
        }
        b.append(" -> ").append(String.join(",", labels)).append('/').append(target.database());
        return b.toString();
    }

    /** @return every option the run used, resolved, by option name (no password) */
    Map<String, Object> optionMap(EnginePlan plan) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("workload", workload.name());
        m.put("threads", plan.threads());
        m.put("timeSeconds", plan.time().toSeconds());
        m.put("events", plan.events());
        m.put("warmupSeconds", plan.warmup().toSeconds());
        m.put("rateEventsPerSecond", plan.rateEventsPerSecond());
        m.put("reportIntervalSeconds", run.reportIntervalSeconds);
        m.put("sampleIntervalSeconds", plan.sampleInterval().toSeconds());
        m.put("percentile", percentile());
        m.put("randType", distribution.describe());
        m.put("randSeed", seed);
        m.put("ignoreErrors", errors.toString());
        m.put("dbPsMode", targetOptions.psMode);
        if (workload.name().equals(WorkloadCatalog.TPCC)) {
            m.putAll(tpcc.planMap(oltp.tables));
            m.put("latencyStart", plan.rateEventsPerSecond() > 0 ? "intended start (open loop)" : "actual start");
            return m;
        }
        m.put("tables", oltp.tables);
        m.put("tableSize", oltp.tableSize);
        m.put("rangeSize", oltp.rangeSize);
        m.put("pointSelects", oltp.pointSelects);
        m.put("simpleRanges", oltp.simpleRanges);
        m.put("sumRanges", oltp.sumRanges);
        m.put("orderRanges", oltp.orderRanges);
        m.put("distinctRanges", oltp.distinctRanges);
        m.put("indexUpdates", oltp.indexUpdates);
        m.put("nonIndexUpdates", oltp.nonIndexUpdates);
        m.put("deleteInserts", oltp.deleteInserts);
        m.put("rangeSelects", OltpOptions.on(oltp.rangeSelects));
        m.put("skipTrx", OltpOptions.on(oltp.skipTrx));
        m.put("autoInc", OltpOptions.on(oltp.autoInc));
        m.put("routing", routing.spelling());
        m.put("consistency", consistency == null ? null : consistency.level());
        if (workload instanceof JoinsWorkload jw) {
            m.putAll(joins.optionMap(jw.configuration()));
        }
        m.put("latencyStart", plan.rateEventsPerSecond() > 0 ? "intended start (open loop)" : "actual start");
        return m;
    }

    /** @return endpoints, user and database (never the password) */
    Map<String, Object> targetMap(Target target) {
        Map<String, Object> m = new LinkedHashMap<>();
        List<String> endpoints = new ArrayList<>();
        for (Endpoint e : target.endpoints()) {
            endpoints.add(e.label());
        }
        m.put("endpoints", endpoints);
        m.put("user", target.user());
        m.put("database", target.database());
        m.put("serverPreparedStatements", target.serverPrepared());
        return m;
    }
}
