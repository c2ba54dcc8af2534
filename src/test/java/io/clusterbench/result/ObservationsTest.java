package io.clusterbench.result;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one read API of an interval's observer figures (result.Observations). */
class ObservationsTest {
    private static Map<String, Object> stored() {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("server", Map.of("QuestionsPerSecond", 1200.5, "version", "11.4.5"));
        o.put("serverNodes", Map.of("n1", Map.of("QuestionsPerSecond", 10), "n2", "not a map"));
        o.put("galera", Map.of("sampleSkewMicros", 12, "nodes", Map.of("n3", Map.of("flowControlSentMessages", 4,
                "localState", "Synced"))));
        o.put("faults", Map.of("started", List.of("12.00 kill n3")));
        return o;
    }

    @Test
    void figuresAreReadByObserverNodeAndNameWithTheirTypes() {
        Observations o = Observations.of(stored());
        assertEquals(1200.5, o.number("server", "QuestionsPerSecond").getAsDouble());
        assertFalse(o.number("server", "version").isPresent(), "a string is not a number");
        assertEquals(Map.of("QuestionsPerSecond", 1200.5), o.numbers("server"));
        assertEquals(Map.of("n1", Map.of("QuestionsPerSecond", 10.0)), o.nodeNumbers(Observations.SERVER_NODES),
                "a node whose figures are not a map is left out");
        assertEquals(4, o.nodes(Observations.GALERA).get("n3").get("flowControlSentMessages"));
        assertEquals(List.of("galera"), List.copyOf(o.nodesOfEveryObserver().keySet()));
        assertEquals(List.of("12.00 kill n3"), o.faultsStarted());
    }

    @Test
    void anAbsentObserverOrFigureReadsAsAbsentNeverAsAFailure() {
        Observations none = Observations.of((Map<String, Object>) null);
        assertTrue(none.isEmpty());
        assertTrue(none.numbers("server").isEmpty());
        assertTrue(none.nodes(Observations.GALERA).isEmpty());
        assertTrue(none.faultsStarted().isEmpty());
        Observations o = Observations.of(Map.of("galera", "error", "faults", Map.of("started", "not a list")));
        assertTrue(o.nodes(Observations.GALERA).isEmpty());
        assertFalse(o.has("galera"));
        assertTrue(o.faultsStarted().isEmpty());
    }

    /** Outside the serialiser, intervals' observer figures are read through Observations only. */
    @Test
    void nothingOutsideTheSerialiserReadsTheStoredMap() throws IOException {
        List<String> allowed = List.of("result/IntervalRecord.java", "result/Observations.java",
                "result/RunAccumulator.java", "result/ShardMerge.java", "result/MergedFigures.java");
        List<String> readers = new ArrayList<>();
        Path main = Path.of("src/main/java/io/clusterbench");
        try (Stream<Path> files = Files.walk(main)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String rel = main.relativize(f).toString();
                if (!allowed.contains(rel) && Files.readString(f).contains(".observed()")) {
                    readers.add(rel);
                }
            }
        }
        assertEquals(List.of(), readers, "read intervals' observer figures with result.Observations");
    }
}
