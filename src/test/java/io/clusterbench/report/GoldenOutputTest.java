package io.clusterbench.report;

import io.clusterbench.result.IntervalFiles;
import io.clusterbench.result.IntervalRecord;
import io.clusterbench.result.NamedResult;
import io.clusterbench.result.PlanRecord;
import io.clusterbench.result.ResultDocument;
import io.clusterbench.result.ResultJson;
import io.clusterbench.result.RunRecord;
import io.clusterbench.result.SyntheticResults;
import io.clusterbench.result.TpccFacts;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Pins the text outputs byte for byte against golden files under {@code src/test/resources/golden/}: the
 * console summary (an OLTP run and a TPC-C run), {@code intervals.csv} and the HTML report's structure (its
 * markup and chart data, without the inlined style sheet and scripts). Each is produced under
 * {@link Locale#ROOT} and under decimal-comma default locales (de-DE, fr-FR): the outputs must be identical, as
 * JMH's result-format test does for its formats. The data is a seeded synthetic result, read back through
 * result.json as the {@code report} command reads it.
 *
 * <p>After an intended change of format: run with {@code -Dgolden.update=true} once (under the ROOT case)
 * and review the diff of the golden files.
 */
class GoldenOutputTest {
    private static final Path GOLDEN = Path.of("src/test/resources/golden");
    private final Locale saved = Locale.getDefault();

    @AfterEach
    void restoreLocale() {
        Locale.setDefault(saved);
    }

    @ParameterizedTest
    @ValueSource(strings = {"ROOT", "de-DE", "fr-FR"})
    void outputsAreTheGoldenOnesInEveryLocale(String tag, @TempDir Path dir) throws IOException {
        Locale.setDefault(tag.equals("ROOT") ? Locale.ROOT : Locale.forLanguageTag(tag));
        ResultDocument doc = readBack(document(), dir);
        RunRecord oltp = doc.runs().get(0);
        RunRecord tpcc = doc.runs().get(1);
        check("summary-oltp.txt", ConsoleReport.summary(oltp));
        check("summary-tpcc.txt", ConsoleReport.summary(tpcc));
        StringBuilder csv = new StringBuilder(IntervalFiles.CSV_HEADER).append('\n');
        for (IntervalRecord r : oltp.intervals()) {
            csv.append(IntervalFiles.csvLine(r)).append('\n');
        }
        check("intervals.csv", csv.toString());
        check("report.html.txt", structure(HtmlReport.render(List.of(new NamedResult("a", "a/result.json", doc)),
                "2024-01-01T00:00:00Z")));
    }

    /** An OLTP run at 4 threads, and the same figures as a TPC-C run with its observer's facts. */
    private static ResultDocument document() {
        ResultDocument base = SyntheticResults.builder().observed().runs(4, 1234.5).build();
        RunRecord r = base.runs().get(0);
        Map<String, Object> options = new LinkedHashMap<>();
        options.put("scale", 2);
        options.put("tables", 1);
        PlanRecord plan = new PlanRecord("tpcc", 4, 10, 0, 0, 0, 1, 1, 95, "uniform", 7, "none", "auto", 0,
                "round-robin", null, "", false, "actual start", options);
        TpccFacts facts = new TpccFacts(2469.0, 2401.25, 1234, 12, 0.96, 62000, 63234, 30.0,
                Map.of("new_order", 1234L), "127.0.0.1:3306", 0);
        RunRecord tpcc = new RunRecord("tpcc", 4, 1, plan, "completed", null, Map.of(), r.intervals(), r.summary(),
                r.statementClasses(), io.clusterbench.result.Facts.NONE.with(io.clusterbench.result.FactKeys.TPCC, facts));
        return new ResultDocument(base.schema(), base.tool(), base.startedAt(), base.command(), base.target(),
                base.server(), List.of(r, tpcc));
    }

    private static ResultDocument readBack(ResultDocument doc, Path dir) throws IOException {
        Path f = dir.resolve("result.json");
        ResultJson.write(f, doc);
        return ResultJson.read(f);
    }

    /** @return the page without the contents of its style sheet and code scripts (static resources) */
    static String structure(String page) {
        return page.replaceAll("(?s)<style>.*?</style>", "<style/>")
                .replaceAll("(?s)<script>.*?</script>", "<script/>");
    }

    private static void check(String name, String actual) throws IOException {
        Path file = GOLDEN.resolve(name);
        if (Boolean.getBoolean("golden.update") && Locale.getDefault().equals(Locale.ROOT)) {
            Files.writeString(file, actual, StandardCharsets.UTF_8);
        }
        assertEquals(Files.readString(file, StandardCharsets.UTF_8), actual, name + " under " + Locale.getDefault());
    }
}
