package io.clusterbench.relay;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/**
 * Makes one node slow by freezing it for a share of every {@value #PERIOD_MILLIS} ms period: with the cgroup v1
 * {@code freezer} controller when it is mounted and writable (all threads stop at once, nothing is spawned), else
 * with SIGSTOP/SIGCONT. A node frozen 30% of the time applies write sets 30% slower on average and its receive
 * queue grows while it is frozen, so it is the node that sends flow-control pauses. The node's process id is read
 * from its pid file each period, so a restarted node stays slow.
 *
 * <p>Owns one thread; {@link #close} thaws the node and removes the cgroup.
 */
final class DutyCycle implements AutoCloseable {
    /** Length of one freeze/thaw period. */
    static final long PERIOD_MILLIS = 100;
    private static final Path FREEZER = Path.of("/sys/fs/cgroup/freezer");
    private final Path pidFile;
    private final IntSupplier percent;
    private final Path cgroup;
    private final Thread thread;
    private volatile boolean running = true;
    private long pidInCgroup;

    /**
     * @param pidFile the node's pid file
     * @param percent the share frozen now, 0–90 (read each period)
     * @param tag     unique name for the cgroup, e.g. {@code relay-6520-n3}
     */
    DutyCycle(Path pidFile, IntSupplier percent, String tag) {
        this.pidFile = pidFile;
        this.percent = percent;
        Path cg = FREEZER.resolve("clusterbench-" + tag);
        this.cgroup = Files.isWritable(FREEZER) ? cg : null;
        this.thread = new Thread(this::loop, "duty-cycle-" + tag);
        thread.setDaemon(true);
        thread.start();
    }

    /** @return {@code cgroup-freezer} or {@code sigstop}: how the node is frozen */
    String method() {
        return cgroup != null ? "cgroup-freezer" : "sigstop";
    }

    private void loop() {
        while (running) {
            int p = Math.max(0, Math.min(90, percent.getAsInt()));
            long pid = readPid();
            if (p == 0 || pid <= 0) {
                sleep(PERIOD_MILLIS);
                continue;
            }
            long frozen = PERIOD_MILLIS * p / 100;
            freeze(pid, true);
            sleep(frozen);
            freeze(pid, false);
            sleep(PERIOD_MILLIS - frozen);
        }
    }

    private void freeze(long pid, boolean frozen) {
        if (cgroup != null && useCgroup(pid)) {
            write(cgroup.resolve("freezer.state"), frozen ? "FROZEN" : "THAWED");
        } else {
            signal(pid, frozen ? "STOP" : "CONT");
        }
    }

    private boolean useCgroup(long pid) {
        if (pid == pidInCgroup) {
            return true;
        }
        try {
            Files.createDirectories(cgroup);
            Files.writeString(cgroup.resolve("cgroup.procs"), Long.toString(pid));
            pidInCgroup = pid;
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private long readPid() {
        try {
            return Long.parseLong(Files.readString(pidFile).strip());
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
    }

    private static void write(Path file, String value) {
        try {
            Files.writeString(file, value);
        } catch (IOException e) {
            // the cgroup is gone (node exited): nothing to freeze
        }
    }

    private static void signal(long pid, String sig) {
        try {
            new ProcessBuilder(List.of("kill", "-" + sig, Long.toString(pid))).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor(5, TimeUnit.SECONDS);
        } catch (IOException e) {
            // no kill: nothing to do
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        running = false;
        try {
            thread.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        long pid = readPid();
        if (cgroup != null && Files.isDirectory(cgroup)) {
            write(cgroup.resolve("freezer.state"), "THAWED");
            if (pidInCgroup > 0) {
                write(FREEZER.resolve("cgroup.procs"), Long.toString(pidInCgroup));
            }
            try {
                Files.deleteIfExists(cgroup);
            } catch (IOException e) {
                // a task still in it: left for the next close
            }
        }
        if (pid > 0) {
            signal(pid, "CONT");
        }
    }
}
