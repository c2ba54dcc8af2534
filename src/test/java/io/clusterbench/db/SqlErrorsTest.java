package io.clusterbench.db;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SqlErrorsTest {
    @Test
    void classifiesByCodeAndStateNotByExceptionClass() {
        assertEquals(DbFailure.Kind.STATEMENT,
                SqlErrors.classify(new SQLTransientConnectionException("signal", "45000", 1644)).kind());
        assertEquals(DbFailure.Kind.STATEMENT, SqlErrors.classify(new SQLException("deadlock", "40001", 1213)).kind());
        DbFailure lost = SqlErrors.classify(new SQLNonTransientConnectionException("socket closed", "08000", 0));
        assertEquals(DbFailure.Kind.CONNECTION, lost.kind());
        assertEquals(VendorCodes.SERVER_LOST, lost.vendorCode());
        assertEquals(DbFailure.Kind.NODE_NOT_READY,
                SqlErrors.classify(new SQLException("WSREP has not yet prepared node", "08S01", 1047)).kind());
        assertEquals(DbFailure.Kind.CONNECTION, SqlErrors.classify(new SQLException("killed", "70100", 1927)).kind());
    }

    @Test
    void aKilledServerReportedWithCodeMinusOneCountsAsLostConnection() {
        DbFailure killed = SqlErrors.classify(new java.sql.SQLNonTransientConnectionException(
                "(conn=12) Connection reset", "08000", -1));
        assertEquals(DbFailure.Kind.CONNECTION, killed.kind());
        assertEquals(VendorCodes.SERVER_LOST, killed.vendorCode(), "a driver code of -1 is no code: count it as 2013");
    }
}
