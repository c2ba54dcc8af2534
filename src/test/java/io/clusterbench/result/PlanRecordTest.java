package io.clusterbench.result;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The plan object of result.json: typed fields and the family's options as fields of the same object. */
class PlanRecordTest {
    @Test
    void workloadOptionsAreFieldsOfThePlanAndReadBack(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        java.util.LinkedHashMap<String, Object> opts = new java.util.LinkedHashMap<>();
        opts.put("tables", 2);
        opts.put("tableSize", 1000);
        PlanRecord plan = new PlanRecord("oltp_read_only", 4, 10, 0, 0, 0.0, 1, 1, 95, "uniform", 7, "none", "auto", 0,
                "round-robin", null, "", false, "actual start", opts);
        RunRecord run = new RunRecord("oltp_read_only", 4, 1, plan, "completed", null, Map.of(), List.of(), null,
                List.of(), null);
        ResultDocument doc = new ResultDocument(ResultDocument.SCHEMA, Map.of(), "t", List.of(), Map.of(), null,
                List.of(run));
        Path f = dir.resolve("result.json");
        ResultJson.write(f, doc);
        String text = Files.readString(f);
        assertTrue(text.contains("\"tables\" : 2"), text);
        assertTrue(text.contains("\"consistency\" : null"), text);
        assertTrue(!text.contains("workloadOptions"), text);
        PlanRecord back = ResultJson.read(f).runs().get(0).plan();
        assertEquals(plan, back);
        assertEquals(2, back.workloadOptions().get("tables"));
        assertTrue(text.indexOf("\"tables\"") < text.indexOf("\"tableSize\""), "written in the family's order");
    }
}
