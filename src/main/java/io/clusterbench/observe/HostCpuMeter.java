package io.clusterbench.observe;

import io.clusterbench.db.Endpoint;
import io.clusterbench.result.HostWindow;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The host's CPU over a window that is not a run's intervals (a probe level, an anomaly setting's load), as the
 * validity rules judge it (docs/metrics.md, "Validity"): the host's busy share from {@code /proc/stat}, the client's
 * (this process's) CPU from the JVM, and the CPU of the target's server processes found on this host (loopback TCP or
 * a unix socket) from {@code /proc/PID/stat}. Each figure is null where its source cannot be read (another OS).
 *
 * <p>Thread-safe: immutable after {@link #of}; a {@link Mark} is a value. Usage:
 * {@code HostCpuMeter m = HostCpuMeter.of(endpoints); Mark start = m.mark(); ...; HostWindow w = m.since(start);}
 */
public final class HostCpuMeter {
    private static final Path PROC = Path.of("/proc");
    private final List<Long> serverPids;
    private final int processors = ProcStat.processors();
    private final com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean)
            java.lang.management.ManagementFactory.getOperatingSystemMXBean();

    private HostCpuMeter(List<Long> serverPids) {
        this.serverPids = List.copyOf(serverPids);
    }

    /**
     * @param endpoints the target's endpoints; the server behind each local one is found once, here (a scan of
     *                  /proc: call it once per command, not per window)
     * @return a meter for them
     */
    public static HostCpuMeter of(List<Endpoint> endpoints) {
        List<Long> pids = new ArrayList<>();
        for (Endpoint e : endpoints) {
            long pid = e.socket() != null ? HostObserver.findServerPidOnSocket(e.socket())
                    : e.host().equals("127.0.0.1") || e.host().equals("localhost") || e.host().equals("::1")
                    ? HostObserver.findServerPid(e.port()) : -1;
            if (pid > 0 && !pids.contains(pid)) {
                pids.add(pid);
            }
        }
        return new HostCpuMeter(pids);
    }

    /**
     * The readings at one moment. Immutable.
     *
     * @param hostTicks        {@code [busy, iowait, total]} of /proc/stat, or null
     * @param clientCpuNanos   this process's CPU time, ns, or -1
     * @param serverTicks      the server processes' utime + stime ticks, summed, or -1 when one could not be read
     * @param nanos            {@link System#nanoTime()} of the reading
     */
    public record Mark(long[] hostTicks, long clientCpuNanos, long serverTicks, long nanos) {
    }

    /** @return the readings now */
    public Mark mark() {
        return new Mark(ProcStat.hostTicks(PROC), os.getProcessCpuTime(), serverTicks(), System.nanoTime());
    }

    /**
     * @param start a {@link #mark()} taken earlier
     * @return the host's CPU from {@code start} to now; figures rounded to 0.01
     */
    public HostWindow since(Mark start) {
        Mark end = mark();
        double seconds = (end.nanos() - start.nanos()) / 1e9;
        Double host = null;
        if (start.hostTicks() != null && end.hostTicks() != null && end.hostTicks()[2] > start.hostTicks()[2]) {
            host = round(100.0 * (end.hostTicks()[0] - start.hostTicks()[0]) / (end.hostTicks()[2]
                    - start.hostTicks()[2]));
        }
        Double client = start.clientCpuNanos() < 0 || end.clientCpuNanos() < 0 || seconds <= 0 ? null
                : round(100.0 * (end.clientCpuNanos() - start.clientCpuNanos()) / 1e9 / (seconds * processors));
        Double server = serverPids.isEmpty() || start.serverTicks() < 0 || end.serverTicks() < start.serverTicks()
                || seconds <= 0 ? null
                : round(100.0 * (end.serverTicks() - start.serverTicks()) / ProcStat.TICKS_PER_SECOND
                / (seconds * processors));
        return new HostWindow(processors, host, client, server, !serverPids.isEmpty());
    }

    private long serverTicks() {
        long sum = 0;
        for (long pid : serverPids) {
            long t = ProcStat.processTicks(PROC, pid);
            if (t < 0) {
                return -1;
            }
            sum += t;
        }
        return sum;
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
