package io.clusterbench.workload;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Reads a table's id set into a {@link KeySpace} without reading every id when the ids have structure.
 *
 * <p>The id range {@code [MIN(id), MAX(id)]} is cut into ranges that {@code threads} connections take from
 * one queue. For each range one aggregate over the primary key ({@code COUNT(*), MIN, MAX} and the ids'
 * residues modulo the table's step, the gcd of its first id gaps) proves whether the range is one complete
 * arithmetic progression; then nothing more is read. A range with few holes is cut into 8 and checked
 * again; one with many holes, or at most {@value #LEAF_ROWS} rows, is read id by id in order. So a gap-free
 * or Galera-stepped table costs one server-side scan split over the connections and no id transfer, and a
 * table with a few deleted rows reads only the ranges around them.
 *
 * <p>Thread-safe: one call runs on the caller's thread and {@code threads - 1} pool threads, each with its
 * own connection.
 */
public final class KeySpaceLoader {
    /** Ranges with at most this many rows are read id by id rather than split further. */
    static final int LEAF_ROWS = 65_536;
    /** A range whose rows fill at least this share of its progression's slots is split and checked again. */
    private static final double FEW_HOLES = 0.9;
    private static final int SPLIT = 8;

    private final String table;
    private final String idColumn;

    /**
     * @param table    table name
     * @param idColumn integer primary key column (INT or BIGINT, signed or not below 2^63)
     */
    public KeySpaceLoader(String table, String idColumn) {
        this.table = table;
        this.idColumn = idColumn;
    }

    private record Range(long lo, long hi, boolean read) { }

    /** A finished range: a progression ({@code ids == null}) or the ids read one by one. */
    private record Piece(long first, long step, long count, long[] ids) { }

    /**
     * @param first        the caller's connection, used by the first reader (not closed)
     * @param context      more connections, reader count, clock and progress
     * @param maxDrawSize  the workload's {@code --table-size}: ranks are drawn from {@code [1, min(rows, it)]}
     * @param trackDeletes true for workloads that delete rows without re-inserting them
     * @return the key space, with its load time when the context is timed
     * @throws SQLException when a query fails
     */
    public KeySpace load(Connection first, InitContext context, long maxDrawSize, boolean trackDeletes)
            throws SQLException {
        long start = context.timed() ? context.clockNanos().getAsLong() : 0;
        long min;
        long max;
        try (Statement s = first.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT MIN(" + idColumn + "), MAX(" + idColumn + ") FROM " + table)) {
            rs.next();
            min = rs.getLong(1);
            max = rs.getLong(2);
            if (rs.wasNull()) {
                return new KeySpace(new IdRuns.Builder().build(), maxDrawSize, trackDeletes, elapsedMillis(context, start));
            }
        }
        long step = step(first, min);
        ConcurrentSkipListMap<Long, Piece> pieces = new ConcurrentSkipListMap<>();
        int readers = Math.max(1, context.threads());
        List<Range> queue = split(min, max, readers * 4L, false);
        Progress progress = new Progress(context, start, max - min + 1);
        ParallelLoad.Connections connections = new ParallelLoad.Connections() {
            @Override
            public Connection open(int worker) throws SQLException {
                return worker == 0 ? first : context.connections().open();
            }

            @Override
            public void release(int worker, Connection c) throws SQLException {
                if (worker != 0) {
                    c.close();
                }
            }
        };
        try {
            ParallelLoad.run(readers, connections, queue, (c, r) -> {
            List<Range> more = r.read() ? List.of() : check(c, r, step, pieces);
            if (r.read()) {
                read(c, r, pieces);
            }
            if (more.isEmpty()) {
                progress.covered(r.hi() - r.lo() + 1);
            }
            return more;
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while reading the key space of " + table, e);
        }
        IdRuns.Builder b = new IdRuns.Builder();
        for (Piece p : pieces.values()) {
            if (p.ids() == null) {
                b.addRun(p.first(), p.step(), p.count());
            } else {
                for (long id : p.ids()) {
                    b.add(id);
                }
            }
        }
        return new KeySpace(b.build(), maxDrawSize, trackDeletes, elapsedMillis(context, start));
    }

    /** @return the gcd of the gaps between the first 1000 ids, 1 when there is only one id */
    private long step(Connection c, long min) throws SQLException {
        long g = 0;
        long prev = min;
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT " + idColumn + " FROM "
                + table + " ORDER BY " + idColumn + " LIMIT 1000")) {
            while (rs.next()) {
                long id = rs.getLong(1);
                g = gcd(g, id - prev);
                prev = id;
            }
        }
        return Math.max(1, g);
    }

    private static long gcd(long a, long b) {
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return a;
    }

    /** Checks one range; records it when it is a complete progression, else returns the ranges to do next. */
    private List<Range> check(Connection c, Range r, long step, Map<Long, Piece> pieces) throws SQLException {
        String id = idColumn;
        try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*), MIN(" + id + "), MAX(" + id + "), MIN(" + id
                + " MOD " + step + "), MAX(" + id + " MOD " + step + ") FROM " + table + " WHERE " + id
                + " BETWEEN ? AND ?")) {
            ps.setLong(1, r.lo());
            ps.setLong(2, r.hi());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                long count = rs.getLong(1);
                if (count == 0) {
                    return List.of();
                }
                long lo = rs.getLong(2);
                long hi = rs.getLong(3);
                long slots = (hi - lo) / step + 1;
                if (rs.getLong(4) == rs.getLong(5) && count == slots) {
                    pieces.put(lo, new Piece(lo, step, count, null));
                    return List.of();
                }
                if (count > LEAF_ROWS && count >= FEW_HOLES * slots) {
                    return split(lo, hi, SPLIT, false);
                }
                return split(lo, hi, Math.max(1, count / LEAF_ROWS), true);
            }
        }
    }

    private void read(Connection c, Range r, Map<Long, Piece> pieces) throws SQLException {
        long[] ids = new long[1024];
        int n = 0;
        try (PreparedStatement ps = c.prepareStatement("SELECT " + idColumn + " FROM " + table + " WHERE "
                + idColumn + " BETWEEN ? AND ? ORDER BY " + idColumn)) {
            ps.setFetchSize(10_000);
            ps.setLong(1, r.lo());
            ps.setLong(2, r.hi());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    if (n == ids.length) {
                        ids = java.util.Arrays.copyOf(ids, n * 2);
                    }
                    ids[n++] = rs.getLong(1);
                }
            }
        }
        if (n > 0) {
            pieces.put(ids[0], new Piece(0, 0, n, java.util.Arrays.copyOf(ids, n)));
        }
    }

    /** @return up to {@code parts} consecutive ranges covering {@code [lo, hi]} */
    private static List<Range> split(long lo, long hi, long parts, boolean read) {
        List<Range> out = new ArrayList<>();
        long span = hi - lo + 1; // ids are below 2^63, and MIN >= -2^63 + 1 for AUTO_INCREMENT keys
        long width = Math.max(1, (span + parts - 1) / parts);
        for (long from = lo; from <= hi; from += width) {
            long to = hi - from < width ? hi : from + width - 1;
            out.add(new Range(from, to, read));
            if (to == hi) {
                break;
            }
        }
        return out;
    }

    private static long elapsedMillis(InitContext context, long start) {
        return context.timed() ? (context.clockNanos().getAsLong() - start) / 1_000_000 : -1;
    }

    /** Prints "key space: N% of ids" at most every 10% of the id range, once the load takes over 2 s. */
    private final class Progress {
        private final InitContext context;
        private final long start;
        private final long span;
        private final AtomicLong done = new AtomicLong();
        private long lastTenth;

        Progress(InitContext context, long start, long span) {
            this.context = context;
            this.start = start;
            this.span = span;
        }

        void covered(long ids) {
            long now = done.addAndGet(ids);
            if (!context.timed()) {
                return;
            }
            double secs = (context.clockNanos().getAsLong() - start) / 1e9;
            long tenth = span <= 0 ? 10 : Math.min(10, now * 10 / span);
            synchronized (this) {
                if (secs >= 2 && tenth > lastTenth) {
                    lastTenth = tenth;
                    context.progress().accept(String.format(Locale.ROOT, "Reading the key space of %s: %d%% of the "
                            + "id range in %.1f s", table, tenth * 10, secs));
                }
            }
        }
    }
}
