package io.clusterbench.fault;

import io.clusterbench.db.DbFailure;
import io.clusterbench.db.SqlErrors;
import io.clusterbench.db.Target;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The lost-commit ledger of one run ({@code --verify-commits}): table {@value #TABLE} holds one row per
 * acknowledged append, keyed by the run's random {@code run_id} and a client-generated {@code id} (worker number
 * × 2^32 + sequence), so ids never repeat and a retried append gets a new id. Each worker records the outcome of
 * each of its appends in its own {@link Outcomes}; they are read after the workers stopped.
 *
 * <p>Thread-safe: each worker writes only its own {@link Outcomes}; the list of them is guarded by this.
 */
public final class Ledger {
    /** The ledger table (InnoDB, primary key, so Galera replicates it: galera-local.md pitfall 6). */
    public static final String TABLE = "clusterbench_ledger";
    /** Outcome codes, as written in {@code ledger.csv}. */
    public static final String ACKNOWLEDGED = "acknowledged";
    public static final String FAILED = "failed";
    public static final String IN_DOUBT = "in_doubt";
    private final long runId;
    private final List<Outcomes> workers = new ArrayList<>();

    private Ledger(long runId) {
        this.runId = runId;
    }

    /**
     * Creates the table when missing and a ledger with a fresh run id.
     *
     * @throws UncheckedIOException never; SQL failures surface as {@link SQLException}
     */
    public static Ledger create(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS " + TABLE + " (run_id BIGINT NOT NULL, id BIGINT NOT NULL, "
                    + "worker INT NOT NULL, endpoint VARCHAR(128) NOT NULL, created_at TIMESTAMP(6) NOT NULL DEFAULT "
                    + "CURRENT_TIMESTAMP(6), PRIMARY KEY (run_id, id)) ENGINE=InnoDB");
        }
        return new Ledger(ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE));
    }

    /** @return the run's id in the {@code run_id} column */
    public long runId() {
        return runId;
    }

    /** One worker's appends and their outcomes; confined to that worker's thread until the run ended. */
    public static final class Outcomes {
        private final Map<String, List<Long>> byOutcome = new HashMap<>();
        private final int worker;
        private long sequence;

        Outcomes(int worker) {
            this.worker = worker;
            byOutcome.put(ACKNOWLEDGED, new ArrayList<>());
            byOutcome.put(FAILED, new ArrayList<>());
            byOutcome.put(IN_DOUBT, new ArrayList<>());
        }

        /** @return the next unused id of this worker */
        long nextId() {
            return ((long) worker << 32) | sequence++;
        }

        void add(String outcome, long id) {
            byOutcome.get(outcome).add(id);
        }
    }

    /** @return a new worker's outcome list */
    synchronized Outcomes worker(int workerIndex) {
        Outcomes o = new Outcomes(workerIndex);
        workers.add(o);
        return o;
    }

    /**
     * Appends one row in autocommit on {@code c} and records the outcome.
     *
     * @return null when acknowledged, else the classified failure (the caller drops a lost connection)
     */
    static DbFailure append(Connection c, long runId, Outcomes o, String endpoint) {
        long id = o.nextId();
        try (Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO " + TABLE + " (run_id, id, worker, endpoint) VALUES (" + runId + ", " + id
                    + ", " + o.worker + ", '" + endpoint.replace("'", "") + "')");
            o.add(ACKNOWLEDGED, id);
            return null;
        } catch (SQLException e) {
            DbFailure f = SqlErrors.classify(e);
            o.add(f.kind() == DbFailure.Kind.CONNECTION ? IN_DOUBT : FAILED, id);
            return f;
        }
    }

    /** @return every id by outcome, over all workers (call after the workers stopped) */
    public synchronized Map<String, List<Long>> outcomes() {
        Map<String, List<Long>> all = new HashMap<>();
        for (String k : List.of(ACKNOWLEDGED, FAILED, IN_DOUBT)) {
            List<Long> ids = new ArrayList<>();
            workers.forEach(w -> ids.addAll(w.byOutcome.get(k)));
            all.put(k, ids);
        }
        return all;
    }

    /**
     * Writes {@code ledger.csv}: a {@code run_id} comment line, then {@code id,outcome} per append.
     *
     * @throws UncheckedIOException on a write error
     */
    public void writeCsv(Path file) {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write("# run_id=" + runId);
            w.newLine();
            w.write("id,outcome");
            w.newLine();
            for (Map.Entry<String, List<Long>> e : outcomes().entrySet()) {
                for (long id : e.getValue()) {
                    w.write(id + "," + e.getKey());
                    w.newLine();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** @return the target-independent session wrapper for worker sessions */
    public io.clusterbench.workload.Workload wrap(io.clusterbench.workload.Workload workload, Target target) {
        return new LedgerWorkload(workload, this, target);
    }
}
