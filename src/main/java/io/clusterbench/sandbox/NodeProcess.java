package io.clusterbench.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Process control of one sandbox node through {@code /proc} and signals (Linux only).
 *
 * <p>Thread-safe (stateless).
 */
final class NodeProcess {
    /** What {@code /proc/<pid>/stat} says about a node process. */
    enum State { RUNNING, PAUSED, GONE }

    private NodeProcess() {
    }

    /** @return the state of {@code pid}, GONE when it does not exist, is a zombie or is not a mariadbd (or the setsid about to become one) */
    static State state(long pid) {
        if (pid <= 0) {
            return State.GONE;
        }
        try {
            String comm = Files.readString(Path.of("/proc/" + pid + "/comm")).strip();
            if (!comm.startsWith("mariadbd") && !comm.startsWith("mysqld") && !comm.equals("setsid")) {
                return State.GONE;
            }
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            char s = stat.charAt(stat.lastIndexOf(')') + 2);
            return switch (s) {
                case 'Z', 'X', 'x' -> State.GONE;
                case 'T', 't' -> State.PAUSED;
                default -> State.RUNNING;
            };
        } catch (IOException | RuntimeException e) {
            return State.GONE;
        }
    }

    /**
     * Sends a signal with {@code kill}.
     *
     * @param signal e.g. {@code STOP}, {@code CONT}, {@code TERM}, {@code KILL}
     * @return true when kill succeeded
     */
    static boolean signal(long pid, String signal) {
        try {
            Process p = new ProcessBuilder(List.of("kill", "-" + signal, Long.toString(pid)))
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Waits until the process is gone.
     *
     * @param timeoutMillis how long to wait
     * @return true when it is gone
     */
    static boolean awaitGone(long pid, long timeoutMillis) {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        while (state(pid) != State.GONE) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            sleep(100);
        }
        return true;
    }

    /** Reads a pid file; @return the pid, or 0 when missing or unreadable */
    static long readPidFile(Path file) {
        try {
            return Long.parseLong(Files.readString(file).strip());
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
