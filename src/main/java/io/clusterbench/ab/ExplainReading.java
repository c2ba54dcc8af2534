package io.clusterbench.ab;

import io.clusterbench.result.CpuProfile;
import io.clusterbench.result.FactKeys;
import io.clusterbench.result.HardwareCounters;
import io.clusterbench.result.RunRecord;
import io.clusterbench.result.ServerResources;
import io.clusterbench.result.WaitProfile;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The explain figures of one A/B step that {@link ExplainChange} compares, read from the run's explain facts (its
 * first node: each side of an A/B comparison is one server). A figure the step did not measure is NaN (a map: empty
 * with {@code profiled}/{@code waited} false). Immutable.
 *
 * @param cpuMicros        server CPU µs per event
 * @param voluntarySwitches voluntary context switches per event
 * @param ipc              instructions per cycle
 * @param ipcAbsentReason  why there is no IPC (e.g. "not supported by this host"); null when there is or no counters ran
 * @param profiled         true when the step has an analysed on-CPU profile
 * @param lockSharePercent the on-CPU profile's lock share, 0-100
 * @param categories       the profile's share per category, 0-100
 * @param functions        the profile's self share per function (its largest {@link CpuProfile#LISTED}), 0-100
 * @param samples          the profile's samples in the measured phase; 0 when not profiled
 * @param unlistedBelow     when the function list was cut (it holds {@link CpuProfile#LISTED}), its smallest share:
 *                         a function it does not list lies between 0 and this; 0 when the list is whole (an unlisted
 *                         function had no sample)
 * @param waited           true when the step has a wait profile
 * @param lockWaitMicros   lock wait µs per event (the wait profile's lock category, else InnoDB's row-lock time)
 * @param waits            the leading waits' µs per event
 */
record ExplainReading(double cpuMicros, double voluntarySwitches, double ipc, String ipcAbsentReason, boolean profiled,
                      double lockSharePercent, Map<String, Double> categories, Map<String, Double> functions,
                      long samples, double unlistedBelow, boolean waited, double lockWaitMicros, Map<String, Double> waits) {

    static ExplainReading of(RunRecord run) {
        double cpu = Double.NaN;
        double vcs = Double.NaN;
        ServerResources r = run.fact(FactKeys.SERVER_RESOURCES);
        if (r != null && !r.nodes().isEmpty() && r.nodes().get(0).perEvent() != null) {
            cpu = r.nodes().get(0).perEvent().cpuMicros();
            vcs = r.nodes().get(0).perEvent().voluntaryContextSwitches();
        }
        double ipc = Double.NaN;
        String ipcAbsent = null;
        HardwareCounters h = run.fact(FactKeys.HARDWARE_COUNTERS);
        if (h != null && !h.nodes().isEmpty()) {
            HardwareCounters.Node n = h.nodes().get(0);
            if (n.derived() != null && n.derived().ipc() != null) {
                ipc = n.derived().ipc();
            } else {
                ipcAbsent = n.absentReason() != null ? n.absentReason() : "cycles or instructions not counted";
            }
        }
        CpuProfile p = run.fact(FactKeys.CPU_PROFILE);
        CpuProfile.Node pn = p == null || p.nodes().isEmpty() ? null : p.nodes().get(0);
        boolean profiled = pn != null && pn.absentReason() == null && pn.samples() > 0;
        Map<String, Double> categories = new LinkedHashMap<>();
        Map<String, Double> functions = new LinkedHashMap<>();
        if (profiled) {
            pn.categories().forEach(c -> categories.put(c.name(), c.sharePercent()));
            pn.topSelf().forEach(f -> functions.put(f.name(), f.sharePercent()));
        }
        WaitProfile w = run.fact(FactKeys.WAIT_PROFILE);
        WaitProfile.Node wn = w == null || w.nodes().isEmpty() ? null : w.nodes().get(0);
        boolean waited = wn != null && wn.absentReason() == null && wn.events() > 0;
        double lockWait = Double.NaN;
        Map<String, Double> waits = new LinkedHashMap<>();
        if (waited) {
            WaitProfile.Category lock = wn.category(WaitProfile.LOCK);
            Long micros = lock != null ? Long.valueOf(lock.waitMicros()) : wn.rowLockWaitMicros();
            lockWait = micros == null ? Double.NaN : micros / (double) wn.events();
            wn.leadingWaits().forEach(x -> waits.put(x.event(), x.waitMicros() / (double) wn.events()));
        }
        double unlistedBelow = profiled && pn.topSelf().size() >= CpuProfile.LISTED
                ? pn.topSelf().get(pn.topSelf().size() - 1).sharePercent() : 0;
        return new ExplainReading(cpu, vcs, ipc, ipcAbsent, profiled,
                profiled ? (pn.lockSharePercent() == null ? 0 : pn.lockSharePercent()) : Double.NaN, categories,
                functions, profiled ? pn.samples() : 0, unlistedBelow, waited, lockWait, waits);
    }

    /**
     * @param percent a share of this step's profile samples, 0-100
     * @return its binomial variance from counting, p(1 − p)/samples in percent points squared; 0 when not profiled
     */
    double shareVariance(double percent) {
        if (samples <= 0 || !Double.isFinite(percent)) {
            return 0;
        }
        double p = Math.min(1, Math.max(0, percent / 100));
        return p * (1 - p) / samples * 10_000;
    }

    /**
     * @return the function's self share in this step: listed, its share; not listed by a cut list, half the list's
     * smallest share (it lies anywhere between 0 and that); not listed by a whole list, 0; NaN when not profiled
     */
    double functionShare(String name) {
        if (!profiled) {
            return Double.NaN;
        }
        Double listed = functions.get(name);
        return listed != null ? listed : unlistedBelow / 2;
    }

    /**
     * @return the variance of {@link #functionShare} from counting: a listed share's binomial variance; an unlisted one
     * under a cut list, that of a value spread evenly over [0, the smallest listed share] (its square ÷ 12) plus the
     * binomial variance at its middle
     */
    double functionShareVariance(String name) {
        Double listed = functions.get(name);
        if (listed != null) {
            return shareVariance(listed);
        }
        return unlistedBelow * unlistedBelow / 12 + shareVariance(unlistedBelow / 2);
    }
}
