package io.clusterbench.result;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clusterbench.ab.AbDocument;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * result.json files written by real runs (a Galera run with faults, the ledger, checksums and causal reads; ddl with
 * a background load; bigtrx; tpcc; a consistency sweep; two shards and their merge; an embedded run; an A/B
 * comparison; a run with two scenarios) read back and written again come out field for field, in the same order: the typed facts hold every
 * field the files hold and write it as it was written. The files are kept under
 * {@code src/test/resources/results/facts/} (intervals and server variables shortened).
 */
class FactsGoldenTest {
    private static final Path DIR = Path.of("src/test/resources/results/facts");
    private static final ObjectMapper TREE = new ObjectMapper();

    @ParameterizedTest
    @ValueSource(strings = {"fault2", "ddl", "bigtrx", "tpcc", "sweep", "merged", "shard0", "embedded", "scenarios"})
    void aResultReadAndWrittenAgainIsUnchanged(String name, @TempDir Path tmp) throws IOException {
        Path in = DIR.resolve(name + ".json");
        ResultDocument doc = ResultJson.read(in);
        Path out = tmp.resolve("result.json");
        ResultJson.write(out, doc);
        assertEquals(tree(in), tree(out));
        for (RunRecord run : doc.runs()) {
            assertEquals(List.of(), untyped(run), "facts read without a type in " + name);
        }
    }

    @org.junit.jupiter.api.Test
    void anAbResultReadAndWrittenAgainIsUnchanged(@TempDir Path tmp) throws IOException {
        Path in = DIR.resolve("ab.json");
        AbDocument doc = AbDocument.read(in);
        Path out = tmp.resolve("result.json");
        doc.write(out);
        assertEquals(tree(in), tree(out));
    }

    /** @return the names of the run's facts that no {@link FactKey} read into its type */
    static List<String> untyped(RunRecord run) {
        List<String> out = new ArrayList<>();
        for (String name : run.observerFacts().names()) {
            FactKey<?> key = FactKeys.byName(name);
            if (key == null || !run.observerFacts().has(key)) {
                out.add(name);
            }
        }
        return out;
    }

    /** @return the file as compact JSON text: every field, in its order, each number as written */
    private static String tree(Path file) throws IOException {
        JsonNode node = TREE.readTree(file.toFile());
        return node.toString();
    }
}
