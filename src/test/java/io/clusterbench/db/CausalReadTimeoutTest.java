package io.clusterbench.db;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** 1205 under a Galera causal wait is its own kind and key; without one it stays an InnoDB lock wait. */
class CausalReadTimeoutTest {
    private static SQLException lockWait() {
        return new SQLException("Lock wait timeout exceeded; try restarting transaction", "HY000", 1205);
    }

    @Test
    void a1205UnderSyncWaitIsACausalReadTimeoutCountedApart() {
        DbFailure causal = SqlErrors.classify(lockWait(), 1);
        assertEquals(DbFailure.Kind.CAUSAL_READ_TIMEOUT, causal.kind());
        assertEquals(1205, causal.vendorCode(), "the vendor code stays, so --ignore-errors 1205 still decides");
        assertEquals(1, causal.causalWaitLevel());
        assertEquals("1205/HY000 causal-read wsrep_sync_wait=1", causal.countKey());
        DbFailure plain = SqlErrors.classify(lockWait(), 0);
        assertEquals(DbFailure.Kind.STATEMENT, plain.kind());
        assertEquals("1205/HY000", plain.countKey());
        assertEquals(DbFailure.Kind.STATEMENT, SqlErrors.classify(new SQLException("deadlock", "40001", 1213), 7)
                .kind(), "only 1205 is a causal-wait timeout");
    }

    @Test
    void theTargetKnowsItsSessionsLevel() {
        Target t = new Target(List.of(new Endpoint("127.0.0.1", 3306, null)), "u", "", "db", false, 1000);
        assertEquals(0, t.causalWaitLevel());
        assertEquals(7, t.withSessionVariables(Map.of("wsrep_sync_wait", "7")).causalWaitLevel());
        assertEquals(0, t.withSessionVariables(Map.of("group_replication_consistency", "'BEFORE'")).causalWaitLevel());
    }
}
