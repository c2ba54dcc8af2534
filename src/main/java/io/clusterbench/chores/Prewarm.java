package io.clusterbench.chores;

import io.clusterbench.UserException;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.Target;
import io.clusterbench.db.TargetSpec;
import io.clusterbench.runner.Console;
import io.clusterbench.runner.ResolvedTarget;
import io.clusterbench.workload.Workload;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * sysbench 1.0.20's {@code prewarm} command of the OLTP workloads ({@code cmd_prewarm} in
 * {@code src/lua/oltp_common.lua}): loads each {@code sbtestN} table, its primary key and its {@code k} index into
 * the server's buffer pool with sysbench's statements ({@code ANALYZE TABLE}, a scan of the primary key and one of
 * the {@code k} index, both limited to {@code --table-size} rows, in memory-sized temporary tables), on every
 * endpoint (each node has its own buffer pool), the tables shared out over {@code --threads} connections per endpoint
 * as sysbench shares them out over its threads. What it did is read from the server's counters
 * ({@code Innodb_buffer_pool_read_requests}, {@code Innodb_buffer_pool_reads}, {@code Innodb_buffer_pool_pages_data}
 * and {@code _total}; docs/metrics.md, "prewarm"), which MySQL and MariaDB both keep.
 *
 * <p>Thread-safe (stateless); each call uses its own connections.
 */
public final class Prewarm {
    private Prewarm() {
    }

    /**
     * What one endpoint's buffer pool got, from its {@code SHOW GLOBAL STATUS} before and after.
     *
     * @param endpoint        the endpoint's label
     * @param pageReads       {@code Innodb_buffer_pool_read_requests} after minus before: pages read (from the buffer
     *                        pool or, when missing there, from disk), by the prewarm and whatever else ran meanwhile
     * @param pagesFromDisk   {@code Innodb_buffer_pool_reads} after minus before: of those, the pages read from disk
     * @param pagesWithData   {@code Innodb_buffer_pool_pages_data} after
     * @param pagesTotal      {@code Innodb_buffer_pool_pages_total}
     * @param seconds         wall time of the endpoint's prewarm
     */
    public record Warmed(String endpoint, long pageReads, long pagesFromDisk, long pagesWithData, long pagesTotal,
                         double seconds) {
    }

    /**
     * Prewarms {@code w}'s tables on every endpoint of the target, printing sysbench's {@code Prewarming table
     * sbtestN} line for each table as it starts.
     *
     * @param spec      the target (a given server: the embedded one starts empty)
     * @param w         an OLTP workload, whose {@link Workload#tables()} are {@code sbtest1..N}
     * @param tableSize {@code --table-size}: the rows each scan reads at most, &gt;= 1
     * @param threads   connections per endpoint, &gt;= 1
     * @return one record per endpoint, in the target's order
     * @throws UserException for an unusable target, a missing table or a failed statement
     */
    public static List<Warmed> run(TargetSpec spec, Workload w, long tableSize, int threads, Console console) {
        try (ResolvedTarget resolved = ResolvedTarget.resolve(spec, console)) {
            Target t = resolved.target();
            List<Warmed> out = new ArrayList<>();
            for (Endpoint e : t.endpoints()) {
                out.add(endpoint(t, e, w.tables(), tableSize, threads, console));
            }
            return out;
        }
    }

    private static Warmed endpoint(Target t, Endpoint e, List<String> tables, long tableSize, int threads,
                                   Console console) {
        long[] before = counters(t, e);
        long started = System.nanoTime();
        int n = Math.max(1, Math.min(threads, tables.size()));
        ExecutorService pool = Executors.newFixedThreadPool(n, r -> {
            Thread th = new Thread(r, "clusterbench-prewarm");
            th.setDaemon(true);
            return th;
        });
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int thread = 0; thread < n; thread++) {
                int first = thread;
                done.add(pool.submit(() -> {
                    try (Connection c = t.openChecked(e, true); Statement s = c.createStatement()) {
                        s.execute("SET tmp_table_size=2*1024*1024*1024");
                        s.execute("SET max_heap_table_size=2*1024*1024*1024");
                        for (int i = first; i < tables.size(); i += n) { // sysbench's stride over its threads
                            warm(s, tables.get(i), tableSize, console);
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } catch (java.util.concurrent.ExecutionException x) {
            throw failed(e, x.getCause());
        } catch (InterruptedException x) {
            Thread.currentThread().interrupt();
            throw new UserException("prewarm interrupted on " + e.label(), null, x);
        } finally {
            pool.shutdownNow();
        }
        long[] after = counters(t, e);
        return new Warmed(e.label(), after[0] - before[0], after[1] - before[1], after[2], after[3],
                (System.nanoTime() - started) / 1e9);
    }

    /** sysbench's three statements for one table; {@code table} is the workload's own name, never user text. */
    private static void warm(Statement s, String table, long tableSize, Console console) throws SQLException {
        console.line("Prewarming table " + table);
        s.execute("ANALYZE TABLE " + table);
        s.execute(String.format(Locale.ROOT,
                "SELECT AVG(id) FROM (SELECT * FROM %s FORCE KEY (PRIMARY) LIMIT %d) t", table, tableSize));
        s.execute(String.format(Locale.ROOT,
                "SELECT COUNT(*) FROM (SELECT * FROM %s WHERE k LIKE '%%0%%' LIMIT %d) t", table, tableSize));
    }

    /**
     * @return {@code Innodb_buffer_pool_read_requests}, {@code Innodb_buffer_pool_reads}, {@code Innodb_buffer_pool_pages_data},
     *         {@code Innodb_buffer_pool_pages_total} of the endpoint now
     */
    private static long[] counters(Target t, Endpoint e) {
        List<String> names = List.of("Innodb_buffer_pool_read_requests", "Innodb_buffer_pool_reads", "Innodb_buffer_pool_pages_data",
                "Innodb_buffer_pool_pages_total");
        long[] v = new long[names.size()];
        try (Connection c = t.openChecked(e, false); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS WHERE Variable_name IN ('Innodb_buffer_pool_read_requests', "
                     + "'Innodb_buffer_pool_reads', 'Innodb_buffer_pool_pages_data', 'Innodb_buffer_pool_pages_total')")) {
            while (rs.next()) {
                int i = names.indexOf(rs.getString(1));
                if (i >= 0) {
                    v[i] = Long.parseLong(rs.getString(2));
                }
            }
            return v;
        } catch (SQLException x) {
            throw failed(e, x);
        }
    }

    private static UserException failed(Endpoint e, Throwable cause) {
        if (cause instanceof UserException u) {
            return u;
        }
        if (cause instanceof SQLException q) {
            String hint = q.getErrorCode() == 1146 ? "prepare the tables first: clusterbench prepare WORKLOAD with the "
                    + "same --tables" : io.clusterbench.db.Remedies.hint(q.getErrorCode(), null);
            return new UserException("prewarm failed on " + e.label() + ": " + q.getErrorCode() + ": " + q.getMessage(),
                    hint, q);
        }
        return new UserException("prewarm failed on " + e.label() + ": " + cause, null, cause);
    }
}
