package io.clusterbench.workload.tpcc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.TestServer;
import io.clusterbench.workload.SessionContext;
import io.clusterbench.workload.StatementRecorder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code tpcc} end to end on the embedded server at scale 2: prepare, a short run, the figures, the
 * consistency check, resuming a load, and a regression test per sysbench-tpcc defect fixed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TpccIT {
    private String db;
    private List<String> target;
    private String prepareOut;
    @TempDir
    Path tmp;

    @BeforeAll
    void prepare() {
        db = TestServer.freshDatabase("tpcc");
        target = TestServer.cliTarget(db);
        Cli.Result r = Cli.run(Cli.args(target, "prepare", "tpcc", "--scale", "2", "--threads", "2"));
        assertEquals(0, r.exitCode(), r.err());
        prepareOut = r.out();
    }

    @Test
    @Order(1)
    void prepareLoadsTheTpccPopulationAndSaysWhatWarehousesMeans() throws SQLException {
        assertTrue(prepareOut.contains("rows/s"), prepareOut);
        assertTrue(prepareOut.contains("2 warehouse(s) per set x 1 set(s) = 2 warehouses"), prepareOut);
        assertEquals(2, count("SELECT COUNT(*) FROM warehouse1"));
        assertEquals(20, count("SELECT COUNT(*) FROM district1"));
        assertEquals(60_000, count("SELECT COUNT(*) FROM customer1"));
        assertEquals(60_000, count("SELECT COUNT(*) FROM history1"));
        assertEquals(60_000, count("SELECT COUNT(*) FROM orders1"));
        assertEquals(18_000, count("SELECT COUNT(*) FROM new_orders1"));
        assertEquals(200_000, count("SELECT COUNT(*) FROM stock1"));
        assertEquals(100_000, count("SELECT COUNT(*) FROM item1"));
        assertEquals(count("SELECT SUM(o_ol_cnt) FROM orders1"), count("SELECT COUNT(*) FROM order_line1"));
        // undelivered orders (new orders) have no carrier and their lines no delivery date: NULL, not 0 or ''
        assertEquals(18_000, count("SELECT COUNT(*) FROM orders1 WHERE o_carrier_id IS NULL"));
        assertEquals(count("SELECT SUM(o_ol_cnt) FROM orders1 WHERE o_id >= 2101"),
                count("SELECT COUNT(*) FROM order_line1 WHERE ol_delivery_d IS NULL"));
        assertEquals(0, count("SELECT COUNT(*) FROM orders1 o LEFT JOIN new_orders1 n ON n.no_w_id = o.o_w_id "
                + "AND n.no_d_id = o.o_d_id AND n.no_o_id = o.o_id WHERE (o.o_carrier_id IS NULL) <> (n.no_o_id IS NOT NULL)"));
        assertTrue(prepareOut.contains("Loading with LOAD DATA in chunks of at most 100000 stock"), prepareOut);
        assertEquals(10, count("SELECT COUNT(*) FROM information_schema.table_constraints WHERE table_schema = '"
                + db + "' AND constraint_type = 'FOREIGN KEY'"));
    }

    @Test
    @Order(2)
    void aFreshLoadPassesTheCheck() {
        Cli.Result r = Cli.run(Cli.args(target, "check", "tpcc", "--scale", "2"));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertEquals(8, r.out().split("PASSED", -1).length - 2, r.out()); // 2 warehouses x 4 conditions + total
    }

    /**
     * One thread (home warehouse 1) for a few seconds. Covers: tpmC = NOPM on one server within the
     * rollback share; expected rollbacks are not errors; remote payments and supply lines reach warehouse
     * 2; the payment charges the customer in the customer's warehouse; the home warehouse stays fixed;
     * order_status finds the lines of the chosen order.
     */
    @Test
    @Order(3)
    void aShortRunReportsTpmCAndNopmAndReachesRemoteWarehouses() throws Exception {
        long historyW2 = count("SELECT COUNT(*) FROM history1 WHERE h_w_id = 2");
        Path out = tmp.resolve("run");
        Cli.Result r = Cli.run(Cli.args(target, "run", "tpcc", "--scale", "2", "--threads", "1", "--time", "6",
                "--rand-seed", "11", "--out", out.toString()));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("TPC-C:") && r.out().contains("tpmC:") && r.out().contains("NOPM:"), r.out());
        JsonNode run = new ObjectMapper().readTree(out.resolve("result.json").toFile()).path("runs").get(0);
        JsonNode f = run.path("observerFacts").path("tpcc");
        double tpmC = f.path("tpmC").asDouble();
        double nopm = f.path("nopm").asDouble();
        long newOrders = f.path("newOrdersCommitted").asLong();
        long rollbacks = f.path("expectedRollbacks").asLong();
        assertTrue(newOrders > 50, "enough new orders to compare: " + newOrders);
        double rollbackShare = (double) rollbacks / (newOrders + rollbacks);
        assertTrue(Math.abs(tpmC - nopm) <= tpmC * rollbackShare + 1e-6, "tpmC " + tpmC + " vs NOPM " + nopm);
        assertEquals(newOrders, f.path("dNextOIdSumEnd").asLong() - f.path("dNextOIdSumStart").asLong());
        assertEquals(0, run.path("summary").path("errors").asLong(), "intentional rollbacks are not errors");
        assertTrue(rollbacks > 0 || newOrders < 100, "a 1% rollback appears in a run this long: " + rollbacks);
        assertEquals(100.0, classRecord(run, "no_item").path("hitRatePercent").asDouble(),
                "the unused item of an intended rollback is neither hit nor miss");
        JsonNode os = classRecord(run, "os_order_lines");
        assertEquals(100.0, os.path("hitRatePercent").asDouble(), "order_status reads the lines of its order");
        // The home warehouse of thread 0 is warehouse 1 for every transaction (upstream issue #38).
        assertEquals(0, count("SELECT COUNT(*) FROM orders1 WHERE o_w_id = 2 AND o_id > 3000"));
        assertEquals(historyW2, count("SELECT COUNT(*) FROM history1 WHERE h_w_id = 2"));
        // Remote payments (15%) and remote supply lines (1%) reach warehouse 2.
        assertTrue(count("SELECT COUNT(*) FROM history1 WHERE h_c_w_id = 2 AND h_w_id = 1") > 0,
                "remote payments exist");
        assertTrue(count("SELECT COUNT(*) FROM order_line1 WHERE ol_w_id = 1 AND ol_supply_w_id = 2") > 0,
                "remote supply lines exist");
        assertTrue(count("SELECT COUNT(*) FROM orders1 WHERE o_all_local = 0") > 0, "orders marked not all-local");
        // Each payment is charged to the customer in its own warehouse (the fork reads c_w_id as w_id).
        for (int w = 1; w <= 2; w++) {
            assertEquals(count("SELECT COUNT(*) FROM history1 WHERE h_c_w_id = " + w),
                    count("SELECT SUM(c_payment_cnt) FROM customer1 WHERE c_w_id = " + w), "warehouse " + w);
        }
    }

    @Test
    @Order(4)
    void theDatabaseIsConsistentAfterTheRun() {
        Cli.Result r = Cli.run(Cli.args(target, "check", "tpcc", "--scale", "2"));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertFalse(r.out().contains("FAILED"), r.out());
    }

    @Test
    @Order(5)
    void withSeveralEndpointsTheCheckComparesTableChecksums() {
        List<String> twice = new java.util.ArrayList<>(target);
        twice.replaceAll(a -> a.startsWith("--host=") ? "--host=127.0.0.1,127.0.0.1" : a);
        Cli.Result r = Cli.run(Cli.args(twice, "check", "tpcc", "--scale", "2"));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("Checksums across 2 nodes: PASSED (all 9 tables identical)"), r.out());
    }

    /** A lock wait timeout (1205, ignored by default) restarts the event with the same transaction input. */
    @Test
    @Order(6)
    void aFailedTransactionIsReplayedWholeWithTheSameInput() throws Exception {
        TpccConfig config = new TpccConfig(2, 1, true, TpccConfig.Isolation.RR, false,
                TxMix.parse("1,0,0,0,0", false), true, 1, "innodb");
        TpccWorkload w = new TpccWorkload(config, 8);
        StatementRecorder rec = new StatementRecorder() {
            @Override
            public long start() {
                return 0;
            }

            @Override
            public void record(int classId, int sysbenchClass, int outcome, long startToken) {
            }
        };
        TpccSession s = new TpccSession(w, new SessionContext(0, TestServer.target(db), new java.util.SplittableRandom(4)));
        try (Connection locker = TestServer.connect(db); Statement l = locker.createStatement()) {
            s.executeForTest("SET SESSION innodb_lock_wait_timeout = 1");
            l.execute("BEGIN");
            l.executeQuery("SELECT * FROM district1 WHERE d_w_id = 1 FOR UPDATE").close();
            io.clusterbench.db.DbFailure f = org.junit.jupiter.api.Assertions.assertThrows(
                    io.clusterbench.db.DbFailure.class, () -> s.event(rec));
            assertEquals(io.clusterbench.db.VendorCodes.LOCK_WAIT_TIMEOUT, f.vendorCode());
            l.execute("ROLLBACK");
            NewOrder input = (NewOrder) s.pending();
            assertTrue(input != null, "the failed input is kept");
            long before = w.committed(TxType.NEW_ORDER) + w.expectedRollbacks();
            s.event(rec);
            s.settled(true); // as the worker does once the event counts
            assertEquals(before + 1, w.committed(TxType.NEW_ORDER) + w.expectedRollbacks());
            assertEquals(null, s.pending());
            if (w.committed(TxType.NEW_ORDER) == 1) {
                assertEquals(input.c(), count("SELECT o_c_id FROM orders1 WHERE o_w_id = 1 AND o_d_id = " + input.d()
                        + " ORDER BY o_id DESC LIMIT 1"), "the replayed order is the one that failed");
                assertEquals(input.items().length, count("SELECT o_ol_cnt FROM orders1 WHERE o_w_id = 1 AND o_d_id = "
                        + input.d() + " ORDER BY o_id DESC LIMIT 1"));
            }
        } finally {
            s.close();
        }
    }

    @Test
    @Order(7)
    void purgeDeletesDeliveredOrdersAndKeepsTheDatabaseConsistent() throws Exception {
        long orders = count("SELECT COUNT(*) FROM orders1");
        Path out = tmp.resolve("purge");
        Cli.Result r = Cli.run(Cli.args(target, "run", "tpcc", "--scale", "2", "--threads", "2", "--time", "4",
                "--enable-purge", "--weights", "40,10,0,10,0,40", "--out", out.toString()));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        JsonNode run = new ObjectMapper().readTree(out.resolve("result.json").toFile()).path("runs").get(0);
        assertTrue(classRecord(run, "purge").path("statements").asLong() > 0, "purge transactions committed");
        long deleted = classRecord(run, "pg_order_delete").path("statements").asLong();
        long added = run.path("observerFacts").path("tpcc").path("newOrdersCommitted").asLong();
        assertTrue(deleted > 0, "purge deleted orders");
        assertEquals(orders + added - deleted, count("SELECT COUNT(*) FROM orders1"));
        Cli.Result check = Cli.run(Cli.args(target, "check", "tpcc", "--scale", "2"));
        assertEquals(0, check.exitCode(), check.out());
    }

    /** sysbench-tpcc's fork leaves order_status and stock_level in implicit transactions; FKs never enforced. */
    @Test
    @Order(8)
    void everyTransactionIsExplicitAndForeignKeysAreEnforced() throws Exception {
        TpccConfig config = new TpccConfig(2, 1, true, TpccConfig.Isolation.RC, true,
                TxMix.parse("20,20,20,20,20,0", true), true, 1, "innodb");
        TpccWorkload w = new TpccWorkload(config, 5);
        int[] perClass = new int[w.statementClasses().size()];
        StatementRecorder rec = new StatementRecorder() {
            @Override
            public long start() {
                return 0;
            }

            @Override
            public void record(int classId, int sysbenchClass, int outcome, long startToken) {
                perClass[classId]++;
            }
        };
        TpccSession s = new TpccSession(w, new SessionContext(0, TestServer.target(db), new java.util.SplittableRandom(3)));
        try {
            for (int i = 0; i < 200; i++) {
                s.event(rec);
                assertEquals(0, s.sessionVariable("in_transaction"), "no transaction left open after event " + i);
            }
            assertEquals(1, s.sessionVariable("foreign_key_checks"), "--use-fk on: checks stay on in the run");
        } finally {
            s.close();
        }
        for (TxType t : List.of(TxType.NEW_ORDER, TxType.PAYMENT, TxType.ORDER_STATUS, TxType.DELIVERY,
                TxType.STOCK_LEVEL)) {
            assertTrue(perClass[t.ordinal()] > 0, t.label() + " committed");
        }
        assertEquals(200, perClass[TpccStatement.BEGIN.classId()] + perClass[TpccStatement.BEGIN_READ_ONLY.classId()]);
        assertEquals(perClass[TxType.ORDER_STATUS.ordinal()] + perClass[TxType.STOCK_LEVEL.ordinal()],
                perClass[TpccStatement.BEGIN_READ_ONLY.classId()]);
    }

    @Test
    @Order(9)
    void aCorruptedDistrictRowFailsTheCheckWithExit3() throws SQLException {
        try (Connection c = TestServer.connect(db); Statement s = c.createStatement()) {
            s.execute("UPDATE district1 SET d_ytd = d_ytd + 1, d_next_o_id = d_next_o_id + 5 WHERE d_w_id = 2 AND d_id = 3");
        }
        Cli.Result r = Cli.run(Cli.args(target, "check", "tpcc", "--scale", "2"));
        assertEquals(3, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("set 1 warehouse 2 condition 1 (W_YTD = sum(D_YTD)): FAILED"), r.out());
        assertTrue(r.out().contains("set 1 warehouse 2 condition 2"), r.out());
        assertTrue(r.out().contains("set 1 warehouse 1 condition 1 (W_YTD = sum(D_YTD)): PASSED"), r.out());
    }

    @Test
    @Order(10)
    void aLoadResumesFromAWarehouse() throws SQLException {
        try (Connection c = TestServer.connect(db); Statement s = c.createStatement()) {
            s.execute("SET SESSION foreign_key_checks = 0");
            s.execute("DELETE FROM stock1 WHERE s_w_id = 2 AND s_i_id > 50000"); // a load that died half-way
        }
        Cli.Result r = Cli.run(Cli.args(target, "prepare", "tpcc", "--scale", "2", "--load-from-scale", "2",
                "--threads", "2"));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("Resuming the load at warehouse 2"), r.out());
        assertEquals(200_000, count("SELECT COUNT(*) FROM stock1"));
        assertEquals(10, count("SELECT COUNT(*) FROM district1 WHERE d_w_id = 2"));
        Cli.Result check = Cli.run(Cli.args(target, "check", "tpcc", "--scale", "2"));
        assertEquals(0, check.exitCode(), check.out());
    }

    @Test
    @Order(11)
    void cleanupDropsTheNineTables() throws SQLException {
        Cli.Result r = Cli.run(Cli.args(target, "cleanup", "tpcc"));
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(0, count("SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = '" + db + "'"));
    }

    /** {@code --force-pk}: history gets a primary key, and its rows load and insert as usual. */
    @Test
    @Order(100)
    void forcePkGivesHistoryAPrimaryKey() throws SQLException {
        String other = TestServer.freshDatabase("tpccpk");
        TpccConfig config = new TpccConfig(1, 1, false, TpccConfig.Isolation.RR, false, TxMix.standard(false), true,
                1, io.clusterbench.workload.TableOptions.DEFAULT, true);
        try (Connection c = TestServer.connect(other); Statement s = c.createStatement()) {
            new TpccSchema(config).create(s, 1);
            s.execute("INSERT INTO history1 (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data) "
                    + "VALUES (1, 1, 1, 1, 1, NOW(), 10.00, 'x'), (2, 1, 1, 1, 1, NOW(), 10.00, 'y')");
            try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM information_schema.key_column_usage WHERE "
                    + "table_schema = '" + other + "' AND table_name = 'history1' AND constraint_name = 'PRIMARY' "
                    + "AND column_name = 'id'")) {
                rs.next();
                assertEquals(1, rs.getInt(1));
            }
            s.execute("DROP DATABASE " + other);
        }
    }

    private static JsonNode classRecord(JsonNode run, String name) {
        for (JsonNode c : run.path("statementClasses")) {
            if (c.path("name").asText().equals(name)) {
                return c;
            }
        }
        throw new AssertionError("no class " + name);
    }

    private long count(String sql) throws SQLException {
        try (Connection c = TestServer.connect(db); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
