package io.clusterbench.ab;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.clusterbench.result.VariableDiff;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;

/**
 * The content of an {@code ab} comparison's {@code result.json}: schema {@value #SCHEMA} for two sides,
 * {@value #SCHEMA_SIDES} for three or more (the same fields; {@code verdicts} then holds one entry per thread count
 * and side against the baseline, which readers of {@value #SCHEMA} do not expect). Written after every step
 * (atomically), so an interrupted comparison keeps what finished. No password anywhere. Immutable.
 *
 * @param schema        {@value #SCHEMA} or {@value #SCHEMA_SIDES}
 * @param tool          clusterbench, JDBC driver and Java versions
 * @param startedAt     ISO-8601 UTC start time
 * @param command       the command as typed, passwords masked
 * @param workload      workload name
 * @param plan          thread counts, repeats, order, seed and the schedule
 * @param sides         the sides in the order given (A then B for two)
 * @param warnings      unintended differences between any two sides ({@link AbWarnings}), printed first
 * @param intended      the variables set per side on purpose, "name A vs B" (more sides: "name v1 vs v2 vs v3")
 * @param variableDiff  every differing server variable (places and identities left out)
 * @param runs          finished steps in execution order
 * @param verdicts      per thread count, one per side against the baseline (present once the comparison ends;
 *                      also kept up to date)
 * @param summary       the one-line verdict over the thread range
 * @param baseline      the side every other is compared with; null in results written before sides had names (then
 *                      the first side, A)
 * @param rankings      per thread count, the sides ranked by tps where their intervals separate, and the blocks'
 *                      position effects; null in results written before them
 */
public record AbDocument(String schema, Map<String, String> tool, String startedAt, List<String> command,
                         String workload, Plan plan, List<SideRecord> sides, List<String> warnings,
                         List<String> intended, List<VariableDiff.Entry> variableDiff, List<AbRun> runs,
                         List<ThreadVerdict> verdicts, String summary,
                         @JsonInclude(JsonInclude.Include.NON_NULL) String baseline,
                         @JsonInclude(JsonInclude.Include.NON_NULL) List<SideRanking> rankings) {
    /** Schema identifier of a two-sided comparison. */
    public static final String SCHEMA = "clusterbench.ab/1";
    /** Schema identifier of a comparison of three or more sides. */
    public static final String SCHEMA_SIDES = "clusterbench.ab/2";
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /**
     * The plan of the comparison. Immutable.
     *
     * @param threads         thread counts, ascending
     * @param repeats         blocks (with two sides: pairs) per thread count
     * @param order           {@code abba} or {@code shuffle} ({@link OrderMode})
     * @param orderSeed       the seed that reproduces the schedule
     * @param timeSeconds     measured seconds per step
     * @param warmupSeconds   unmeasured warmup seconds per step
     * @param restart         true when each side's server was restarted before each of its steps
     * @param bufferPoolWarmup true when every table was read through its primary key before measuring
     * @param scheduleLetters the schedule as letters, blocks separated by spaces ("AB BA AB …", "ABC BCA …")
     * @param schedule        every step in execution order
     */
    public record Plan(List<Integer> threads, int repeats, String order, long orderSeed, int timeSeconds,
                       int warmupSeconds, boolean restart, boolean bufferPoolWarmup, String scheduleLetters,
                       List<AbStep> schedule) {
    }

    /** @return the schema for a comparison of {@code sides} sides */
    public static String schemaFor(int sides) {
        return sides > 2 ? SCHEMA_SIDES : SCHEMA;
    }

    /** @return this document with its runs, verdicts, rankings and summary replaced */
    public AbDocument withRuns(List<AbRun> newRuns) {
        List<Side> order = sideList();
        Side base = Side.of(baselineName());
        List<ThreadVerdict> v = AbVerdicts.of(newRuns, order, base);
        return new AbDocument(schema, tool, startedAt, command, workload, plan, sides, warnings, intended, variableDiff,
                List.copyOf(newRuns), v, AbVerdicts.summaryLine(v), base.name(),
                AbVerdicts.rankings(v, newRuns, order, base));
    }

    /** @return the sides in the order given (A, B for a document without sides) */
    public List<Side> sideList() {
        return sides == null || sides.isEmpty() ? List.of(Side.A, Side.B) : sides.stream().map(SideRecord::side).toList();
    }

    /** @return the baseline's name: {@code baseline}, or the first side's for a result written before it */
    public String baselineName() {
        return baseline != null ? baseline : sideList().get(0).name();
    }

    /** @return true for three or more sides (the N-way tables, rankings and charts) */
    public boolean manySides() {
        return sideList().size() > 2;
    }

    /** Writes atomically (temporary file, then rename). @throws UncheckedIOException when it cannot */
    public void write(Path file) {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            MAPPER.writeValue(tmp.toFile(), this);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** @throws IOException when the file is missing or not an A/B result */
    public static AbDocument read(Path file) throws IOException {
        AbDocument doc = MAPPER.readValue(file.toFile(), AbDocument.class);
        if (doc.schema() == null || !doc.schema().startsWith("clusterbench.ab/")) {
            throw new IOException(file + " is not a clusterbench A/B result (schema " + doc.schema() + ")");
        }
        return doc;
    }

    /** @return true when {@code file}'s schema is an A/B result (cheap check of the first bytes) */
    public static boolean isAb(Path file) {
        try {
            return MAPPER.readTree(file.toFile()).path("schema").asText("").startsWith("clusterbench.ab/");
        } catch (IOException e) {
            return false;
        }
    }
}
