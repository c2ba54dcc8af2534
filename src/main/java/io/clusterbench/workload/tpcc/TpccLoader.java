package io.clusterbench.workload.tpcc;

import io.clusterbench.UserException;
import io.clusterbench.db.Target;
import io.clusterbench.workload.ChunkBounds;
import io.clusterbench.workload.LoadLedger;
import io.clusterbench.workload.ParallelLoad;
import io.clusterbench.workload.PrepareMode;
import io.clusterbench.workload.TableLoader;
import io.clusterbench.workload.Wsrep;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * {@code prepare tpcc}: creates every table of every set first (a real barrier, not sysbench-tpcc's
 * 30-second sleep; on Galera, once every loader's node has them), then loads in parallel on {@code threads} connections from one queue of units
 * (a set's items; per warehouse and set: warehouse + districts + customers + history, stock, and orders
 * for two halves of the districts), then adds the secondary indexes and foreign keys. Each unit's tables
 * go through the shared {@link TableLoader} ({@code LOAD DATA LOCAL INFILE} streamed from memory) in chunks
 * bounded by {@link ChunkBounds} (one statement per table on a single server, ~2 MB write sets on Galera);
 * on Galera each connection first catches up with the tables' creation ({@link Wsrep#catchUp}).
 *
 * <p>Resumable: with {@code --resume} at the first warehouse not completely loaded in some set
 * ({@link TpccProgress}), with {@code --load-from-scale N} at N; the tables must exist; rows of warehouses
 * from there on are deleted and loaded again, items are reloaded when incomplete, and missing indexes are
 * added. An interrupted load prints how many warehouses of each set are complete and the resume command.
 *
 * <p>Thread-safe: {@link #prepare} runs on the caller's thread and the shared {@link ParallelLoad} pool. Progress lines carry
 * rows and rows/s, timed with the clock the CLI passes in (the load is not a measured run).
 */
final class TpccLoader {
    private final TpccConfig config;
    private final TpccSchema schema;
    private final LongSupplier clockNanos;
    private final TableLoader loader = new TableLoader();
    /** Chunk bounds of the server loaded (set by {@link #prepare}). */
    private ChunkBounds bounds = ChunkBounds.SINGLE;
    /** The server's NOW() when the load began: the dates of the initial rows (set by {@link #prepare}). */
    private String now;

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

    /**
     * @param mode   {@link PrepareMode#RESUME} ({@code --resume}) continues at the first warehouse that is not
     *               completely loaded in some set ({@link TpccProgress}); {@code --load-from-scale N} at N
     * @param ledger gets one entry per set, counted in warehouses, so an interrupted load says how far it got
     * @return rows loaded
     */
    long prepare(Target target, int threads, PrepareMode mode, LoadLedger ledger, Consumer<String> progress)
            throws SQLException {
        boolean force = mode == PrepareMode.DROP;
        int from = config.loadFromScale();
        List<Unit> units = new ArrayList<>();
        try (Connection c = target.openChecked(target.endpointFor(0), true); Statement s = c.createStatement()) {
            List<String> existing = schema.existing(c);
            bounds = ChunkBounds.of(s);
            now = serverNow(s);
            if (mode == PrepareMode.RESUME && existing.size() == schema.names().size()) {
                from = config.scale() + 1;
                for (int t = 1; t <= config.tables(); t++) {
                    from = Math.min(from, TpccProgress.firstIncomplete(s, t, config.scale()));
                }
                if (from > config.scale()) {
                    progress.accept("Every warehouse is loaded; completing items and indexes");
                }
            }
            boolean resume = from > 1 && (mode == PrepareMode.RESUME || config.loadFromScale() > 1);
            if (!resume && mode == PrepareMode.RESUME && !existing.isEmpty()) {
                force = true; // nothing of warehouse 1 is complete: reload everything
            }
            if (resume) {
                if (existing.size() != schema.names().size()) {
                    throw new UserException("--load-from-scale " + config.loadFromScale() + " resumes a load, but "
                            + (schema.names().size() - existing.size()) + " TPC-C table(s) are missing",
                            "run a full prepare (without --load-from-scale)");
                }
                if (from <= config.scale()) {
                    progress.accept("Resuming the load at warehouse " + from + " of " + config.scale());
                }
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
                    deleteFrom(s, t, from);
                }
                if (!resume || count(s, "item" + t) != TpccConfig.ITEMS) {
                    s.execute("DELETE FROM item" + t);
                    units.add(new Unit("items", t, 0, 0));
                }
            }
        }
        for (int t = 1; t <= config.tables(); t++) {
            ledger.expect("set" + t, config.scale(), from - 1, List.of(), "warehouses");
        }
        for (int w = from; w <= config.scale(); w++) {
            for (int t = 1; t <= config.tables(); t++) {
                units.add(new Unit("orders 1-5", t, w, 1));
                units.add(new Unit("orders 6-10", t, w, 2));
                units.add(new Unit("stock", t, w, 3));
                units.add(new Unit("warehouse, districts, customers, history", t, w, 4));
            }
        }
        progress.accept(String.format(Locale.ROOT, "Loading with LOAD DATA in chunks of at most %d stock, %d customer, "
                + "%d order_line rows (one transaction each)", bounds.rows(TpccRows.STOCK_BYTES),
                bounds.rows(TpccRows.CUSTOMER_BYTES), bounds.rows(TpccRows.ORDER_LINE_BYTES)));
        long rows = run(target, threads, units, progress, ledger);
        List<Unit> indexes = new ArrayList<>();
        try (Connection c = target.openChecked(target.endpointFor(0), true)) {
            for (int t = 1; t <= config.tables(); t++) {
                for (String sql : schema.missingIndexes(c, t)) {
                    indexes.add(new Unit("index " + sql.split(" ")[2], t, 0, 5, sql));
                }
            }
        }
        run(target, threads, indexes, progress, ledger);
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

    private long run(Target target, int threads, List<Unit> units, Consumer<String> progress, LoadLedger ledger)
            throws SQLException {
        Map<Long, Integer> unitsLeft = new HashMap<>(); // per (set, warehouse): load units not yet done
        for (Unit u : units) {
            if (u.warehouse() > 0) {
                unitsLeft.merge(key(u), 1, Integer::sum);
            }
        }
        if (units.isEmpty()) {
            return 0;
        }
        AtomicLong loaded = new AtomicLong();
        AtomicLong done = new AtomicLong();
        long startNanos = clockNanos.getAsLong();
        int workers = Math.max(1, Math.min(threads, units.size()));
        ParallelLoad.Connections connections = w -> {
            Connection c = target.openChecked(target.endpointFor(w), true);
            try (Statement s = c.createStatement()) {
                s.execute("SET SESSION foreign_key_checks = 0, unique_checks = 0");
            }
            if (bounds.galera()) {
                Wsrep.catchUp(c); // the tables were created through endpoint 0
            }
            return c;
        };
        try {
            ParallelLoad.run(workers, connections, units, (c, u) -> {
                long n = load(c, u, loaded);
                if (u.warehouse() > 0) {
                    boolean whole;
                    synchronized (unitsLeft) {
                        whole = unitsLeft.merge(key(u), -1, Integer::sum) == 0;
                    }
                    if (whole) {
                        ledger.rowsCommitted("set" + u.set(), 1);
                    }
                }
                double secs = Math.max(1e-9, (clockNanos.getAsLong() - startNanos) / 1e9);
                long total = loaded.get();
                long finished = done.incrementAndGet();
                double etaSecs = secs * (units.size() - finished) / finished;
                progress.accept(u.kind() == 5
                        ? String.format(Locale.ROOT, "[%d/%d] set %d %s built (%.1f s)",
                        finished, units.size(), u.set(), u.what(), secs)
                        : String.format(Locale.ROOT,
                        "[%d/%d] set %d%s %s: %d rows; total %d rows in %.1f s (%.0f rows/s, ETA %.0f s)",
                        finished, units.size(), u.set(),
                        u.warehouse() > 0 ? " warehouse " + u.warehouse() : "", u.what(), n, total,
                        secs, total / secs, etaSecs));
                return List.of();
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while loading", e);
        }
        return loaded.get();
    }

    private static long key(Unit u) {
        return (long) u.set() << 32 | u.warehouse();
    }

    private long load(Connection c, Unit u, AtomicLong loaded) throws SQLException {
        List<TpccRows.Table> tables = switch (u.kind()) {
            case 0 -> TpccRows.items(u.set());
            case 1 -> TpccRows.orders(u.set(), u.warehouse(), 1, 5, now);
            case 2 -> TpccRows.orders(u.set(), u.warehouse(), 6, 10, now);
            case 3 -> TpccRows.stock(u.set(), u.warehouse());
            case 5 -> {
                try (Statement s = c.createStatement()) {
                    s.execute(u.sql());
                }
                yield List.of();
            }
            default -> TpccRows.warehouse(u.set(), u.warehouse(), now);
        };
        long rows = 0;
        for (TpccRows.Table t : tables) {
            rows += load(c, t, loaded);
        }
        return rows;
    }

    /**
     * Loads one table's rows of a unit in chunks of at most {@link ChunkBounds#rows} rows, in order.
     *
     * @throws SQLException when the server fails a chunk, or reports other than the chunk's row count
     */
    private long load(Connection c, TpccRows.Table t, AtomicLong loaded) throws SQLException {
        TableLoader.Chunk all = t.rows();
        long per = bounds.rows(t.rowBytes());
        for (long first = 0; first < all.rows(); first += per) {
            long from = first;
            long n = Math.min(per, all.rows() - first);
            long got = loader.load(c, new TableLoader.Chunk(all.table(), all.columns(), n,
                    (row, line) -> all.writer().write(from + row, line)));
            if (got != n) {
                throw new SQLException("loading " + all.table() + ": the server took " + got + " of " + n + " rows");
            }
            loaded.addAndGet(n);
        }
        return all.rows();
    }

    private static String serverNow(Statement s) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT DATE_FORMAT(NOW(), '%Y-%m-%d %H:%i:%s')")) {
            rs.next();
            return rs.getString(1);
        }
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
