package io.clusterbench.db;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReadTimeoutTest {
    @Test
    void derivedFromTheRunTimeAndReportInterval() {
        assertEquals(10_000, ReadTimeout.derive(30, 1), "short runs: the 10 s floor (above Galera's 5 s eviction)");
        assertEquals(20_000, ReadTimeout.derive(30, 2), "10 report intervals");
        assertEquals(75_000, ReadTimeout.derive(300, 1), "a quarter of a long run");
        assertEquals(60_000, ReadTimeout.derive(0, 1), "no time limit");
    }

    @Test
    void aTargetWithATimeoutCarriesItAsTheDriversSocketTimeout() {
        Target t = new Target(List.of(new Endpoint("127.0.0.1", 3306, null)), "u", "", "db", true, 5000);
        assertFalse(t.url(t.endpointFor(0), true).contains("socketTimeout"), "none unless asked for");
        Target run = t.withReadTimeout(12_000).withSessionVariables(java.util.Map.of("wsrep_sync_wait", "1"));
        assertTrue(run.url(run.endpointFor(0), true).contains("&socketTimeout=12000"), run.url(run.endpointFor(0), true));
        assertEquals(12_000, run.withRouting(Routing.SINGLE_WRITER).withTls(Tls.DISABLED).readTimeoutMillis(),
                "kept through every copy");
    }

    @Test
    void tcpConnectionsGetTheirSocketFromTheWatchedFactoryUnixSocketsDoNot() {
        Target tcp = new Target(List.of(new Endpoint("127.0.0.1", 3306, null)), "u", "", "db", true, 5000);
        assertTrue(tcp.url(tcp.endpointFor(0), true).contains("&socketFactory=" + WatchedSocketFactory.class.getName()));
        Target unix = new Target(List.of(new Endpoint("localhost", 0, "/run/mysqld.sock")), "u", "", "db", true, 5000);
        assertFalse(unix.url(unix.endpointFor(0), true).contains("socketFactory"));
    }
}
