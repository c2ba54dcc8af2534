package io.clusterbench.inspect;

import io.clusterbench.db.Routing;
import io.clusterbench.result.Finding;
import io.clusterbench.result.FindingLevel;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the run's workers will hold on each node: connections after a failover, prepared statements (issue 32). */
class CapacityChecksTest {
    private static EndpointSnapshot node(String name, int port, long maxConnections, long maxPrepared) {
        return new EndpointSnapshot("127.0.0.1:" + port, true, "10.11.6-MariaDB",
                Map.of("max_connections", Long.toString(maxConnections), "max_prepared_stmt_count",
                        Long.toString(maxPrepared), "wsrep_node_name", name),
                Map.of("threads_connected", "1", "prepared_stmt_count", "0"), List.of(), List.of(), 0, 0);
    }

    private static List<String> tables(int n) {
        List<String> out = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            out.add("sbtest" + i);
        }
        return out;
    }

    private static InspectPlan plan(int threads, Routing routing, long preparedPerSession, int tables) {
        return new InspectPlan("oltp_read_write", tables(tables), "sbtest", threads, -1, 0, routing, true,
                preparedPerSession);
    }

    @Test
    void aLostNodesWorkersMoveToTheNextEndpointAsTheEngineRoutesThem() {
        InspectPlan p = plan(330, Routing.ROUND_ROBIN, 0, 1);
        assertArrayEquals(new int[]{110, 110, 110}, p.threadsPerEndpoint(3, -1));
        assertArrayEquals(new int[]{110, 0, 220}, p.threadsPerEndpoint(3, 1), "n2's workers fail over to n3");
        InspectPlan writer = plan(30, Routing.SINGLE_WRITER, 0, 1);
        assertArrayEquals(new int[]{0, 30, 0}, writer.threadsPerEndpoint(3, 0), "single-writer: all to the second");
    }

    @Test
    void aNodeWithoutRoomForTheWorkersOfALostNodeIsWarnedAboutWithTheNodeItsLimitAndTheNeed() {
        List<EndpointSnapshot> nodes = List.of(node("n1", 6101, 1000, 16382), node("n2", 6102, 1000, 16382),
                node("n3", 6103, 151, 16382));
        List<Finding> f = CapacityChecks.of(nodes, plan(330, Routing.ROUND_ROBIN, 0, 1));
        assertEquals(1, f.size(), f.toString());
        Finding w = f.get(0);
        assertEquals(FindingLevel.WARNING, w.level());
        assertEquals("failover-headroom", w.code());
        assertEquals("127.0.0.1:6103", w.endpoint());
        assertTrue(w.what().contains("max_connections = 151 < 222 connections if n2 (127.0.0.1:6102) is lost")
                && w.what().contains("110 + 110 threads with --routing round-robin"), w.line());
        assertTrue(w.todo().contains("SET GLOBAL max_connections = 272 on n3"), w.line());
        assertEquals(List.of(), CapacityChecks.of(List.of(node("n1", 6101, 1000, 16382)),
                plan(330, Routing.ROUND_ROBIN, 0, 1)), "one endpoint: no failover");
    }

    @Test
    void preparedStatementsBeyondMaxPreparedStmtCountAreAnErrorBeforeTheRun() {
        List<Finding> f = CapacityChecks.of(List.of(node("", 3306, 1000, 16382)),
                plan(512, Routing.ROUND_ROBIN, 100 * 9, 100));
        assertEquals(1, f.size(), f.toString());
        Finding e = f.get(0);
        assertEquals(FindingLevel.ERROR, e.level());
        assertEquals("max-prepared-stmt-count", e.code());
        assertTrue(e.what().contains("max_prepared_stmt_count = 16382 < 460800 server-side prepared statements planned "
                + "(512 threads × 100 tables × 9 statements of the mix)"), e.line());
        assertTrue(e.why().contains("1461"), e.line());
        assertTrue(e.todo().contains("--db-ps-mode disable"), e.line());
        assertEquals(List.of(), CapacityChecks.of(List.of(node("", 3306, 1000, 16382)),
                plan(512, Routing.ROUND_ROBIN, 0, 100)), "no server-side statements (--db-ps-mode disable): no check");
    }
}
