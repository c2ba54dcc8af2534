package io.clusterbench.inspect;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The client host, read when an endpoint is on it (loopback or socket): then client and server share these.
 *
 * <p>Immutable.
 *
 * @param cores       CPUs available to this process ({@link Runtime#availableProcessors()}, cgroup limits applied)
 * @param memoryBytes physical memory from {@code /proc/meminfo} MemTotal in bytes, or 0 when unreadable
 */
public record HostFacts(int cores, long memoryBytes) {

    /** @return this host's facts */
    public static HostFacts read() {
        long mem = 0;
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemTotal:")) {
                    mem = Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024L;
                }
            }
        } catch (IOException | NumberFormatException e) {
            mem = 0;
        }
        return new HostFacts(Runtime.getRuntime().availableProcessors(), mem);
    }

    /**
     * @return usable bytes on the file system holding {@code dir}, or -1 when it cannot be read (a remote
     *         server's datadir, or no permission)
     */
    public static long usableBytes(String dir) {
        try {
            Path p = Path.of(dir);
            return Files.exists(p) ? Files.getFileStore(p).getUsableSpace() : -1;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
