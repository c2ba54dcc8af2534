package io.clusterbench.workload.oltp;

import java.sql.SQLException;
import java.util.Locale;

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

    abstract void compose(OltpSession s) throws SQLException;

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
