package io.clusterbench.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What a load has done so far, per table: rows loaded of rows wanted, and the indexes still to build. The
 * loader writes it as chunks commit; the CLI reads it on Ctrl-C or failure to say what is complete, what is
 * not, and how to resume.
 *
 * <p>Thread-safe (loader threads write, a shutdown-hook thread reads).
 */
public final class LoadLedger {
    private final Map<String, AtomicLong> loaded = new ConcurrentSkipListMap<>(LoadLedger::natural);
    private final Map<String, Long> wanted = new ConcurrentHashMap<>();
    private final Map<String, List<String>> indexesLeft = new ConcurrentHashMap<>();
    private final Map<String, String> units = new ConcurrentHashMap<>();

    /**
     * @param table   table name
     * @param rows    rows the table must hold when complete
     * @param already rows found already loaded (when resuming), else 0
     * @param indexes indexes still to build after the rows
     */
    public void expect(String table, long rows, long already, List<String> indexes) {
        expect(table, rows, already, indexes, "rows");
    }

    /**
     * As {@link #expect(String, long, long, List)} for a part counted in other units than rows (TPC-C counts
     * a set's complete warehouses); {@link #rowsLoaded()} and {@link #rowsWanted()} count rows only.
     *
     * @param unit plural noun printed after the counts, e.g. "warehouses"
     */
    public void expect(String table, long rows, long already, List<String> indexes, String unit) {
        units.put(table, unit);
        wanted.put(table, rows);
        indexesLeft.put(table, new java.util.concurrent.CopyOnWriteArrayList<>(indexes));
        loaded.put(table, new AtomicLong(already));
    }

    /** Records a committed chunk. */
    public void rowsCommitted(String table, long rows) {
        loaded.get(table).addAndGet(rows);
    }

    /** Records a built index. */
    public void indexBuilt(String table, String index) {
        indexesLeft.get(table).remove(index);
    }

    /** @return rows committed so far over all tables */
    public long rowsLoaded() {
        return loaded.entrySet().stream().filter(e -> isRows(e.getKey())).mapToLong(e -> e.getValue().get()).sum();
    }

    /** @return rows wanted over all tables */
    public long rowsWanted() {
        return wanted.entrySet().stream().filter(e -> isRows(e.getKey())).mapToLong(Map.Entry::getValue).sum();
    }

    /** @return true while nothing was expected, so a failed load has nothing to report */
    public boolean isEmpty() {
        return wanted.isEmpty();
    }

    private boolean isRows(String table) {
        return "rows".equals(units.get(table));
    }

    /** @return true when every table has all its rows and indexes */
    public boolean complete() {
        return incomplete().isEmpty();
    }

    /** @return one line per incomplete table: rows loaded of rows wanted, indexes not built */
    public List<String> incomplete() {
        List<String> lines = new ArrayList<>();
        loaded.forEach((table, rows) -> {
            long want = wanted.get(table);
            List<String> left = indexesLeft.get(table);
            if (rows.get() < want || !left.isEmpty()) {
                lines.add(String.format(Locale.ROOT, "%s: %d of %d %s%s", table, rows.get(), want, units.get(table),
                        left.isEmpty() ? "" : ", index " + String.join(", ", left) + " not built"));
            }
        });
        return lines;
    }

    /** @return the tables with all their rows and indexes */
    public List<String> completeTables() {
        List<String> done = new ArrayList<>();
        loaded.forEach((table, rows) -> {
            if (rows.get() >= wanted.get(table) && indexesLeft.get(table).isEmpty()) {
                done.add(table);
            }
        });
        return done;
    }

    /** Orders sbtest2 before sbtest10. */
    private static int natural(String a, String b) {
        String pa = a.replaceAll("\\d+$", "");
        String pb = b.replaceAll("\\d+$", "");
        if (!pa.equals(pb) || pa.length() == a.length() || pb.length() == b.length()) {
            return a.compareTo(b);
        }
        int c = Long.compare(Long.parseLong(a.substring(pa.length())), Long.parseLong(b.substring(pb.length())));
        return c != 0 ? c : a.compareTo(b);
    }
}
