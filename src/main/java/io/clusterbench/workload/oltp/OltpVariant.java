package io.clusterbench.workload.oltp;

import java.sql.SQLException;
import java.util.Collections;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * The eight OLTP workloads: each only chooses statement groups and composes one event, as sysbench
 * 1.0.20's {@code oltp_*.lua} scripts do.
 *
 * <p>Immutable.
 */
public enum OltpVariant {
    /** One point SELECT per event, no transaction. */
    OLTP_POINT_SELECT {
        @Override
        void compose(OltpSession s) throws SQLException {
            s.pointSelects(1);
        }
    },
    /** BEGIN, point selects and ranges, COMMIT. */
    OLTP_READ_ONLY {
        @Override
        void compose(OltpSession s) throws SQLException {
            s.begin();
            reads(s);
            s.commit();
        }
    },
    /** BEGIN, reads, updates, delete/insert, COMMIT. */
    OLTP_READ_WRITE {
        @Override
        void compose(OltpSession s) throws SQLException {
            s.begin();
            reads(s);
            writes(s);
            s.commit();
        }
    },
    /** BEGIN, updates, delete/insert, COMMIT. */
    OLTP_WRITE_ONLY {
        @Override
        void compose(OltpSession s) throws SQLException {
            s.begin();
            writes(s);
            s.commit();
        }
    },
    /** One INSERT (text protocol), no transaction. */
    OLTP_INSERT {
        @Override
        void compose(OltpSession s) throws SQLException {
            s.insertOne();
        }
    },
    /** One UPDATE of the indexed column k, no transaction. */
    OLTP_UPDATE_INDEX {
        @Override
        void compose(OltpSession s) throws SQLException {
            s.indexUpdates(1);
        }
    },
    /** One UPDATE of the non-indexed column c, no transaction. */
    OLTP_UPDATE_NON_INDEX {
        @Override
        void compose(OltpSession s) throws SQLException {
            s.nonIndexUpdates(1);
        }
    },
    /** One DELETE by primary key, no transaction. */
    OLTP_DELETE {
        @Override
        void compose(OltpSession s) throws SQLException {
            s.deleteOne();
        }
    };

    /** Options of the read statement groups (sysbench's {@code execute_point_selects} … {@code _distinct_ranges}). */
    private static final Set<String> READS = Set.of("--point-selects", "--range-size", "--simple-ranges",
            "--sum-ranges", "--order-ranges", "--distinct-ranges", "--range-selects");
    /** Options of the write statement groups. */
    private static final Set<String> WRITES = Set.of("--index-updates", "--non-index-updates", "--delete-inserts");
    /** {@code --skip-trx}: only variants with BEGIN/COMMIT read it. */
    private static final String SKIP_TRX = "--skip-trx";
    /** Every option that some variants' events read and others do not. */
    public static final Set<String> EVENT_OPTIONS = union(READS, WRITES, Set.of(SKIP_TRX));

    abstract void compose(OltpSession s) throws SQLException;

    /**
     * @return the long names of the OLTP options this variant's events never read (as in sysbench 1.0.20's
     *         scripts: {@code oltp_point_select} runs one point SELECT whatever {@code --point-selects} says);
     *         the table options ({@code --tables}, {@code --table-size}, {@code --storage-engine}, …) apply to
     *         every variant
     */
    public Set<String> unusedOptions() {
        Set<String> used = switch (this) {
            case OLTP_READ_ONLY -> union(READS, Set.of(SKIP_TRX));
            case OLTP_READ_WRITE -> EVENT_OPTIONS;
            case OLTP_WRITE_ONLY -> union(WRITES, Set.of(SKIP_TRX));
            default -> Set.of();
        };
        Set<String> unused = new TreeSet<>(EVENT_OPTIONS);
        unused.removeAll(used);
        return Collections.unmodifiableSet(unused);
    }

    @SafeVarargs
    private static Set<String> union(Set<String>... sets) {
        Set<String> all = new TreeSet<>();
        for (Set<String> s : sets) {
            all.addAll(s);
        }
        return Collections.unmodifiableSet(all);
    }

    /** @return the workload name, e.g. {@code oltp_read_write} */
    public String workloadName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * @return true when the variant's events write (everything but {@code oltp_point_select} and
     *         {@code oltp_read_only}); single-writer routing sends such workers to the writer endpoint
     */
    public boolean eventsWrite() {
        return this != OLTP_POINT_SELECT && this != OLTP_READ_ONLY;
    }

    /**
     * @return the per-table statements an event of this variant prepares (each once per table and session, with
     *         server-side prepared statements): the statement kinds of its mix with a count above 0;
     *         {@code oltp_insert} runs its INSERT as text
     */
    int preparedPerTable(OltpConfig c) {
        int reads = (c.pointSelects() > 0 ? 1 : 0) + (!c.rangeSelects() ? 0 : (c.simpleRanges() > 0 ? 1 : 0)
                + (c.sumRanges() > 0 ? 1 : 0) + (c.orderRanges() > 0 ? 1 : 0) + (c.distinctRanges() > 0 ? 1 : 0));
        int writes = (c.indexUpdates() > 0 ? 1 : 0) + (c.nonIndexUpdates() > 0 ? 1 : 0)
                + (c.deleteInserts() > 0 ? 2 : 0);
        return switch (this) {
            case OLTP_POINT_SELECT, OLTP_UPDATE_INDEX, OLTP_UPDATE_NON_INDEX, OLTP_DELETE -> 1;
            case OLTP_READ_ONLY -> reads;
            case OLTP_READ_WRITE -> reads + writes;
            case OLTP_WRITE_ONLY -> writes;
            case OLTP_INSERT -> 0;
        };
    }

    /** @return the variant for a workload name, or {@code null} */
    public static OltpVariant byName(String name) {
        for (OltpVariant v : values()) {
            if (v.workloadName().equals(name)) {
                return v;
            }
        }
        return null;
    }

    private static void reads(OltpSession s) throws SQLException {
        OltpConfig c = s.config();
        s.pointSelects(c.pointSelects());
        if (c.rangeSelects()) {
            s.ranges(OltpStatement.SIMPLE_RANGE, c.simpleRanges());
            s.ranges(OltpStatement.SUM_RANGE, c.sumRanges());
            s.ranges(OltpStatement.ORDER_RANGE, c.orderRanges());
            s.ranges(OltpStatement.DISTINCT_RANGE, c.distinctRanges());
        }
    }

    private static void writes(OltpSession s) throws SQLException {
        OltpConfig c = s.config();
        s.indexUpdates(c.indexUpdates());
        s.nonIndexUpdates(c.nonIndexUpdates());
        s.deleteInserts(c.deleteInserts());
    }
}
