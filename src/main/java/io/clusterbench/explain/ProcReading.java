package io.clusterbench.explain;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * One reading of a server process from Linux {@code /proc}: CPU ticks, context switches over all its threads and
 * storage bytes. The same text form serves this host's {@code /proc} and {@code --server-proc-cmd} on another
 * host: the contents of {@code /proc/PID/stat}, every {@code /proc/PID/task/*&#47;status} and {@code /proc/PID/io},
 * in any order (each status file starts with its {@code Name:} and holds its {@code Pid:} before the switch counts).
 *
 * <p>Immutable.
 *
 * @param pid                        the process id (the stat line's first field)
 * @param userTicks                  {@code utime}: user CPU of all threads, in clock ticks (1/100 s)
 * @param systemTicks                {@code stime}: system CPU of all threads, in ticks
 * @param switchesByThread           per thread id ({@code Pid:} of each task's status), its
 *                                   {@code voluntary_ctxt_switches} and {@code nonvoluntary_ctxt_switches}
 * @param readBytes                  {@code read_bytes} (/proc/PID/io), or -1 when not readable
 * @param writeBytes                 {@code write_bytes}, or -1 when not readable
 */
record ProcReading(long pid, long userTicks, long systemTicks, Map<Long, Switches> switchesByThread, long readBytes,
                   long writeBytes) {
    /**
     * One thread's context switches so far.
     *
     * @param voluntary   switches because it waited
     * @param involuntary switches because the scheduler took the processor away
     */
    record Switches(long voluntary, long involuntary) {
    }

    ProcReading {
        switchesByThread = Map.copyOf(switchesByThread);
    }

    /**
     * The context switches between two readings of one process: per thread, the later count less the earlier one;
     * a thread started between them counts from 0; one that ended between them is not counted (its counts are
     * gone). Never negative.
     *
     * @return {@code [voluntary, involuntary]}
     */
    static long[] switchesBetween(ProcReading first, ProcReading last) {
        long voluntary = 0;
        long involuntary = 0;
        for (Map.Entry<Long, Switches> e : last.switchesByThread().entrySet()) {
            Switches before = first.switchesByThread().get(e.getKey());
            Switches now = e.getValue();
            boolean same = before != null && before.voluntary() <= now.voluntary()
                    && before.involuntary() <= now.involuntary(); // else a new thread with a reused id
            voluntary += now.voluntary() - (same ? before.voluntary() : 0);
            involuntary += now.involuntary() - (same ? before.involuntary() : 0);
        }
        return new long[]{voluntary, involuntary};
    }

    /** Clock ticks per second of /proc times (USER_HZ); 100 on every mainstream Linux. */
    static final long TICKS_PER_SECOND = 100;

    /**
     * @param text the files' contents, concatenated
     * @return the reading, or null when the text holds no stat line ({@code PID (comm) STATE ...})
     */
    static ProcReading parse(String text) {
        long pid = -1;
        long user = -1;
        long system = -1;
        Map<Long, Switches> switches = new HashMap<>();
        long thread = -1;
        long read = -1;
        long write = -1;
        for (String line : text.split("\n")) {
            int paren = line.lastIndexOf(')');
            if (pid < 0 && paren > 0 && line.indexOf(" (") > 0 && Character.isDigit(line.charAt(0))) {
                String[] f = line.substring(paren + 2).trim().split(" ");
                if (f.length > 12) {
                    pid = Long.parseLong(line.substring(0, line.indexOf(' ')));
                    user = Long.parseLong(f[11]); // field 14 of stat, counted after "(comm)"
                    system = Long.parseLong(f[12]);
                }
            } else if (line.startsWith("Pid:")) {
                thread = value(line);
            } else if (line.startsWith("voluntary_ctxt_switches:") && thread >= 0) {
                Switches s = switches.getOrDefault(thread, new Switches(0, 0));
                switches.put(thread, new Switches(value(line), s.involuntary()));
            } else if (line.startsWith("nonvoluntary_ctxt_switches:") && thread >= 0) {
                Switches s = switches.getOrDefault(thread, new Switches(0, 0));
                switches.put(thread, new Switches(s.voluntary(), value(line)));
            } else if (line.startsWith("read_bytes:")) {
                read = value(line);
            } else if (line.startsWith("write_bytes:")) {
                write = value(line);
            }
        }
        return pid < 0 ? null : new ProcReading(pid, user, system, switches, read, write);
    }

    /**
     * Reads process {@code pid} on this host.
     *
     * @param proc the /proc mount
     * @return the reading, or null when the process is gone or unreadable
     */
    static ProcReading read(Path proc, long pid) {
        Path dir = proc.resolve(Long.toString(pid));
        StringBuilder text = new StringBuilder();
        try {
            text.append(Files.readString(dir.resolve("stat"))).append('\n');
        } catch (IOException | SecurityException e) {
            return null;
        }
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(dir.resolve("task"))) {
            for (Path task : tasks) {
                try {
                    text.append(Files.readString(task.resolve("status"))).append('\n');
                } catch (IOException gone) {
                    // the thread ended while listed: its switches are no longer counted anywhere
                }
            }
        } catch (IOException | SecurityException e) {
            // no thread list: context switches stay 0 on both readings
        }
        try {
            text.append(Files.readString(dir.resolve("io")));
        } catch (IOException | SecurityException e) {
            // another user's process: bytes unknown (-1)
        }
        return parse(text.toString());
    }

    /**
     * @param proc the /proc mount
     * @return user + system CPU ticks of all threads of {@code pid} (its stat line only), or -1 when unreadable
     */
    static long cpuTicks(Path proc, long pid) {
        try {
            ProcReading r = parse(Files.readString(proc.resolve(pid + "/stat")));
            return r == null ? -1 : r.userTicks() + r.systemTicks();
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /**
     * A process's CPU time in nanoseconds: the first field ({@code sum_exec_runtime}) of every
     * {@code /proc/PID/task/*&#47;schedstat}, summed, so a helper process that used a few milliseconds is not rounded
     * to 0 as the 10 ms ticks of its stat line would be. A thread that ended before the reading is not counted.
     *
     * @param proc the /proc mount
     * @return ns, or the stat line's ticks × 10 ms when the kernel has no schedstat, or -1 when unreadable
     */
    static long cpuNanos(Path proc, long pid) {
        Path tasks = proc.resolve(pid + "/task");
        long sum = 0;
        boolean any = false;
        try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
            for (Path task : threads) {
                try {
                    String line = Files.readString(task.resolve("schedstat")).strip();
                    int space = line.indexOf(' ');
                    sum += Long.parseLong(space < 0 ? line : line.substring(0, space));
                    any = true;
                } catch (IOException | NumberFormatException gone) {
                    // the thread ended while listed, or no schedstat
                }
            }
        } catch (IOException | SecurityException e) {
            // the process is gone
        }
        if (any) {
            return sum;
        }
        long ticks = cpuTicks(proc, pid);
        return ticks < 0 ? -1 : ticks * (1_000_000_000L / TICKS_PER_SECOND);
    }

    private static long value(String line) {
        try {
            return Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
