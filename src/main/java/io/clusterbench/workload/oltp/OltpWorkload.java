package io.clusterbench.workload.oltp;

import io.clusterbench.workload.OwnedTables;
import io.clusterbench.UserException;
import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Target;
import io.clusterbench.workload.InitContext;
import io.clusterbench.workload.KeySpace;
import io.clusterbench.workload.KeySpaceLoader;
import io.clusterbench.workload.LoadLedger;
import io.clusterbench.workload.PrepareMode;
import io.clusterbench.workload.Session;
import io.clusterbench.workload.SessionContext;
import io.clusterbench.workload.Workload;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The sysbench OLTP family ({@code oltp_point_select}, {@code oltp_read_only}, {@code oltp_read_write},
 * {@code oltp_write_only}, {@code oltp_insert}, {@code oltp_update_index}, {@code oltp_update_non_index},
 * {@code oltp_delete}) on the {@code sbtestN} tables.
 *
 * <p>Thread-safe after {@link #init}: key spaces are published before any session opens.
 */
public final class OltpWorkload implements Workload {
    private final OltpVariant variant;
    private final OltpConfig config;
    private final OltpTables tables;
    private final AtomicInteger uniqueIndex;
    private volatile KeySpace[] keys;

    @Override
    public io.clusterbench.workload.TableOptions tableOptions() {
        return config.tableOptions();
    }

    /**
     * @param variant which workload
     * @param config  the family's options
     * @param seed    run seed, used for the unique id sequence of {@code oltp_insert --auto-inc=off}
     */
    public OltpWorkload(OltpVariant variant, OltpConfig config, long seed) {
        this.variant = variant;
        this.config = config;
        this.tables = new OltpTables(config);
        this.uniqueIndex = new AtomicInteger((int) (seed ^ (seed >>> 32)));
    }

    OltpVariant variant() {
        return variant;
    }

    OltpConfig config() {
        return config;
    }

    KeySpace keys(int table) {
        return keys[table];
    }

    @Override
    public String name() {
        return variant.workloadName();
    }

    @Override
    public List<String> statementClasses() {
        List<String> names = new ArrayList<>();
        for (OltpStatement s : OltpStatement.values()) {
            names.add(s.className);
        }
        return names;
    }

    /** @return {@code --tables} × {@code --table-size} */
    @Override
    public long plannedRows() {
        return (long) config.tables() * config.tableSize();
    }

    @Override
    public List<String> tables() {
        return tables.names();
    }

    /** @return {@code --tables} × the per-table statements of the variant's mix */
    @Override
    public long preparedStatementsPerSession() {
        return (long) config.tables() * variant.preparedPerTable(config);
    }

    @Override
    public boolean eventsWrite() {
        return variant.eventsWrite();
    }

    /** sysbench's {@code sbtestN}: id, k, c, pad; primary key (id). */
    @Override
    public java.util.Map<String, io.clusterbench.workload.TableShape> shapes() {
        java.util.Map<String, io.clusterbench.workload.TableShape> m = new java.util.LinkedHashMap<>();
        for (String name : tables.names()) {
            m.put(name, io.clusterbench.workload.TableShape.of(List.of("id", "k", "c", "pad"), List.of("id")));
        }
        return m;
    }

    @Override
    public void prepare(Target target, int threads, boolean force, Consumer<String> progress) throws SQLException {
        prepare(target, threads, force ? PrepareMode.DROP : PrepareMode.REFUSE, new LoadLedger(), progress);
    }

    @Override
    public void prepare(Target target, int threads, PrepareMode mode, LoadLedger ledger, Consumer<String> progress)
            throws SQLException {
        new OltpLoader(config, tables).prepare(target, threads, mode, ledger, progress);
    }

    @Override
    public List<String> cleanup(Connection connection) throws SQLException {
        return tables.drop(connection);
    }

    @Override
    public boolean tablesExist(Connection connection) throws SQLException {
        return tables.existing(connection).size() == config.tables();
    }

    @Override
    public void init(Connection connection) throws SQLException {
        init(connection, InitContext.single());
    }

    @Override
    public void init(Connection connection, InitContext context) throws SQLException {
        OwnedTables.requireAll(tables.existing(connection), tables.names(),
                "clusterbench prepare " + name() + " with the same --tables");
        for (int t = 1; t <= config.tables() && config.createSecondary(); t++) {
            if (!tables.hasIndexOnK(connection, t)) {
                throw new UserException("table sbtest" + t + " has no index on k: its load did not finish",
                        "complete it with " + resumeCommand() + " (and your connection options), or prepare "
                                + "with --force; a table prepared with --create-secondary=off needs the same "
                                + "option here");
            }
        }
        KeySpace[] loaded = new KeySpace[config.tables() + 1];
        boolean trackDeletes = variant == OltpVariant.OLTP_DELETE;
        for (int t = 1; t <= config.tables(); t++) {
            loaded[t] = new KeySpaceLoader("sbtest" + t, "id").load(connection, context, config.tableSize(),
                    trackDeletes);
        }
        keys = loaded;
    }

    /** @return a warning per table with fewer rows than {@code --table-size} (keys are drawn over what exists) */
    @Override
    public List<String> startReport() {
        List<String> lines = new ArrayList<>();
        KeySpace[] k = keys;
        for (int t = 1; k != null && t < k.length; t++) {
            if (k[t].rows() < config.tableSize() && variant != OltpVariant.OLTP_INSERT) {
                lines.add("Warning: sbtest" + t + " has " + k[t].rows() + " rows, fewer than --table-size "
                        + config.tableSize() + (k[t].rows() == 0 ? ": every statement that targets a row will miss"
                        : ": keys are drawn over the " + k[t].rows() + " existing rows")
                        + " (give the size you prepared, or restore the rows with " + resumeCommand() + ")");
            }
        }
        return lines;
    }

    private String resumeCommand() {
        return "clusterbench prepare " + name() + " --tables " + config.tables() + " --table-size "
                + config.tableSize() + " --resume";
    }

    @Override
    public Session openSession(SessionContext context) throws DbFailure {
        return new OltpSession(this, context);
    }

    @Override
    public Map<String, Object> facts() {
        Map<String, Object> facts = new LinkedHashMap<>();
        KeySpace[] k = keys;
        if (k != null) {
            for (int t = 1; t < k.length; t++) {
                int table = t;
                k[t].facts().forEach((key, value) -> facts.put("sbtest" + table + "." + key, value));
            }
        }
        return facts;
    }

    /**
     * Next id of a run-wide unique pseudo-random sequence over the 32-bit range (a permutation by
     * quadratic residues, as sysbench's {@code sb_rand_unique}), so concurrent inserts never collide.
     */
    long uniqueId() {
        int index = uniqueIndex.getAndIncrement();
        return (permute((permute(index) + 0x46790905L) ^ 0x5bf03635L) & 0xFFFFFFFFL) - 2147483648L;
    }

    private static long permute(long x) {
        final long prime = 4294967291L;
        x &= 0xFFFFFFFFL;
        if (x >= prime) {
            return x;
        }
        long residue = Long.remainderUnsigned(x * x, prime);
        return x <= prime / 2 ? residue : prime - residue;
    }
}
