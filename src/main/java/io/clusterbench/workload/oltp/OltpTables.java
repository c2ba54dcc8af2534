package io.clusterbench.workload.oltp;

import io.clusterbench.UserException;
import io.clusterbench.db.Target;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * DDL and loader of the {@code sbtestN} tables, same schema and data shape as sysbench 1.0.20
 * {@code oltp_common.lua} {@code create_table}: {@code id INT [AUTO_INCREMENT] PK, k INT, c CHAR(120),
 * pad CHAR(60)}, secondary index {@code k_N} on {@code k} created after the load.
 *
 * <p>Thread-safe (stateless apart from its configuration).
 */
final class OltpTables {
    private static final int ROWS_PER_INSERT = 1000;
    private final OltpConfig config;

    OltpTables(OltpConfig config) {
        this.config = config;
    }

    List<String> names() {
        List<String> names = new ArrayList<>();
        for (int t = 1; t <= config.tables(); t++) {
            names.add("sbtest" + t);
        }
        return names;
    }

    /** @return the subset of {@link #names()} that exists in the connection's current schema */
    List<String> existing(Connection c) throws SQLException {
        List<String> found = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ?")) {
            for (String name : names()) {
                ps.setString(1, name);
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next()) {
                        found.add(name);
                    }
                }
            }
        }
        return found;
    }

    void prepare(Target target, int threads, boolean force, Consumer<String> progress) throws SQLException {
        try (Connection c = target.openChecked(target.endpointFor(0), true)) {
            List<String> existing = existing(c);
            if (!existing.isEmpty() && !force) {
                throw new UserException("table " + existing.get(0) + " already exists in " + target.database(),
                        "run cleanup first, or add --force to drop and recreate the workload's tables");
            }
            try (Statement s = c.createStatement()) {
                for (String name : existing) {
                    progress.accept("Dropping table '" + name + "'...");
                    s.execute("DROP TABLE IF EXISTS " + name);
                }
            }
        }
        int workers = Math.max(1, Math.min(threads, config.tables()));
        ExecutorService pool = Executors.newFixedThreadPool(workers);
        AtomicLong rowsLoaded = new AtomicLong();
        try {
            List<Future<Void>> futures = new ArrayList<>();
            for (int w = 0; w < workers; w++) {
                int first = w + 1;
                futures.add(pool.submit(() -> {
                    try (Connection c = target.openChecked(target.endpointFor(first - 1), true)) {
                        for (int t = first; t <= config.tables(); t += workers) {
                            createAndLoad(c, t, progress, rowsLoaded);
                        }
                    }
                    return null;
                }));
            }
            for (Future<Void> f : futures) {
                try {
                    f.get();
                } catch (java.util.concurrent.ExecutionException e) {
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
        } finally {
            pool.shutdownNow();
        }
    }

    private void createAndLoad(Connection c, int t, Consumer<String> progress, AtomicLong rowsLoaded)
            throws SQLException {
        progress.accept("Creating table 'sbtest" + t + "'...");
        String idDef = config.autoInc() ? "INTEGER NOT NULL AUTO_INCREMENT" : "INTEGER NOT NULL";
        String idIndex = config.secondary() ? "KEY xid" : "PRIMARY KEY";
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE sbtest" + t + "(\n  id " + idDef + ",\n  k INTEGER DEFAULT '0' NOT NULL,\n"
                    + "  c CHAR(120) DEFAULT '' NOT NULL,\n  pad CHAR(60) DEFAULT '' NOT NULL,\n  " + idIndex
                    + " (id)\n) /*! ENGINE = " + config.storageEngine() + " */");
            if (config.tableSize() > 0) {
                progress.accept(String.format(Locale.ROOT, "Inserting %d records into 'sbtest%d'",
                        config.tableSize(), t));
            }
            SplittableRandom rng = new SplittableRandom(0x5eed + t);
            RandomText text = new RandomText();
            StringBuilder sql = new StringBuilder(ROWS_PER_INSERT * 200);
            int inBatch = 0;
            for (int i = 1; i <= config.tableSize(); i++) {
                if (inBatch == 0) {
                    sql.setLength(0);
                    sql.append("INSERT INTO sbtest").append(t)
                            .append(config.autoInc() ? "(k, c, pad) VALUES" : "(id, k, c, pad) VALUES");
                } else {
                    sql.append(',');
                }
                sql.append('(');
                if (!config.autoInc()) {
                    sql.append(i).append(", ");
                }
                sql.append(1 + rng.nextInt(config.tableSize())).append(", '")
                        .append(text.next(rng, RandomText.C_GROUPS)).append("', '")
                        .append(text.next(rng, RandomText.PAD_GROUPS)).append("')");
                if (++inBatch == ROWS_PER_INSERT || i == config.tableSize()) {
                    s.executeUpdate(sql.toString());
                    rowsLoaded.addAndGet(inBatch);
                    inBatch = 0;
                }
            }
            if (config.createSecondary()) {
                progress.accept("Creating a secondary index on 'sbtest" + t + "'...");
                s.execute("CREATE INDEX k_" + t + " ON sbtest" + t + "(k)");
            }
        }
    }

    List<String> drop(Connection c) throws SQLException {
        List<String> dropped = existing(c);
        try (Statement s = c.createStatement()) {
            for (String name : dropped) {
                s.execute("DROP TABLE IF EXISTS " + name);
            }
        }
        return dropped;
    }
}
