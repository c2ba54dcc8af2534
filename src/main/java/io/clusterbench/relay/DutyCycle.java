package io.clusterbench.relay;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/**
 * Makes one node slow by freezing its applier threads for a share of every {@value #PERIOD_MILLIS} ms period with the
 * cgroup v1 {@code freezer} controller (threads are moved into the cgroup one by one through its {@code tasks}
 * file). The group-communication thread keeps running, so the node keeps receiving and ordering write sets while
 * its appliers stand still: its receive queue grows and it is the node that sends flow-control pauses, as a node
 * with a slower volume does. Freezing the whole process instead would stall the group protocol itself (every member
 * must acknowledge), which is a pause, not a slow node. Without a writable freezer, or when the applier threads are
 * not known, the whole process is stopped with SIGSTOP/SIGCONT (read from its pid file each period) and the log
 * says so.
 *
 * <p>Owns one thread; {@link #close} thaws the node and removes the cgroup.
 */
final class DutyCycle implements AutoCloseable {
    /**
     * Length of one freeze/thaw period. Long enough that a frozen node's receive queue passes the flow-control limit
     * ({@code gcs.fc_limit} 16, scaled by √writers) at a few hundred write sets per second, as a steadily slow node's
     * would over time; short against the group's suspect timeout (5 s).
     */
    static final long PERIOD_MILLIS = 500;
    private static final Path FREEZER = Path.of("/sys/fs/cgroup/freezer");
    private final Path pidFile;
    private final List<Long> threads;
    private final IntSupplier percent;
    private final Path cgroup;
    private final Thread thread;
    private volatile boolean running = true;
    private long pidInCgroup;

    /**
     * @param pidFile the node's pid file
     * @param threads the node's applier thread ids (Linux TIDs), possibly empty
     * @param percent the share frozen now, 0–90 (read each period)
     * @param tag     unique name for the cgroup, e.g. {@code relay-6520-n3}
     */
    DutyCycle(Path pidFile, List<Long> threads, IntSupplier percent, String tag) {
        this.pidFile = pidFile;
        this.threads = List.copyOf(threads);
        this.percent = percent;
        Path cg = FREEZER.resolve("clusterbench-" + tag);
        this.cgroup = Files.isWritable(FREEZER) && !threads.isEmpty() ? cg : null;
        this.thread = new Thread(this::loop, "duty-cycle-" + tag);
        thread.setDaemon(true);
        thread.start();
    }

    /** @return how the node is slowed: its appliers in the cgroup v1 freezer, or the whole process by SIGSTOP */
    String method() {
        return cgroup != null ? "cgroup v1 freezer on applier threads " + threads : "SIGSTOP/SIGCONT of the whole process";
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
            for (long tid : threads) {
                if (!Files.isDirectory(Path.of("/proc/" + pid + "/task/" + tid))) {
                    return false; // the node restarted: its appliers are other threads now
                }
                Files.writeString(cgroup.resolve("tasks"), Long.toString(tid));
            }
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
                threads.forEach(tid -> write(FREEZER.resolve("tasks"), Long.toString(tid)));
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
