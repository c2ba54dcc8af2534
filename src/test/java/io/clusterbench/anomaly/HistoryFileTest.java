package io.clusterbench.anomaly;

import io.clusterbench.UserException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The history file: what is written is read back, line by line as operations complete, and bad files are refused. */
class HistoryFileTest {
    private static final HistoryHeader HEADER = new HistoryHeader(HistoryHeader.SCHEMA, 1_700_000_000_000L,
            "REPEATABLE-READ", "wsrep_sync_wait=0", false, List.of("n1", "n2", "n3"));

    private static List<HistoryRecord> records() {
        return List.of(
                Txn.of(1, 0, "n1", 10, 250, Outcome.OK, MicroOp.append(3, 1), MicroOp.read(3, 1)),
                new Txn(2, 1, "n2", 20, 300, Outcome.FAILED, List.of(MicroOp.append(3, 2), MicroOp.pendingRead(4)),
                        "1213/40001 Deadlock found", false),
                new Txn(3, 2, "n3", 400, 900, Outcome.OK, List.of(MicroOp.read(3, 1), MicroOp.read(4)), null, true),
                new BankTransfer(1, 0, "n1", 5, 50, Outcome.OK, 0, 1, 3, true, null),
                new BankRead(2, 1, "n2", 60, 70, Outcome.OK, new long[]{97, 103}, null),
                new CounterOp(CounterOp.Kind.INCREMENT, 1, 0, "n1", 80, 90, Outcome.UNKNOWN, 0, false, "2013/HY000 lost"),
                new CounterOp(CounterOp.Kind.READ, 2, 0, "n1", 95, 99, Outcome.OK, 1, true, null));
    }

    @Test
    void everyRecordIsReadBackAsWritten(@TempDir Path dir) {
        Path file = dir.resolve(HistoryFile.FILE_NAME);
        try (HistoryFile f = HistoryFile.create(file, HEADER)) {
            records().forEach(f::add);
        }
        History h = HistoryFile.read(file);
        assertEquals(HEADER, h.header());
        assertEquals(records().subList(0, 3), h.txns());
        assertEquals(List.of(records().get(3)), h.transfers());
        assertArrayEquals(new long[]{97, 103}, h.bankReads().get(0).balances());
        assertEquals(records().subList(5, 7), h.counter());
        assertFalse(h.truncatedTail());
    }

    @Test
    void eachLineIsOneSelfDescribingJsonObjectFlushedWhenAdded(@TempDir Path dir) throws Exception {
        Path file = dir.resolve(HistoryFile.FILE_NAME);
        try (HistoryFile f = HistoryFile.create(file, HEADER)) {
            f.add(records().get(0));
            List<String> lines = Files.readAllLines(file);
            assertEquals(2, lines.size(), "written before close");
            assertEquals("{\"type\":\"header\",\"schema\":\"clusterbench.history/1\",\"startEpochMillis\":1700000000000,"
                    + "\"isolation\":\"REPEATABLE-READ\",\"consistency\":\"wsrep_sync_wait=0\",\"lockingReads\":false,"
                    + "\"nodes\":[\"n1\",\"n2\",\"n3\"]}", lines.get(0));
            assertEquals("{\"type\":\"txn\",\"id\":1,\"session\":0,\"node\":\"n1\",\"invokeMicros\":10,"
                    + "\"completeMicros\":250,\"outcome\":\"ok\",\"ops\":[{\"kind\":\"append\",\"key\":3,\"value\":1},"
                    + "{\"kind\":\"read\",\"key\":3,\"read\":[1]}]}", lines.get(1));
        }
    }

    @Test
    void aLastLineCutOffByADyingWriterIsSkippedAndSaidSo(@TempDir Path dir) throws Exception {
        Path file = dir.resolve(HistoryFile.FILE_NAME);
        try (HistoryFile f = HistoryFile.create(file, HEADER)) {
            f.add(records().get(0));
        }
        Files.writeString(file, Files.readString(file) + "{\"type\":\"txn\",\"id\":2,\"sess",
                java.nio.file.StandardOpenOption.TRUNCATE_EXISTING);
        History h = HistoryFile.read(file);
        assertEquals(1, h.txns().size());
        assertTrue(h.truncatedTail());
    }

    @Test
    void aFileWithoutTheHeaderOrWithABadLineIsRefusedNamingTheLine(@TempDir Path dir) throws Exception {
        Path noHeader = dir.resolve("a.jsonl");
        Files.writeString(noHeader, "{\"type\":\"txn\",\"id\":1,\"outcome\":\"ok\",\"ops\":[]}\n");
        UserException e = assertThrows(UserException.class, () -> HistoryFile.read(noHeader));
        assertTrue(e.getMessage().contains("does not start with a clusterbench.history/1 header"), e.getMessage());

        Path bad = dir.resolve("b.jsonl");
        try (HistoryFile f = HistoryFile.create(bad, HEADER)) {
            f.add(records().get(0));
        }
        Files.writeString(bad, Files.readString(bad) + "not json\n" + Files.readAllLines(bad).get(1) + "\n");
        e = assertThrows(UserException.class, () -> HistoryFile.read(bad));
        assertTrue(e.getMessage().contains("line 3 is not a history record"), e.getMessage());
    }

    @Test
    void aCheckResultSurvivesJson() throws Exception {
        CheckResult r = AppendChecker.check(List.of(
                Txn.of(1, 0, "n1", 0, 10, Outcome.OK, MicroOp.append(1, 1)),
                Txn.of(2, 1, "n2", 20, 30, Outcome.OK, MicroOp.read(1)),
                Txn.of(3, 1, "n2", 40, 50, Outcome.OK, MicroOp.read(1, 1))));
        var mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        String json = mapper.writeValueAsString(r);
        assertTrue(json.contains("\"anomaly\":\"stale-read\",\"count\":1,\"checked\":2,\"unit\":\"reads\"}"), json);
        assertEquals(r, mapper.readValue(json, CheckResult.class));
    }

    @Test
    void aHistoryReadBackChecksAsTheOneWritten(@TempDir Path dir) {
        Path file = dir.resolve(HistoryFile.FILE_NAME);
        List<Txn> txns = SerialHistories.generate(7, new SerialHistories.Shape(300, 4, 10, 4, 0.1, 0.1, 3, true));
        try (HistoryFile f = HistoryFile.create(file, HEADER)) {
            txns.forEach(f::add);
        }
        assertEquals(AppendChecker.check(txns), AppendChecker.check(HistoryFile.read(file).txns()));
    }
}
