package io.clusterbench.result;

import java.util.List;
import java.util.Map;

/**
 * Explain facts as a profiled step on one local node records them, with chosen figures, for tests of the result
 * types and the console block. Thread-safe (stateless).
 */
public final class ExplainSamples {
    private ExplainSamples() {
    }

    /**
     * @param events         the step's events
     * @param cpuMicros      server CPU per event, µs
     * @param lockPercent    the on-CPU lock share
     * @param topFunction    the top self function
     * @param rowLockMicros  InnoDB row-lock time in the window, µs
     * @return the four facts, normalised per event as the step leaves them
     */
    public static Facts facts(long events, double cpuMicros, double lockPercent, String topFunction,
                                            long rowLockMicros) {
        long cpu = Math.round(cpuMicros * events);
        ServerResources res = new ServerResources(List.of(new ServerResources.Node("n1", "127.0.0.1:3306", "proc",
                null, 4242L, new ServerResources.Deltas(10.0, cpu * 3 / 4, cpu / 4, events * 3, events / 2, 0L,
                events * 4000, 900), 0, null)));
        CpuProfile prof = new CpuProfile(List.of(new CpuProfile.Node("n1", "127.0.0.1:3306", null, null, 4242L, 499,
                "profile.folded", 5000, 10.0, 9.4, 0.05, 0.7, 0.4, 812, new CpuProfile.Concentration(31, 402, 760),
                List.of(new CpuProfile.Share("execute", 2000, 40.0), new CpuProfile.Share("lock",
                        Math.round(50 * lockPercent), lockPercent)), lockPercent,
                List.of(new CpuProfile.Share(topFunction, 1000, 20.0), new CpuProfile.Share("row_search_mvcc", 250, 5.0)),
                List.of(new CpuProfile.Share("dispatch_command", 4900, 98.0)),
                List.of(new CpuProfile.Share(topFunction, 1100, 22.0)), 5100L, 98.04, 0, null, 0, null)));
        WaitProfile waits = new WaitProfile(List.of(new WaitProfile.Node("n1", "127.0.0.1:3306", null,
                new WaitProfile.PerformanceSchema(true, List.of(), List.of("wait/synch/mutex")), 10.0,
                Map.of("Com_commit", events, "Questions", events * 18), rowLockMicros,
                List.of(new WaitProfile.Category(WaitProfile.LOCK, rowLockMicros, 90.0, null),
                        new WaitProfile.Category(WaitProfile.FILE_IO, rowLockMicros / 9, 10.0, null)),
                List.of(new WaitProfile.Wait(WaitProfile.ROW_LOCK, events / 4, rowLockMicros, null, null)),
                List.of(new WaitProfile.Wait("wait/io/table/sql/handler", events * 10, rowLockMicros * 2, null, null)),
                List.of(new WaitProfile.Statement("sbtest", "abc", "UPDATE sbtest1 SET c=? WHERE id=?", events,
                        rowLockMicros * 2, 0, events, 0, 0, 80.0, null, null)),
                List.of(new WaitProfile.Metric("trx_rseg_history_len", "transaction", true, 10, 40, 30L, null)),
                List.of("lock_rec_lock_waits"), List.of("innodb_rwlock_s_spin_rounds"),
                new WaitProfile.Semaphores(0, List.of()), 0, 12)));
        HardwareCounters hw = new HardwareCounters(List.of(HardwareCounters.Node.absent("n1", "127.0.0.1:3306",
                HardwareCounters.NOT_SUPPORTED)));
        Facts facts = Facts.NONE.with(FactKeys.SERVER_RESOURCES, res).with(FactKeys.WAIT_PROFILE, waits)
                .with(FactKeys.CPU_PROFILE, prof).with(FactKeys.HARDWARE_COUNTERS, hw);
        return ExplainFacts.perEvent(facts, events);
    }

    /**
     * @param facts one node's facts ({@link #facts})
     * @param names the nodes to make of it, e.g. n1, n2, n3 (a Galera step on three local servers)
     * @return the same resources and profile on every named node
     */
    public static Facts onNodes(Facts facts, String... names) {
        ServerResources.Node r = facts.get(FactKeys.SERVER_RESOURCES).nodes().get(0);
        CpuProfile.Node p = facts.get(FactKeys.CPU_PROFILE).nodes().get(0);
        List<ServerResources.Node> res = new java.util.ArrayList<>();
        List<CpuProfile.Node> prof = new java.util.ArrayList<>();
        for (String n : names) {
            res.add(new ServerResources.Node(n, r.endpoint(), r.source(), r.absentReason(), r.pid(), r.deltas(),
                    r.events(), r.perEvent()));
            prof.add(profile(p, n, p.warning()));
        }
        return facts.with(FactKeys.SERVER_RESOURCES, new ServerResources(res))
                .with(FactKeys.CPU_PROFILE, new CpuProfile(prof));
    }

    /** @return {@code p} named {@code node} with {@code warning} */
    public static CpuProfile.Node profile(CpuProfile.Node p, String node, String warning) {
        return new CpuProfile.Node(node, p.endpoint(), p.absentReason(), p.incompleteReason(), p.pid(), p.frequencyHz(), p.foldedFile(),
                p.samples(), p.windowSeconds(), p.coveredSeconds(), p.perfCpuSeconds(), p.perfCpuPercentOfServer(),
                p.analysisSeconds(), p.distinctFunctions(), p.concentration(), p.categories(), p.lockSharePercent(),
                p.topSelf(), p.topTotal(), p.topUserSelf(), p.expectedSamples(), p.samplesPercentOfExpected(),
                p.lostSamples(), warning, p.events(), p.samplesPerEvent());
    }

    /**
     * @param facts   one node's facts ({@link #facts})
     * @param samples the profile's samples
     * @param topSelf its functions by self samples (shares as given)
     * @return the same facts with that profile's samples and function list
     */
    public static Facts withFunctions(Facts facts, long samples, List<CpuProfile.Share> topSelf) {
        CpuProfile.Node p = facts.get(FactKeys.CPU_PROFILE).nodes().get(0);
        CpuProfile.Node q = new CpuProfile.Node(p.node(), p.endpoint(), p.absentReason(), p.incompleteReason(), p.pid(),
                p.frequencyHz(), p.foldedFile(), samples, p.windowSeconds(), p.coveredSeconds(), p.perfCpuSeconds(),
                p.perfCpuPercentOfServer(), p.analysisSeconds(), p.distinctFunctions(), p.concentration(),
                p.categories(), p.lockSharePercent(), topSelf, p.topTotal(), p.topUserSelf(), p.expectedSamples(),
                p.samplesPercentOfExpected(), p.lostSamples(), p.warning(), p.events(), p.samplesPerEvent());
        return facts.with(FactKeys.CPU_PROFILE, new CpuProfile(List.of(q)));
    }

    /** @return {@code run} with {@code facts} as its observer facts */
    public static RunRecord with(RunRecord run, Facts facts) {
        return run.withFacts(facts);
    }
}
