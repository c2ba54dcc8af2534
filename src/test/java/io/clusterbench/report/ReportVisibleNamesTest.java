package io.clusterbench.report;

import io.clusterbench.anomaly.Isolation;
import io.clusterbench.result.AnomalyDocument;
import io.clusterbench.testing.AnomalyFixtures;
import io.clusterbench.testing.VisibleNames;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * The HTML report shows words, never an internal name: every stored sample result (src/test/resources/results, the
 * typed-facts samples among them: Galera, TPC-C, DDL, big transactions, faults, shards, a sweep, an A/B comparison),
 * alone and compared, plus a probe and an anomaly page, is rendered as {@code clusterbench report} renders it, and
 * its visible text (page text outside {@code <code>}, tooltips, chart titles, axis titles, legends, marker labels
 * and categories) is scanned for a camelCase key ({@code tpsDipPercent}), a counter rate key
 * ({@code QuestionsPerSecond}) or a dotted key ({@code galera.sampleSkewMicros}).
 */
class ReportVisibleNamesTest {
    @TempDir
    Path tmp;

    @Test
    void noPageOfAStoredSampleShowsAnInternalName() throws Exception {
        List<Path> samples = new ArrayList<>();
        try (Stream<Path> s = Files.walk(Path.of("src/test/resources/results"))) {
            s.filter(p -> p.toString().endsWith(".json")).sorted().forEach(samples::add);
        }
        Map<String, List<String>> found = new TreeMap<>();
        int pages = 0;
        for (Path sample : samples) {
            VisibleNames.scan(sample.getFileName().toString(), render(List.of(sample)), found);
            pages++;
        }
        Path facts = Path.of("src/test/resources/results/facts");
        for (String[] pair : new String[][] {{"embedded", "sweep"}, {"fault2", "tpcc"}, {"ddl", "bigtrx"},
                {"shard0", "merged"}}) {
            VisibleNames.scan(pair[0] + " vs " + pair[1], render(List.of(facts.resolve(pair[0] + ".json"),
                    facts.resolve(pair[1] + ".json"))), found);
            pages++;
        }
        AnomalyDocument anomalies = AnomalyFixtures.document(List.of(AnomalyFixtures.setting(1,
                AnomalyFixtures.lostUpdate(), Isolation.REPEATABLE_READ, "0")));
        VisibleNames.scan("anomalies", AnomalyHtml.render(anomalies, "x/anomalies.json", "now"), found);
        VisibleNames.scan("probe", ProbeHtml.render(ProbeTextTest.doc(List.of(new io.clusterbench.result.ProbePair("n1", "n2", 30,
                3, 0, 0, 0, 0, 0)), List.of(), Map.of(), 0), "x/probe.json", "now"), found);
        pages += 2;
        assertEquals(samples.size() + 6, pages);
        assertEquals(Map.of(), found, "internal names in the visible text of the report, by page");
    }

    @Test
    void theScanFindsEachKindOfInternalName() {
        Map<String, List<String>> found = new TreeMap<>();
        VisibleNames.scan("t", "<html><body><h3>QuestionsPerSecond</h3><p>tpsDipPercent: 3</p><p title=\"galera.sampleSkewMicros\">"
                + "x</p><p>gcache.size, result.json, <code>hostCpuPercent</code>, InnoDB, MariaDB</p>"
                + "<script type=\"application/json\" id=\"report-data\">{\"charts\":[{\"title\":\"tpcc.tpmC\","
                + "\"x\":\"s\",\"yTitle\":\"bufferPoolMissPercent\",\"series\":[]}]}</script></body></html>", found);
        assertEquals(List.of("QuestionsPerSecond", "bufferPoolMissPercent", "galera.sampleSkewMicros", "tpcc.tpmC",
                "tpsDipPercent"), found.get("t").stream().sorted().toList());
        assertFalse(found.get("t").contains("hostCpuPercent"), "code is literal");
    }

    private String render(List<Path> results) throws Exception {
        Path out = Files.createTempFile(tmp, "report", ".html");
        ReportFiles.write(results, out, new PrintWriter(new StringWriter()));
        return Files.readString(out);
    }

}
