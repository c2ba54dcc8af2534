package io.clusterbench.chores;

import io.clusterbench.UserException;
import io.clusterbench.anomaly.AppendMix;
import io.clusterbench.anomaly.HistoryWorkload;
import io.clusterbench.anomaly.Isolation;
import io.clusterbench.anomaly.Promise;
import io.clusterbench.db.Consistency;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.ReadTimeout;
import io.clusterbench.db.Target;
import io.clusterbench.db.TargetSpec;
import io.clusterbench.db.Topology;
import io.clusterbench.db.TopologyDiscovery;
import io.clusterbench.fault.FaultPlan;
import io.clusterbench.fault.FaultRunner;
import io.clusterbench.fault.NodeControl;
import io.clusterbench.fault.NodeControls;
import io.clusterbench.fault.RelayObserver;
import io.clusterbench.lifecycle.Lifecycle;
import io.clusterbench.probe.AnomalyProbe;
import io.clusterbench.probe.HistoryLoad;
import io.clusterbench.probe.IsolationSetting;
import io.clusterbench.probe.Placement;
import io.clusterbench.probe.ServerSettings;
import io.clusterbench.report.AnomalyText;
import io.clusterbench.result.AnomalyDocument;
import io.clusterbench.result.AnomalySetting;
import io.clusterbench.result.FactKeys;
import io.clusterbench.result.ProbeValidity;
import io.clusterbench.runner.Console;
import io.clusterbench.runner.ResolvedTarget;
import io.clusterbench.runner.ResultDirs;
import io.clusterbench.runner.RunStatus;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code probe anomalies} as the runner runs it: resolves the target and its topology, then runs every setting
 * (consistency level × isolation level × routing) in turn with {@link AnomalyProbe}, the fault schedule and the relay's
 * links beside each load, prints each setting's findings and writes {@code anomalies.json} after each one
 * (docs/consistency.md). The exit status says whether a setting showed an anomaly it forbids ({@link #status}).
 *
 * @param levels           consistency levels as given, or null for the default (0 on Galera, none elsewhere)
 * @param isolations       isolation levels
 * @param routings         routing modes
 * @param readsOn          where read-only transactions run
 * @param lockingReads     {@code --for-update}
 * @param workloads        the history workloads
 * @param sessions         sessions per workload
 * @param mix              the list-append transactions' shape
 * @param accounts         bank accounts
 * @param timeSeconds      each setting's load length, 0 for none
 * @param transactions     operations per workload and setting, 0 for no limit
 * @param faults           the fault schedule and read timeout
 * @param finalReadSeconds the longest the final reads wait for a node
 * @param seed             the generators' seed
 * @param out              the probe's folder
 */
public record AnomalyRun(List<String> levels, List<Isolation> isolations, List<Placement.Routing> routings,
                         Placement.ReadsOn readsOn, boolean lockingReads, Set<HistoryWorkload> workloads, int sessions,
                         AppendMix mix, int accounts, long timeSeconds, long transactions, FaultPlan faults,
                         long finalReadSeconds, long seed, Path out) {
    /** What a stop before the first load prints. */
    static final String NOTHING_RECORDED = "interrupted before the first setting's load: nothing was recorded";

    /**
     * @return {@link RunStatus#CHECK_FAILED} when a setting showed an anomaly it forbids, {@link RunStatus#INTERRUPTED}
     *         after a stop, else {@link RunStatus#COMPLETED}
     * @throws UserException for an unusable target or options that do not fit it
     */
    public RunStatus run(TargetSpec spec, List<String> command, Console console) {
        Lifecycle life = console.lifecycle();
        life.nothingMeasuredSentence(NOTHING_RECORDED);
        try (ResolvedTarget resolved = ResolvedTarget.resolve(spec, console)) {
            Target base = resolved.target();
            Topology topology = TopologyDiscovery.discover(base);
            topology.describe().forEach(console::line);
            List<String> names = names(base, topology);
            List<Consistency> parsed = consistencies(topology);
            NodeControl nodes = NodeControls.resolve(faults, base.endpoints());
            new Placement(routings.get(0), readsOn, base.endpoints().size()); // refuses reads-on other on one endpoint
            int readTimeout = faults.readTimeoutSeconds() == FaultPlan.AUTO ? ReadTimeout.derive(timeSeconds, 0)
                    : (int) faults.readTimeoutSeconds() * 1000;
            Map<String, Map<String, String>> variables = ServerSettings.read(base.afterRun(), names);
            console.line(ServerSettings.line(variables));
            ResultDirs.createDirectories(out);
            Output output = new Output(out.resolve(AnomalyDocument.FILE), new AnomalyDocument(AnomalyDocument.SCHEMA,
                    Instant.now().toString(), command, target(base), topology.toMap(), options(readTimeout), variables,
                    "running", 0, List.of()));
            output.write("running");
            life.beforeHalt(() -> output.write("interrupted"));
            console.line("Results go to " + out);
            AnomalyProbe probe = new AnomalyProbe(names, topology.galera(), life, console::line);
            Context ctx = new Context(probe, base.withReadTimeout(readTimeout), base, topology, names, nodes, console);
            int total = parsed.size() * isolations.size() * routings.size();
            for (Consistency c : parsed) {
                for (Isolation iso : isolations) {
                    for (Placement.Routing r : routings) {
                        if (!life.stopRequested()) {
                            AnomalySetting s = runSetting(ctx, c, iso, r, output.size() + 1, total);
                            output.add(s);
                            console.print(AnomalyText.setting(s));
                        }
                    }
                }
            }
            return finish(output.write(life.stopRequested() ? "interrupted" : "completed"), output.json(), console);
        }
    }

    /** Prints the summary and the results line; @return the exit status, with its stderr line when a check failed */
    private RunStatus finish(AnomalyDocument last, Path json, Console console) {
        console.lifecycle().enter(Lifecycle.Phase.REPORT);
        console.line("");
        console.print(AnomalyText.summary(last));
        console.line("Results: " + json + " and a history.jsonl per setting (tables and HTML again: "
                + "clusterbench report " + out + ")");
        RunStatus status = status(last);
        if (status == RunStatus.CHECK_FAILED) {
            console.error("check failed: anomalies the chosen settings forbid were found ("
                    + String.join("; ", last.violations()) + "); see " + json);
        }
        return status;
    }

    /** What every setting of one probe shares. */
    private record Context(AnomalyProbe probe, Target sessions, Target base, Topology topology, List<String> names,
                           NodeControl nodes, Console console) {
    }

    /** {@code anomalies.json} as the probe goes: the head, the settings finished; thread-safe (a halt writes it). */
    private static final class Output {
        private final Path json;
        private final AnomalyDocument head;
        private final long started = System.nanoTime();
        private final List<AnomalySetting> done = new ArrayList<>();

        Output(Path json, AnomalyDocument head) {
            this.json = json;
            this.head = head;
        }

        Path json() {
            return json;
        }

        synchronized int size() {
            return done.size();
        }

        /** Adds a finished setting and writes the document. */
        synchronized void add(AnomalySetting s) {
            done.add(s);
            write("running");
        }

        /** @return the document written, with {@code status} */
        synchronized AnomalyDocument write(String status) {
            AnomalyDocument doc = head.with(status, (System.nanoTime() - started) / 1e9, List.copyOf(done));
            try {
                AnomalyDocument.write(json, doc.bytes());
            } catch (java.io.UncheckedIOException e) {
                throw new UserException(e.getMessage(), "free disk space or choose another --out", e);
            }
            return doc;
        }
    }

    /**
     * The exit-status rule of {@code probe anomalies}, as {@code --verify-commits} has for lost commits.
     *
     * @return interrupted after a stop; check failed when any setting found a class it forbids; else completed
     */
    public static RunStatus status(AnomalyDocument doc) {
        if ("interrupted".equals(doc.status())) {
            return RunStatus.INTERRUPTED;
        }
        return doc.violations().isEmpty() ? RunStatus.COMPLETED : RunStatus.CHECK_FAILED;
    }

    private AnomalySetting runSetting(Context ctx, Consistency c, Isolation iso, Placement.Routing r, int index,
                                      int total) {
        Console console = ctx.console();
        List<String> names = ctx.names();
        Target base = ctx.base();
        String level = c == null ? null : c.level();
        String name = (c == null ? "consistency not set" : c.variable() + "=" + level) + " " + iso.shortName() + " "
                + r.label();
        String directory = String.format(Locale.ROOT, "%02d-%s-%s-%s", index, c == null ? "default"
                : c.galera() ? "sync" + level : level, iso.shortName(), r.label());
        console.line("");
        console.line("Setting " + index + "/" + total + ": " + name + " — " + describe(names.size()));
        Consistency.Applied applied = c == null ? null : c.apply(ctx.sessions(), ctx.topology());
        if (applied != null) {
            console.line(applied.line());
        }
        IsolationSetting.Applied isolation = IsolationSetting.apply(applied == null ? ctx.sessions() : applied.target(),
                iso, names);
        console.line(isolation.line());
        Placement placement = new Placement(r, readsOn, base.endpoints().size());
        HistoryLoad.Spec spec = new HistoryLoad.Spec(workloads, sessions, mix, accounts, lockingReads, placement,
                transactions, seed + index);
        AnomalyProbe.Setting setting = new AnomalyProbe.Setting(index, name, directory, out.resolve(directory), level,
                applied == null ? "not set" : applied.line(), iso, isolation.line(), isolation.target(), base, spec,
                Duration.ofSeconds(timeSeconds), Duration.ofSeconds(finalReadSeconds), Promise.of(iso, level));
        boolean galera = ctx.topology().galera();
        FaultRunner schedule = faults.schedule().isEmpty() && !galera ? null
                : new FaultRunner(faults.schedule(), ctx.nodes(), base, names, galera, console::line);
        RelayObserver relay = RelayObserver.find(faults.sandboxDir(), base.endpoints());
        Lifecycle.Owned owned = schedule == null ? null
                : console.lifecycle().own("fault schedule", schedule::close);
        AnomalySetting s;
        try {
            s = ctx.probe().run(setting, new AnomalyProbe.Hooks() {
                @Override
                public void loadStarted() {
                    if (relay != null) {
                        relay.start();
                    }
                    if (schedule != null) {
                        schedule.start();
                    }
                }

                @Override
                public void loadEnded() {
                    if (owned != null) {
                        owned.close();
                    }
                }
            });
        } finally {
            if (owned != null) {
                owned.close();
            }
        }
        AnomalySetting done = s.with(schedule != null && schedule.hasReport() ? schedule.report() : null,
                relay == null ? null : relay.facts().get(FactKeys.RELAY));
        return done.withValidity(ProbeValidity.setting(done));
    }

    /** @return e.g. {@code 6 sessions of append for 10 s, reads on the same node, plain reads} */
    private String describe(int endpoints) {
        List<String> w = workloads.stream().map(HistoryWorkload::label).toList();
        return sessions + " sessions of " + String.join(" + ", w) + (timeSeconds > 0 ? " for " + timeSeconds + " s" : "")
                + (transactions > 0 ? ", at most " + transactions + " operations each" : "")
                + ", reads on " + readsOn.label() + " node, " + (lockingReads ? "SELECT ... FOR UPDATE" : "plain reads")
                + ", " + endpoints + " endpoint(s)";
    }

    /** @return the levels to run; refuses a level that does not fit the cluster before anything runs */
    private List<Consistency> consistencies(Topology topology) {
        List<Consistency> out = new ArrayList<>();
        if (levels == null) {
            out.add(topology.galera() ? Consistency.parse("0") : null);
            return out;
        }
        for (String l : levels) {
            Consistency c = Consistency.parse(l);
            if (c.galera() && Topology.GROUP_REPLICATION.equals(topology.flavor()) || !c.galera() && topology.galera()) {
                throw new UserException("--consistency " + c.level() + " does not apply to " + topology.flavor(),
                        c.galera() ? "Group Replication takes EVENTUAL, BEFORE, AFTER or BEFORE_AND_AFTER"
                                : "Galera takes a wsrep_sync_wait bitmask 0-15 (1 = reads, 7 = reads and writes)");
            }
            out.add(c);
        }
        return out;
    }

    private AnomalyDocument.Options options(int readTimeoutMillis) {
        return new AnomalyDocument.Options(workloads.stream().sorted().map(HistoryWorkload::label).toList(), sessions,
                mix.activeKeys(), mix.maxAppendsPerKey(), accounts, timeSeconds, transactions, readsOn.label(),
                lockingReads, faults.schedule().isEmpty() ? null : faults.schedule().describe(), readTimeoutMillis,
                finalReadSeconds * 1000, seed);
    }

    private static Map<String, Object> target(Target t) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("endpoints", t.endpoints().stream().map(Endpoint::label).toList());
        m.put("user", t.user());
        m.put("database", t.database());
        return m;
    }

    /** @return the member name behind each endpoint, {@code nI} (1-based) where the topology has none */
    private static List<String> names(Target target, Topology topology) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < target.endpoints().size(); i++) {
            Topology.Member m = topology.memberAt(target.endpoints().get(i).label());
            names.add(m == null || m.name().isEmpty() ? "n" + (i + 1) : m.name());
        }
        return names;
    }
}
