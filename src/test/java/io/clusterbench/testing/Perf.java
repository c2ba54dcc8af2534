package io.clusterbench.testing;

import org.junit.jupiter.api.Assumptions;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Whether {@code perf} can profile a process here: installed, and {@code perf_event_open} permitted (root, or
 * {@code kernel.perf_event_paranoid} low enough). Tests that need it skip with the reason on a developer machine
 * and fail where it is required: {@code CLUSTERBENCH_REQUIRE_PERF=1} (set by {@code .ci/run}, which installs
 * Debian's {@code linux-perf}).
 *
 * <p>Thread-safe.
 */
public final class Perf {
    private Perf() {
    }

    /** @return true when a missing or refused perf must fail the build rather than skip the test */
    public static boolean required() {
        return "1".equals(System.getenv("CLUSTERBENCH_REQUIRE_PERF"));
    }

    /**
     * Skips (or, where required, fails) unless perf can sample {@code pid}.
     *
     * @param pid a process of this host (the server to profile)
     */
    public static void require(long pid) {
        String reason = problem(pid);
        if (reason == null) {
            return;
        }
        if (required()) {
            throw new AssertionError(reason + ", and CLUSTERBENCH_REQUIRE_PERF=1 requires it");
        }
        Assumptions.abort(reason);
    }

    /** @return why perf cannot sample {@code pid}, or null when it can */
    private static String problem(long pid) {
        try {
            Process p = new ProcessBuilder(List.of("perf", "stat", "-e", "cpu-clock", "-p", Long.toString(pid), "--",
                    "sleep", "0.1")).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            if (!p.waitFor(20, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "perf stat did not finish within 20 s";
            }
            return p.exitValue() == 0 ? null : "perf_event_open is not permitted here (perf stat exited "
                    + p.exitValue() + ": " + out.lines().filter(l -> !l.isBlank()).findFirst().orElse("").strip() + ")";
        } catch (java.io.IOException e) {
            return "perf is not installed (Debian: apt-get install linux-perf; .ci/run installs it)";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }
}
