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

    @Test
    void failoverCodesOfGaleraAndGroupReplicationAreRerouted() {
        assertEquals(DbFailure.Kind.NODE_NOT_READY, SqlErrors.classify(new SQLException(
                "Got error 6 \"No such device or address\" during COMMIT", "HY000", 1180)).kind());
        assertEquals(DbFailure.Kind.NODE_NOT_READY, SqlErrors.classify(new SQLException(
                "Error on observer while running replication hook 'before_commit'.", "HY000", 3100)).kind());
        assertEquals(DbFailure.Kind.STATEMENT, SqlErrors.classify(new SQLException(
                "Plugin instructed the server to rollback the current transaction.", "40000", 3101)).kind());
    }

    /** MariaDB Connector/J 3.x's exceptions for a connection that could not be opened (taken from real attempts). */
    private static DbFailure connecting(String message, String state, Throwable cause) {
        return SqlErrors.classify(new SQLNonTransientConnectionException(message, state, 0, cause));
    }

    @Test
    void aRefusedConnectionIsCannotConnect2003NotALostConnectionAndSaysRefusedOnce() {
        DbFailure refused = connecting("Socket fail to connect to 127.0.0.1:3999. Connection refused (Connection refused)",
                "08000", new java.net.ConnectException("Connection refused (Connection refused)"));
        assertEquals(DbFailure.Kind.CONNECTION, refused.kind());
        assertEquals(VendorCodes.CONN_HOST_ERROR, refused.vendorCode());
        assertEquals("connection refused", refused.getMessage());
        assertEquals("2003/08000", refused.countKey());
    }

    @Test
    void anUnresolvableHostIsNamedAsSuch() {
        DbFailure unknown = connecting("Socket fail to connect to db9.invalid. db9.invalid", "08000",
                new java.net.UnknownHostException("db9.invalid"));
        assertEquals(VendorCodes.UNKNOWN_HOST, unknown.vendorCode());
        assertEquals("host name 'db9.invalid' not resolved", unknown.getMessage());
    }

    @Test
    void aConnectTimeoutIsCannotConnectButAReadTimeoutMidStatementIsALostConnection() {
        DbFailure connect = SqlErrors.classify(new java.sql.SQLTimeoutException(
                "Socket timeout when connecting to 10.255.255.1. Read timed out", "08000", 0,
                new java.net.SocketTimeoutException("Read timed out")));
        assertEquals(VendorCodes.CONN_HOST_ERROR, connect.vendorCode());
        assertEquals("no answer within the connect timeout", connect.getMessage());
        DbFailure read = SqlErrors.classify(new SQLNonTransientConnectionException("Socket error", "08000", 0,
                new java.net.SocketTimeoutException("Read timed out")));
        assertEquals(VendorCodes.SERVER_LOST, read.vendorCode());
    }

    @Test
    void aFailedTlsHandshakeIsNamedWithItsReason() {
        DbFailure tls = connecting("Socket fail to connect to 127.0.0.1:3306. PKIX path building failed", "08000",
                new javax.net.ssl.SSLHandshakeException("PKIX path building failed: unable to find valid certification "
                        + "path to requested target"));
        assertEquals(VendorCodes.SSL_CONNECTION_ERROR, tls.vendorCode());
        assertEquals("TLS handshake failed: PKIX path building failed: unable to find valid certification path to "
                + "requested target", tls.getMessage());
    }

    @Test
    void theDriversOwnCertificateCheckIsATlsFailureInOurWords() {
        DbFailure tls = SqlErrors.classify(new SQLNonTransientConnectionException("(conn=54) Self signed certificates. "
                + "Either set sslMode=trust, use password with a MitM-Proof authentication plugin or provide server "
                + "certificate to client", "08000", -1));
        assertEquals(VendorCodes.SSL_CONNECTION_ERROR, tls.vendorCode());
        assertEquals("TLS handshake failed: the server's certificate is not trusted", tls.getMessage());
    }
}
