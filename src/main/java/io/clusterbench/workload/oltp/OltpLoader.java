package io.clusterbench.workload.oltp;

import io.clusterbench.workload.Distribution;
import io.clusterbench.workload.RandomText;
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
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * Loads the {@code sbtestN} tables in chunks of ids, several chunks per table in parallel, through the shared
 * {@link TableLoader} ({@code LOAD DATA LOCAL INFILE} streamed from memory), then builds each table's
 * secondary index once its last chunk commits (as sysbench, after the rows).
 *
 * <p>Ids are explicit: {@code offset + i * increment} for row {@code i}, from the server's
 * {@code auto_increment_increment}/{@code auto_increment_offset} of the table's endpoint when the key is
 * AUTO_INCREMENT, so the id set is the one sysbench's sequential auto-increment load gives on that node
 * (1..N on a single server, stepped on Galera), and every chunk is a known id range: a resumed load counts
 * the rows of each range and loads only the empty ones (a chunk commits whole).
 *
 * <p>Chunk size: {@link ChunkBounds} at {@value #ROW_BYTES_BOUND} bytes per row: 100,000 rows (~20 MB); on
 * Galera 10,000 rows (~2 MB write set) or fewer, see docs/loading.md. Session: {@code unique_checks=0} only, which cannot change the result because
 * the loader generates unique ids and each resumed range is empty before it is loaded.
 *
 * <p>Thread-safe: one call runs on the caller's thread and the {@link ParallelLoad} pool.
 */
final class OltpLoader {
    /** Bytes counted per sbtest row in a write set when bounding a chunk (row data ~200 bytes plus keys). */
    static final int ROW_BYTES_BOUND = 512;
    private final OltpConfig config;
    private final OltpTables tables;
    private final TableLoader loader = new TableLoader();

    OltpLoader(OltpConfig config, OltpTables tables) {
        this.config = config;
        this.tables = tables;
    }

    /** One unit of work: rows {@code [firstRow, firstRow + rows)} of a table, or its index when rows < 0. */
    private record Item(int table, long firstRow, long rows, long firstId, long step) { }

    void prepare(Target target, int threads, PrepareMode mode, LoadLedger ledger, Consumer<String> progress)
            throws SQLException {
        List<Item> items = new ArrayList<>();
        boolean[] needsIndex = new boolean[config.tables() + 1];
        int chunkRows;
        boolean oneChunkPerTable;
        try (Connection c = target.openChecked(target.endpointFor(0), true); Statement s = c.createStatement()) {
            List<String> existing = tables.existing(c);
            if (!existing.isEmpty() && mode == PrepareMode.REFUSE) {
                throw new UserException("table " + existing.get(0) + " already exists in " + target.database(),
                        "run cleanup first, add --resume to complete an interrupted load, or --force to drop and "
                                + "recreate the workload's tables");
            }
            chunkRows = ChunkBounds.of(s).rows(ROW_BYTES_BOUND);
            progress.accept("Loading in chunks of " + chunkRows + " rows (one transaction each)");
            oneChunkPerTable = config.autoInc() && autoIncTableLock(s);
            for (int t = 1; t <= config.tables(); t++) {
                String name = "sbtest" + t;
                boolean exists = existing.contains(name);
                if (exists && mode == PrepareMode.DROP) {
                    progress.accept("Dropping table '" + name + "'...");
                    s.execute("DROP TABLE IF EXISTS " + name);
                    exists = false;
                }
                if (!exists) {
                    progress.accept("Creating table '" + name + "'...");
                    s.execute(tables.createSql(t));
                }
                long[] ids = idSequence(target, t);
                long already = 0;
                List<Item> todo = new ArrayList<>();
                for (long first = 0; first < config.tableSize(); first += chunkRows) {
                    long rows = Math.min(chunkRows, config.tableSize() - first);
                    Item item = new Item(t, first, rows, ids[0] + first * ids[1], ids[1]);
                    long found = exists ? countRange(s, item) : 0;
                    if (found == rows) {
                        already += rows;
                        continue;
                    }
                    if (found > 0) { // not expected from InnoDB (a chunk commits whole): redo it
                        s.execute("DELETE FROM " + name + " WHERE id BETWEEN " + item.firstId() + " AND "
                                + lastId(item));
                    }
                    todo.add(item);
                }
                boolean needIndex = config.createSecondary() && !tables.hasIndexOnK(c, t);
                needsIndex[t] = needIndex;
                ledger.expect(name, config.tableSize(), already, needIndex ? List.of("k_" + t) : List.of());
                if (!todo.isEmpty() || exists) {
                    progress.accept(String.format(Locale.ROOT, "Inserting %d records into '%s'%s",
                            config.tableSize() - already, name, already > 0 ? " (" + already + " already there)" : ""));
                }
                items.addAll(todo);
                if (todo.isEmpty() && needIndex) {
                    items.add(new Item(t, -1, -1, 0, 0));
                }
            }
        }
        // chunk-major: worker w starts on table w, so connections spread over tables as sysbench's do (several
        // connections on one table's last page contend; measured in docs/loading.md)
        items.sort(java.util.Comparator.comparingLong(Item::firstRow).thenComparingInt(Item::table));
        int[] chunksLeft = new int[config.tables() + 1];
        for (Item i : items) {
            if (i.rows() > 0) {
                chunksLeft[i.table()]++;
            }
        }
        ReentrantLock[] tableLocks = new ReentrantLock[config.tables() + 1];
        for (int t = 0; t < tableLocks.length; t++) {
            tableLocks[t] = new ReentrantLock();
        }
        boolean serialPerTable = oneChunkPerTable;
        int workers = Math.max(1, threads);
        try {
            ParallelLoad.run(workers, w -> session(target.openChecked(target.endpointFor(w), true)), items,
                    (c, item) -> {
                        String name = "sbtest" + item.table();
                        if (item.rows() < 0) {
                            progress.accept("Creating a secondary index on '" + name + "'...");
                            try (Statement s = c.createStatement()) {
                                s.execute("CREATE INDEX k_" + item.table() + " ON " + name + "(k)");
                            }
                            ledger.indexBuilt(name, "k_" + item.table());
                            return List.of();
                        }
                        ReentrantLock lock = tableLocks[item.table()];
                        if (serialPerTable && !lock.tryLock(50, TimeUnit.MILLISECONDS)) {
                            return List.of(item); // the table is busy: take another table's chunk first
                        }
                        long n;
                        try {
                            n = loader.load(c, chunk(item));
                        } finally {
                            if (serialPerTable) {
                                lock.unlock();
                            }
                        }
                        ledger.rowsCommitted(name, n);
                        boolean last;
                        synchronized (chunksLeft) {
                            last = --chunksLeft[item.table()] == 0;
                        }
                        return last && needsIndex[item.table()] ? List.of(new Item(item.table(), -1, -1, 0, 0)) : List.of();
                    });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while loading", e);
        }
    }

    private TableLoader.Chunk chunk(Item item) {
        long seed = 0x5eedL * 31 + item.table() * 1_000_003L + item.firstRow();
        SplittableRandom rng = new SplittableRandom(seed);
        RandomText text = new RandomText();
        int size = Math.max(1, config.tableSize());
        Distribution k = config.distribution();
        return new TableLoader.Chunk("sbtest" + item.table(), "id, k, c, pad", item.rows(), (row, line) -> line
                .field().number(item.firstId() + row * item.step())
                .field().number(k.next(rng, 1, size)) // sysbench 1.0.20 prepare: sb_rand(1, table_size), --rand-type
                .field().random(text, rng, RandomText.C_GROUPS)
                .field().random(text, rng, RandomText.PAD_GROUPS));
    }

    private static Connection session(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("SET SESSION unique_checks = 0");
        }
        Wsrep.catchUp(c); // on Galera: the tables were created through endpoint 0
        return c;
    }

    /** @return {first id, step}: the node's auto-increment sequence for AUTO_INCREMENT keys, else 1, 1 */
    private long[] idSequence(Target target, int t) throws SQLException {
        if (!config.autoInc()) {
            return new long[]{1, 1};
        }
        try (Connection c = target.openChecked(target.endpointFor(t - 1), true); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT @@auto_increment_increment, @@auto_increment_offset")) {
            rs.next();
            long step = Math.max(1, rs.getLong(1));
            long offset = rs.getLong(2);
            return new long[]{offset >= 1 && offset <= step ? offset : 1, step};
        }
    }

    /**
     * @return true when {@code LOAD DATA} into an AUTO_INCREMENT table holds the table-level AUTO-INC lock for
     *         the whole statement ({@code innodb_autoinc_lock_mode} 0 or 1, "bulk inserts"), so two chunks
     *         of one table would wait on each other
     */
    private static boolean autoIncTableLock(Statement s) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT @@innodb_autoinc_lock_mode")) {
            return !rs.next() || rs.getInt(1) != 2;
        } catch (SQLException notInnodb) {
            return true;
        }
    }

    private static long lastId(Item item) {
        return item.firstId() + (item.rows() - 1) * item.step();
    }

    private static long countRange(Statement s, Item item) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM sbtest" + item.table() + " WHERE id BETWEEN "
                + item.firstId() + " AND " + lastId(item))) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
