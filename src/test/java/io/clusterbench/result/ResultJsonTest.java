package io.clusterbench.result;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Compatibility fixtures: every schema version ever written stays readable (STYLE rule 22). */
class ResultJsonTest {
    @Test
    void readsSchemaVersion1Fixture() throws Exception {
        ResultDocument doc = ResultJson.read(Path.of("src/test/resources/results/result-v1.json"));
        assertEquals("clusterbench.result/1", doc.schema());
        RunRecord run = doc.runs().get(0);
        assertEquals("oltp_read_write", run.workload());
        assertTrue(run.summary().events() > 0);
        Histogram h = RunAccumulator.decode(run.summary().histogram());
        assertEquals(run.summary().events(), h.getTotalCount());
        assertEquals(100.0, run.summary().hitRatePercent());
    }

    @Test
    void writtenFilesUseDotDecimalsUnderAnyLocale() throws Exception {
        Locale saved = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            Path dir = java.nio.file.Files.createTempDirectory("cb-locale");
            ResultDocument doc = ResultJson.read(Path.of("src/test/resources/results/result-v1.json"));
            ResultJson.write(dir.resolve("result.json"), doc);
            assertEquals(doc.runs().get(0).summary().tps(),
                    ResultJson.read(dir.resolve("result.json")).runs().get(0).summary().tps());
        } finally {
            Locale.setDefault(saved);
        }
    }
}
