package io.clusterbench.result;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Which table properties {@code compare} lists as differing, and how tables with the same difference are grouped. */
class TableDiffTest {
    private static TableRecord table(String name, String collation, String rowFormat) {
        return new TableRecord(name, "InnoDB", collation.substring(0, collation.indexOf('_')), collation, rowFormat, "",
                List.of(collation));
    }

    private static ResultDocument doc(TableRecord... tables) {
        return new ResultDocument(ResultDocument.SCHEMA, Map.of(), "t", List.of(), Map.of(), null, List.of(), List.of(),
                Arrays.asList(tables));
    }

    @Test
    void sameTablesDoNotDiffer() {
        ResultDocument a = doc(table("sbtest1", "utf8mb4_general_ci", "Dynamic"));
        assertEquals(List.of(), TableDiff.of(List.of(a, a)));
    }

    @Test
    void tablesWithTheSameDifferenceAreOneEntryInNumericOrder() {
        List<TableRecord> base = new ArrayList<>();
        List<TableRecord> other = new ArrayList<>();
        for (int i = 1; i <= 10; i++) {
            base.add(table("sbtest" + i, "utf8mb4_general_ci", "Dynamic"));
            other.add(table("sbtest" + i, "latin1_bin", i == 10 ? "Compact" : "Dynamic"));
        }
        List<VariableDiff.Entry> diff = TableDiff.of(List.of(doc(base.toArray(new TableRecord[0])),
                doc(other.toArray(new TableRecord[0]))));
        List<String> names = diff.stream().map(VariableDiff.Entry::name).toList();
        assertEquals(List.of("charset of 10 tables (sbtest1 … sbtest10)", "collation of 10 tables (sbtest1 … sbtest10)",
                "row format of sbtest10", "column collations of 10 tables (sbtest1 … sbtest10)"), names);
        assertEquals(List.of("utf8mb4_general_ci", "latin1_bin"), diff.get(1).values());
    }

    @Test
    void aResultWithoutTablesOrWithoutATableDoesNotMakeItDiffer() {
        ResultDocument a = doc(table("sbtest1", "utf8mb4_general_ci", "Dynamic"));
        ResultDocument old = doc();
        ResultDocument more = doc(table("sbtest1", "utf8mb4_general_ci", "Dynamic"),
                table("sbtest2", "latin1_bin", "Compact"));
        assertEquals(List.of(), TableDiff.of(List.of(a, old, more)));
    }
}
