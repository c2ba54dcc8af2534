package io.clusterbench.testing;

import io.clusterbench.anomaly.AppendChecker;
import io.clusterbench.anomaly.Isolation;
import io.clusterbench.anomaly.MicroOp;
import io.clusterbench.anomaly.Outcome;
import io.clusterbench.anomaly.Promise;
import io.clusterbench.anomaly.Txn;
import io.clusterbench.probe.AnomalyRecords;
import io.clusterbench.result.AnomalyCheck;
import io.clusterbench.result.AnomalyDocument;
import io.clusterbench.result.AnomalySetting;
import io.clusterbench.result.LatencySummary;

import java.util.List;
import java.util.Map;

import static io.clusterbench.anomaly.MicroOp.append;
import static io.clusterbench.anomaly.MicroOp.read;

/**
 * Hand-built anomaly results for the output and exit-status tests: small list-append histories whose anomalies are
 * known, checked by the real checker and turned into {@code anomalies.json} records by the probe's own conversion.
 *
 * <p>Thread-safe (stateless).
 */
public final class AnomalyFixtures {
    private AnomalyFixtures() {
    }

    /**
     * A lost update on key 1 across n1 and n2: T1 and T2 both read [5] and append (6, 7); final reads on both nodes.
     * Also a G-single (every lost update is one).
     */
    public static List<Txn> lostUpdate() {
        return List.of(
                txn(1, 0, "n1", 0, 100, append(1, 5)),
                txn(2, 1, "n1", 200, 300, read(1, 5), append(1, 6)),
                txn(3, 2, "n2", 210, 320, read(1, 5), append(1, 7)),
                finalRead(4, "n1", 1000, read(1, 5, 6, 7)),
                finalRead(5, "n2", 1000, read(1, 5, 6, 7)));
    }

    /** A stale read: T1 appends on n1 (acknowledged at 100 µs); T2, invoked on n2 at 200 µs, reads key 1 empty. */
    public static List<Txn> staleRead() {
        return List.of(
                txn(1, 0, "n1", 0, 100, append(1, 1)),
                txn(2, 1, "n2", 200, 260, read(1)),
                finalRead(3, "n1", 1000, read(1, 1)),
                finalRead(4, "n2", 1000, read(1, 1)));
    }

    /** @return a setting of the probe with the list-append check of {@code txns} at {@code isolation} and {@code level} */
    public static AnomalySetting setting(int index, List<Txn> txns, Isolation isolation, String level) {
        Promise p = Promise.of(isolation, level);
        AnomalyCheck.Load load = new AnomalyCheck.Load(3, txns.size(), 123.4,
                new LatencySummary(txns.size(), 60, 90, 100, 110, 120, 120, 120, 90.0 * txns.size()),
                Map.of("1213/40001", 2L));
        AnomalyCheck check = AnomalyRecords.append(AppendChecker.check(txns), p, List.of("n1", "n2"), load);
        String name = "wsrep_sync_wait=" + level + " " + isolation.shortName() + " all-writers";
        return new AnomalySetting(index, name, String.format("%02d-sync%s-%s-all-writers", index, level,
                isolation.shortName()), level, "Consistency: wsrep_sync_wait=" + level + " verified on 2/2 endpoint(s)",
                isolation.shortName(), "Isolation: tx_isolation=" + isolation.variableValue() + " verified on 2/2",
                "all-writers", "same", false, "completed", 8.0, 1_700_000_000_000L, p.names(), List.of(check), null, null,
                List.of(), null, null, null);
    }

    /** @return a document holding {@code settings}, completed */
    public static AnomalyDocument document(List<AnomalySetting> settings) {
        return new AnomalyDocument(AnomalyDocument.SCHEMA, "2026-12-02T10:00:00Z",
                List.of("clusterbench", "probe", "anomalies"), Map.of("endpoints", List.of("127.0.0.1:1", "127.0.0.1:2")),
                Map.of("flavor", "mariadb-galera", "version", "10.11.19"), new AnomalyDocument.Options(
                List.of("append"), 3, 8, 64, 5, 8, 0, "same", false, null, 10_000, 10_000, 34),
                Map.of("n1", Map.of("innodb_snapshot_isolation", "OFF")), "completed", 17.5,
                settings);
    }

    private static Txn txn(long id, int session, String node, long invoke, long complete, MicroOp... ops) {
        return new Txn(id, session, node, invoke, complete, Outcome.OK, List.of(ops), null, false);
    }

    private static Txn finalRead(long id, String node, long invoke, MicroOp... ops) {
        return new Txn(id, 100, node, invoke, invoke + 50, Outcome.OK, List.of(ops), null, true);
    }
}
