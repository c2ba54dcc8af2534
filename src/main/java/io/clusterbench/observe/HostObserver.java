package io.clusterbench.observe;

import io.clusterbench.result.FactKeys;
import io.clusterbench.result.Facts;
import io.clusterbench.result.HostFacts;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Host CPU and, when the server runs on this host, the server process's CPU and disk I/O, per interval,
 * from Linux {@code /proc}. Enough to say "the server used 61% of the processors and almost no disk".
 *
 * <p>Confined to the coordinator thread.
 */
public final class HostObserver implements Observer {
    private final Path proc;
    private final long serverPid;
    private final int processors = ProcStat.processors();
    private long[] lastHost;
    private long lastServerTicks = -1;
    private long[] lastIo;
    private Map<String, Object> lastSample = Map.of();

    /**
     * @param proc      the /proc mount (Path.of("/proc"))
     * @param serverPid the server's process id on this host, or -1 when it is elsewhere
     */
    public HostObserver(Path proc, long serverPid) {
        this.proc = proc;
        this.serverPid = serverPid;
    }

    /**
     * @param port a local TCP port the server listens on
     * @return the pid of the process listening on {@code port} on this host, or -1
     */
    public static long findServerPid(int port) {
        return ProcStat.pidListeningOn(Path.of("/proc"), port);
    }

    /**
     * @param socketPath a unix socket the server listens on
     * @return the pid of the process listening on it on this host, or -1
     */
    public static long findServerPidOnSocket(String socketPath) {
        return ProcStat.pidListeningOnSocket(Path.of("/proc"), socketPath);
    }

    /**
     * @param pid a process on this host
     * @return its CPU time so far (user + system, all threads) in seconds, from /proc/PID/stat (10 ms
     * resolution), or -1 when it cannot be read
     */
    public static double processCpuSeconds(long pid) {
        long ticks = ProcStat.processTicks(Path.of("/proc"), pid);
        return ticks < 0 ? -1 : ticks / ProcStat.TICKS_PER_SECOND;
    }

    @Override
    public String name() {
        return "host";
    }

    @Override
    public void start() {
        lastHost = ProcStat.hostTicks(proc);
        if (serverPid > 0) {
            lastServerTicks = ProcStat.processTicks(proc, serverPid);
            lastIo = ProcStat.processIo(proc, serverPid);
        }
    }

    @Override
    public Map<String, Object> sample(double intervalSeconds) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("processors", processors);
        long[] host = ProcStat.hostTicks(proc);
        if (host != null && lastHost != null && host[2] > lastHost[2]) {
            double total = host[2] - lastHost[2];
            out.put("hostCpuPercent", round(100.0 * (host[0] - lastHost[0]) / total));
            out.put("hostIowaitPercent", round(100.0 * (host[1] - lastHost[1]) / total));
        }
        lastHost = host;
        if (serverPid > 0) {
            out.put("serverPid", serverPid);
            long ticks = ProcStat.processTicks(proc, serverPid);
            // a pid whose counters went down is another process now (the server restarted): no figure, never < 0
            if (ticks >= 0 && lastServerTicks >= 0 && ticks >= lastServerTicks) {
                double cpuSeconds = (ticks - lastServerTicks) / ProcStat.TICKS_PER_SECOND;
                out.put("serverCpuCores", round(cpuSeconds / intervalSeconds));
                out.put("serverCpuPercent", round(100.0 * cpuSeconds / intervalSeconds / processors));
            }
            lastServerTicks = ticks;
            long[] io = ProcStat.processIo(proc, serverPid);
            if (io != null && lastIo != null && io[0] >= lastIo[0] && io[1] >= lastIo[1]) {
                out.put("serverDiskReadBytesPerSecond", Math.round((io[0] - lastIo[0]) / intervalSeconds));
                out.put("serverDiskWriteBytesPerSecond", Math.round((io[1] - lastIo[1]) / intervalSeconds));
            }
            lastIo = io;
        }
        lastSample = out;
        return out;
    }

    @Override
    public String linePrefix() {
        return "host-cpu";
    }

    @Override
    public String compactLine() {
        Object host = lastSample.get("hostCpuPercent");
        Object server = lastSample.get("serverCpuPercent");
        Object write = lastSample.get("serverDiskWriteBytesPerSecond");
        StringBuilder b = new StringBuilder();
        if (host != null) {
            b.append(String.format(Locale.ROOT, "host-cpu %.0f%%", (Double) host));
        }
        if (server != null) {
            b.append(String.format(Locale.ROOT, " srv-cpu %.0f%%", (Double) server));
        }
        if (write != null) {
            b.append(String.format(Locale.ROOT, " srv-wr %.1fMB/s", ((Long) write) / 1e6));
        }
        return b.toString();
    }

    @Override
    public Facts facts() {
        return Facts.NONE.with(FactKeys.HOST, new HostFacts(processors, serverPid, serverPid > 0));
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }

    @Override
    public void close() {
    }
}
