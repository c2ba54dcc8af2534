package io.clusterbench.it;

import io.clusterbench.result.ResultJson;
import io.clusterbench.result.RunRecord;
import io.clusterbench.testing.ExitBound;
import io.clusterbench.testing.Launched;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Ctrl-C (SIGINT to the real {@code bin/clusterbench run oltp_read_write --time 30}) at random moments of the embedded
 * server's start and the run after it: unpacking the server and initialising the cached data directory (a cold
 * cache), copying the data directory, starting mariadbd, creating the tables, the first measured seconds. Every time
 * the process ends within {@link #EXIT_BOUND_SECONDS} of the signal with 130, leaves no
 * {@code clusterbench-embedded-*} directory, no mariadbd and no half-built cache part, and a result.json, when one was
 * written, says {@code interrupted}. Then the same with a second SIGINT 0-50 ms after the first (a user's double
 * Ctrl-C, or {@code timeout -s INT}, which signals the process and its group): the halt closes what the command owns
 * before the process ends, so it leaves nothing either. The moments come from a seed printed first
 * ({@code -Dclusterbench.seed=N} repeats a sequence).
 */
class EmbeddedStartInterruptIT {
    /** From SIGINT to the process's end (its slack over the code's 1 s: {@link ExitBound}). */
    private static final double EXIT_BOUND_SECONDS = ExitBound.SECONDS;
    /** Moments on a cold cache: the first run takes 15-25 s to its first interval on the loaded machine. */
    private static final int COLD = 6;
    private static final int WARM = 14;
    /** Moments of a double Ctrl-C on a warm cache. */
    private static final int DOUBLE = 8;

    @TempDir
    Path tmp;

    @Test
    void ctrlCAtRandomMomentsOfTheStartEndsWithinTheBoundAndLeavesNothing() throws Exception {
        long seed = Long.getLong("clusterbench.seed", System.nanoTime());
        System.out.println("EmbeddedStartInterruptIT seed " + seed + " (-Dclusterbench.seed=" + seed + " repeats it)");
        Random random = new Random(seed);
        Path warm = tmp.resolve("warm-cache");
        warmUp(warm);
        Path cold = tmp.resolve("cold-cache");
        List<String> report = new ArrayList<>();
        for (int i = 0; i < COLD; i++) {
            io.clusterbench.embedded.Trees.delete(cold);
            attempt("cold " + i, cold, 0.2 + random.nextDouble() * 24, 0, report);
        }
        for (int i = 0; i < WARM; i++) {
            attempt("warm " + i, warm, 0.1 + random.nextDouble() * 9, 0, report);
        }
        for (int i = 0; i < DOUBLE; i++) {
            attempt("double " + i, warm, 0.1 + random.nextDouble() * 5, 1 + random.nextInt(50), report);
        }
    }

    /**
     * Builds a cache with one uninterrupted run, which also leaves the launcher's class-data archive when the build
     * has none yet (its first run writes it at exit), so the attempts time the exit of a user's usual run.
     */
    private void warmUp(Path cache) throws Exception {
        Launched run = Launched.start(Map.of("CLUSTERBENCH_CACHE", cache.toString()), tmp.resolve("warmup-tmp"),
                List.of("run", "oltp_read_write", "--time=1", "--table-size=100", "--out=" + tmp.resolve("warmup-out")));
        assertEquals(0, run.waitFor(300), run.text());
    }

    /** @param secondAfterMillis ms after the first SIGINT to send a second one; 0 for none */
    private void attempt(String name, Path cache, double atSeconds, int secondAfterMillis, List<String> report)
            throws Exception {
        Path out = tmp.resolve(name.replace(' ', '-') + "-out");
        Launched run = Launched.start(Map.of("CLUSTERBENCH_CACHE", cache.toString(), "CLUSTERBENCH_TRACE", "1"),
                tmp.resolve(name.replace(' ', '-') + "-tmp"),
                List.of("run", "oltp_read_write", "--time", "30", "--report-interval", "1", "--out=" + out));
        while (run.now() < atSeconds && run.process().isAlive()) {
            Thread.sleep(2);
        }
        assertTrue(run.process().isAlive(), name + ": still running at " + atSeconds + " s:\n" + run.text());
        String last = run.lines().isEmpty() ? "(no output yet)" : run.lines().get(run.lines().size() - 1).text();
        double sent = run.now();
        run.interrupt();
        if (secondAfterMillis > 0) {
            Thread.sleep(secondAfterMillis);
            run.interrupt();
        }
        int status = run.waitFor(60);
        double took = run.exitedAt() - sent;
        report.add(String.format(Locale.ROOT, "%-9s SIGINT%s at %5.2f s, ended %.2f s later, exit %d, after: %s", name,
                secondAfterMillis > 0 ? " x2 (" + secondAfterMillis + " ms apart)" : "", sent, took, status,
                last.length() > 70 ? last.substring(0, 70) : last));
        System.out.println(report.get(report.size() - 1));
        String where = name + " (SIGINT at " + sent + " s, after '" + last + "'):\n" + run.text();
        assertTrue(took <= EXIT_BOUND_SECONDS, "ended " + took + " s after the SIGINT; " + where);
        assertEquals(130, status, where);
        assertEquals(List.of(), run.leftoverDirectories(), where);
        assertEquals(List.of(), run.leftoverProcesses(cache), where);
        assertEquals(List.of(), halfBuilt(cache), where);
        Path result = out.resolve("result.json");
        if (Files.exists(result)) {
            RunRecord r = ResultJson.read(result).runs().get(0);
            assertEquals("interrupted", r.status(), where);
        }
    }

    /** @return cache parts left half-built ({@code *.partial-*}, {@code *.stale-*}) */
    private static List<Path> halfBuilt(Path cache) throws Exception {
        if (!Files.isDirectory(cache)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(cache, 2)) {
            return s.filter(p -> p.getFileName().toString().contains(".partial-")
                    || p.getFileName().toString().contains(".stale-")).toList();
        }
    }
}
