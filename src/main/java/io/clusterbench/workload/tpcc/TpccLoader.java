package io.clusterbench.workload.tpcc;

import io.clusterbench.UserException;
import io.clusterbench.db.Target;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * {@code prepare tpcc}: creates every table of every set first (a real barrier, not sysbench-tpcc's
 * 30-second sleep), then loads in parallel on {@code threads} connections from one queue of units
 * (a set's items; per warehouse and set: warehouse + districts + customers + history, stock, and orders
 * for two halves of the districts), then adds the secondary indexes and foreign keys.
 *
 * <p>Resumable: with {@code --load-from-scale N} the tables must exist; rows of warehouses &ge; N are
 * deleted and loaded again, items are reloaded when incomplete, and missing indexes are added.
 *
 * <p>Thread-safe: {@link #prepare} runs on the caller's thread and its own pool. Progress lines carry
 * rows and rows/s, timed with the clock the CLI passes in (the load is not a measured run).
 */
final class TpccLoader {
    private final TpccConfig config;
    private final TpccSchema schema;
    private final LongSupplier clockNanos;

    TpccLoader(TpccConfig config, TpccSchema schema, LongSupplier clockNanos) {
        this.config = config;
        this.schema = schema;
        this.clockNanos = clockNanos;
    }

    /** A piece of the load that one connection does alone; {@code sql} for an index build. */
    private record Unit(String what, int set, int warehouse, int kind, String sql) {
        Unit(String what, int set, int warehouse, int kind) {
            this(what, set, warehouse, kind, null);
        }
    }

    /** @return rows loaded */
    long prepare(Target target, int threads, boolean force, Consumer<String> progress) throws SQLException {
        boolean resume = config.loadFromScale() > 1;
        List<Unit> units = new ArrayList<>();
        try (Connection c = target.openChecked(target.endpointFor(0), true); Statement s = c.createStatement()) {
            List<String> existing = schema.existing(c);
            if (resume) {
                if (existing.size() != schema.names().size()) {
                    throw new UserException("--load-from-scale " + config.loadFromScale() + " resumes a load, but "
                            + (schema.names().size() - existing.size()) + " TPC-C table(s) are missing",
                            "run a full prepare (without --load-from-scale)");
                }
                progress.accept("Resuming the load at warehouse " + config.loadFromScale() + " of " + config.scale());
            } else {
                if (!existing.isEmpty() && !force) {
                    throw new UserException("table " + existing.get(0) + " already exists in " + target.database(),
                            "run cleanup first, add --force to drop and recreate, or --load-from-scale N to resume");
                }
                if (!existing.isEmpty()) {
                    progress.accept("Dropping " + existing.size() + " existing TPC-C tables...");
                    schema.drop(c);
                }
                for (int t = 1; t <= config.tables(); t++) {
                    progress.accept("Creating tables of set " + t + "...");
                    schema.create(s, t);
                }
            }
            s.execute("SET SESSION foreign_key_checks = 0");
            for (int t = 1; t <= config.tables(); t++) {
                if (resume) {
                    deleteFrom(s, t, config.loadFromScale());
                }
                if (!resume || count(s, "item" + t) != TpccConfig.ITEMS) {
                    s.execute("DELETE FROM item" + t);
                    units.add(new Unit("items", t, 0, 0));
                }
            }
        }
        for (int w = config.loadFromScale(); w <= config.scale(); w++) {
            for (int t = 1; t <= config.tables(); t++) {
                units.add(new Unit("orders 1-5", t, w, 1));
                units.add(new Unit("orders 6-10", t, w, 2));
                units.add(new Unit("stock", t, w, 3));
                units.add(new Unit("warehouse, districts, customers, history", t, w, 4));
            }
        }
        long rows = run(target, threads, units, progress);
        List<Unit> indexes = new ArrayList<>();
        try (Connection c = target.openChecked(target.endpointFor(0), true)) {
            for (int t = 1; t <= config.tables(); t++) {
                for (String sql : schema.missingIndexes(c, t)) {
                    indexes.add(new Unit("index " + sql.split(" ")[2], t, 0, 5, sql));
                }
            }
        }
        run(target, threads, indexes, progress);
        if (config.useFk()) {
            progress.accept("Adding foreign keys...");
            try (Connection c = target.openChecked(target.endpointFor(0), true)) {
                for (int t = 1; t <= config.tables(); t++) {
                    schema.addForeignKeys(c, t);
                }
            }
        }
        return rows;
    }

    private long run(Target target, int threads, List<Unit> units, Consumer<String> progress) throws SQLException {
        if (units.isEmpty()) {
            return 0;
        }
        ConcurrentLinkedQueue<Unit> queue = new ConcurrentLinkedQueue<>(units);
        AtomicLong loaded = new AtomicLong();
        AtomicLong done = new AtomicLong();
        long startNanos = clockNanos.getAsLong();
        int workers = Math.max(1, Math.min(threads, units.size()));
        ExecutorService pool = Executors.newFixedThreadPool(workers);
        try {
            List<Future<Void>> futures = new ArrayList<>();
            for (int k = 0; k < workers; k++) {
                int index = k;
                futures.add(pool.submit(() -> {
                    try (Connection c = target.openChecked(target.endpointFor(index), true);
                         Statement s = c.createStatement()) {
                        s.execute("SET SESSION foreign_key_checks = 0, unique_checks = 0");
                        for (Unit u = queue.poll(); u != null; u = queue.poll()) {
                            long n = load(s, u, loaded);
                            double secs = Math.max(1e-9, (clockNanos.getAsLong() - startNanos) / 1e9);
                            long total = loaded.get();
                            progress.accept(u.kind() == 5
                                    ? String.format(Locale.ROOT, "[%d/%d] set %d %s built (%.1f s)",
                                    done.incrementAndGet(), units.size(), u.set(), u.what(), secs)
                                    : String.format(Locale.ROOT,
                                    "[%d/%d] set %d%s %s: %d rows; total %d rows in %.1f s (%.0f rows/s)",
                                    done.incrementAndGet(), units.size(), u.set(),
                                    u.warehouse() > 0 ? " warehouse " + u.warehouse() : "", u.what(), n, total,
                                    secs, total / secs));
                        }
                    }
                    return null;
                }));
            }
            for (Future<Void> f : futures) {
                await(f, queue);
            }
        } finally {
            pool.shutdownNow();
        }
        return loaded.get();
    }

    private static void await(Future<Void> f, ConcurrentLinkedQueue<Unit> queue) throws SQLException {
        try {
            f.get();
        } catch (ExecutionException e) {
            queue.clear();
            if (e.getCause() instanceof SQLException se) {
                throw se;
            }
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while loading", e);
        }
    }

    private static long load(Statement s, Unit u, AtomicLong loaded) throws SQLException {
        return switch (u.kind()) {
            case 0 -> TpccRows.items(s, u.set(), loaded);
            case 1 -> TpccRows.orders(s, u.set(), u.warehouse(), 1, 5, loaded);
            case 2 -> TpccRows.orders(s, u.set(), u.warehouse(), 6, 10, loaded);
            case 3 -> TpccRows.stock(s, u.set(), u.warehouse(), loaded);
            case 5 -> {
                s.execute(u.sql());
                yield 0;
            }
            default -> TpccRows.warehouse(s, u.set(), u.warehouse(), loaded);
        };
    }

    /** Deletes every row of warehouses &ge; {@code from} in set {@code t} (a partial load is redone whole). */
    private static void deleteFrom(Statement s, int t, int from) throws SQLException {
        String[][] tables = {{"order_line", "ol_w_id"}, {"new_orders", "no_w_id"}, {"orders", "o_w_id"},
            {"history", "h_w_id"}, {"customer", "c_w_id"}, {"district", "d_w_id"}, {"stock", "s_w_id"},
            {"warehouse", "w_id"}};
        for (String[] tc : tables) {
            s.execute("DELETE FROM " + tc[0] + t + " WHERE " + tc[1] + " >= " + from);
        }
    }

    private static long count(Statement s, String table) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
