package io.clusterbench.workload.bigtrx;

import io.clusterbench.UserException;
import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Target;
import io.clusterbench.observe.CommitGapObserver;
import io.clusterbench.observe.MarkedWindows;
import io.clusterbench.observe.Observer;
import io.clusterbench.workload.OwnedTables;
import io.clusterbench.workload.SbRows;
import io.clusterbench.workload.Session;
import io.clusterbench.workload.SessionContext;
import io.clusterbench.workload.Workload;
import io.clusterbench.workload.Wsrep;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * The {@code bigtrx} family: transactions that insert, update or delete exactly {@code --bigtrx-rows} rows
 * of the worker's own id range of {@code bigtrx_1}, with per-transaction latency, COMMIT latency, write-set
 * bytes and fragments replicated, optionally with Galera streaming replication
 * ({@code wsrep_trx_fragment_unit}/{@code wsrep_trx_fragment_size}). A {@link CommitGapObserver} measures
 * what each transaction does to every node's commits. See docs/ddl.md.
 *
 * <p>Thread-safe after {@link #init}: sessions share the immutable config and thread-safe statistics.
 * Usage: {@code clusterbench run bigtrx --bigtrx-rows 100000 --bigtrx-ops update --bigtrx-fragment-size 1000}.
 */
public final class BigtrxWorkload implements Workload {
    /** Workload name on the command line. */
    public static final String NAME = "bigtrx";
    /** The family's one table. */
    static final String TABLE = "bigtrx_1";
    private static final Pattern OWNED = Pattern.compile("bigtrx_[0-9]+");
    private static final Set<String> COLUMNS = Set.of("id", "k", "c", "pad");
    /** Ids per worker: worker w owns [(w + 1) × RANGE, (w + 2) × RANGE). */
    private static final long RANGE = 10_000_000_000L;
    private final BigtrxConfig config;
    private final MarkedWindows marks = new MarkedWindows();
    private final WriteSetStats stats = new WriteSetStats();
    private volatile boolean wsrep;
    private volatile String leftAlone;

    @Override
    public io.clusterbench.workload.TableOptions tableOptions() {
        return config.tableOptions();
    }

    /** @param config the family's options */
    public BigtrxWorkload(BigtrxConfig config) {
        this.config = config;
    }

    static long firstId(int workerIndex) {
        return (workerIndex + 1L) * RANGE;
    }

    static long lastId(int workerIndex) {
        return firstId(workerIndex) + RANGE - 1;
    }

    BigtrxConfig config() {
        return config;
    }

    MarkedWindows marks() {
        return marks;
    }

    WriteSetStats stats() {
        return stats;
    }

    /** @return true when the server is a Galera node (write-set counters are read) */
    boolean wsrep() {
        return wsrep;
    }

    int commitClass() {
        return BigtrxOp.values().length;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<String> statementClasses() {
        List<String> names = new ArrayList<>();
        for (BigtrxOp op : BigtrxOp.values()) {
            names.add(op.className());
        }
        names.add("bigtrx_commit");
        return names;
    }

    @Override
    public List<String> tables() {
        return List.of(TABLE);
    }

    @Override
    public void prepare(Target target, int threads, boolean force, Consumer<String> progress) throws SQLException {
        try (Connection c = target.openChecked(target.endpointFor(0), true); Statement s = c.createStatement()) {
            if (OwnedTables.all(c).contains(TABLE)) {
                if (!force) {
                    throw new UserException("table " + TABLE + " already exists in " + target.database(),
                            "run cleanup bigtrx first, or add --force to drop and recreate it");
                }
                cleanup(c);
            }
            String others = OwnedTables.leftAlone(c, OWNED, NAME);
            if (others != null) {
                progress.accept(others);
            }
            progress.accept("Creating table '" + TABLE + "'...");
            s.execute(SbRows.createTable(TABLE, "BIGINT", config.tableOptions()));
        }
    }

    @Override
    public List<String> cleanup(Connection connection) throws SQLException {
        return OwnedTables.drop(connection, OWNED, COLUMNS, NAME, line -> { });
    }

    @Override
    public boolean tablesExist(Connection connection) throws SQLException {
        return OwnedTables.all(connection).contains(TABLE);
    }

    @Override
    public void init(Connection connection) throws SQLException {
        if (!tablesExist(connection)) {
            throw OwnedTables.missing(TABLE, "clusterbench prepare bigtrx");
        }
        wsrep = Wsrep.on(connection);
        stats.wsrep(wsrep);
        if (config.streaming() && !wsrep) {
            throw new UserException("--bigtrx-fragment-size turns on Galera streaming replication, and this server "
                    + Wsrep.why(connection), "leave --bigtrx-fragment-size at 0, or point --host at a Galera cluster");
        }
        leftAlone = OwnedTables.leftAlone(connection, OWNED, NAME);
    }

    @Override
    public List<String> startReport() {
        List<String> lines = new ArrayList<>();
        lines.add("bigtrx: " + String.join(",", config.ops().stream().map(BigtrxOp::optionName).toList())
                + " transactions of " + config.rows() + " rows in statements of " + config.batchRows() + " rows, "
                + (config.streaming() ? "streaming replication every " + config.fragmentSize() + " "
                + config.fragmentUnit() : "streaming replication off"));
        if (leftAlone != null) {
            lines.add(leftAlone);
        }
        return lines;
    }

    @Override
    public Session openSession(SessionContext context) throws DbFailure {
        return new BigtrxSession(this, context);
    }

    @Override
    public List<Observer> observers(Target target) {
        return List.of(new CommitGapObserver(target, marks, "BIGTRX"), stats);
    }

    @Override
    public MarkedWindows markedWindows() {
        return marks;
    }

    @Override
    public Map<String, Object> facts() {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("ops", config.ops().stream().map(BigtrxOp::optionName).toList());
        f.put("rowsPerTransaction", config.rows());
        f.put("batchRows", config.batchRows());
        f.put("fragmentUnit", config.streaming() ? config.fragmentUnit() : null);
        f.put("fragmentSize", config.fragmentSize());
        return f;
    }
}
