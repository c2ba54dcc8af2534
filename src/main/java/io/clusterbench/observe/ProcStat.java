package io.clusterbench.observe;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Readings from Linux {@code /proc}: host CPU ticks, a process's CPU ticks and I/O bytes, and the process
 * listening on a TCP port.
 *
 * <p>Thread-safe (stateless). Every method returns null (or -1) when the file is missing or unreadable,
 * e.g. on another OS or for another user's process.
 */
final class ProcStat {
    /** Clock ticks per second of /proc times (USER_HZ); 100 on every mainstream Linux. */
    static final double TICKS_PER_SECOND = 100.0;

    private ProcStat() {
    }

    /** @return {@code [busy, iowait, total]} ticks of all processors from /proc/stat, or null */
    static long[] hostTicks(Path proc) {
        try {
            for (String line : Files.readAllLines(proc.resolve("stat"))) {
                if (line.startsWith("cpu ")) {
                    String[] f = line.trim().split("\\s+");
                    long total = 0;
                    for (int i = 1; i < f.length && i <= 8; i++) {
                        total += Long.parseLong(f[i]);
                    }
                    long idle = Long.parseLong(f[4]);
                    long iowait = f.length > 5 ? Long.parseLong(f[5]) : 0;
                    return new long[]{total - idle - iowait, iowait, total};
                }
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return null;
    }

    /** @return utime + stime ticks of {@code pid}, or -1 */
    static long processTicks(Path proc, long pid) {
        try {
            String stat = Files.readString(proc.resolve(pid + "/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[11]) + Long.parseLong(f[12]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** @return {@code [read_bytes, write_bytes]} of {@code pid} from /proc/PID/io, or null */
    static long[] processIo(Path proc, long pid) {
        try {
            long read = -1;
            long write = -1;
            for (String line : Files.readAllLines(proc.resolve(pid + "/io"))) {
                if (line.startsWith("read_bytes:")) {
                    read = Long.parseLong(line.substring(11).trim());
                } else if (line.startsWith("write_bytes:")) {
                    write = Long.parseLong(line.substring(12).trim());
                }
            }
            return read < 0 || write < 0 ? null : new long[]{read, write};
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** @return the pid of the process with a socket listening on {@code port}, or -1 */
    static long pidListeningOn(Path proc, int port) {
        String inode = listeningInode(proc, port);
        return inode == null ? -1 : pidHolding(proc, inode);
    }

    /** @return the pid of the process holding the listening unix socket at {@code path}, or -1 */
    static long pidListeningOnSocket(Path proc, String path) {
        try {
            for (String line : Files.readAllLines(proc.resolve("net/unix"))) {
                String[] f = line.trim().split("\\s+");
                // Num RefCount Protocol Flags Type St Inode Path; flags 00010000 = __SO_ACCEPTCON (listening)
                if (f.length >= 8 && f[7].equals(path) && f[3].endsWith("10000")) {
                    return pidHolding(proc, f[6]);
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }

    /** @return the pid of a process with a file descriptor on socket {@code inode}, or -1 */
    private static long pidHolding(Path proc, String inode) {
        String target = "socket:[" + inode + "]";
        try (DirectoryStream<Path> pids = Files.newDirectoryStream(proc, "[0-9]*")) {
            for (Path pidDir : pids) {
                try (DirectoryStream<Path> fds = Files.newDirectoryStream(pidDir.resolve("fd"))) {
                    for (Path fd : fds) {
                        try {
                            if (Files.readSymbolicLink(fd).toString().equals(target)) {
                                return Long.parseLong(pidDir.getFileName().toString());
                            }
                        } catch (IOException ignored) {
                            // fd closed meanwhile
                        }
                    }
                } catch (IOException | SecurityException ignored) {
                    // another user's process, or gone
                }
            }
        } catch (IOException e) {
            return -1;
        }
        return -1;
    }

    private static String listeningInode(Path proc, int port) {
        String hexPort = String.format(Locale.ROOT, "%04X", port);
        for (String file : List.of("net/tcp", "net/tcp6")) {
            try {
                for (String line : Files.readAllLines(proc.resolve(file))) {
                    String[] f = line.trim().split("\\s+");
                    // local_address is f[1] as HEXIP:HEXPORT; state 0A is LISTEN; inode is f[9]
                    if (f.length > 9 && f[3].equals("0A") && f[1].endsWith(":" + hexPort)) {
                        return f[9];
                    }
                }
            } catch (IOException | RuntimeException ignored) {
                // no such table
            }
        }
        return null;
    }

    /** @return the number of processors */
    static int processors() {
        return Runtime.getRuntime().availableProcessors();
    }
}
