package io.clusterbench.workload.ddl;

import io.clusterbench.UserException;
import io.clusterbench.observe.CommitGapObserver;
import io.clusterbench.observe.MarkedWindows;
import io.clusterbench.observe.Observer;
import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Target;
import io.clusterbench.workload.OwnedTables;
import io.clusterbench.workload.Session;
import io.clusterbench.workload.SessionContext;
import io.clusterbench.workload.Workload;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The {@code ddl} family: each worker creates, alters (add/drop column, add/drop index, FORCE), truncates and
 * drops its own table {@code ddl_wN} of {@code --table-size} rows, each DDL kind its own statement class
 * ({@code ddl_create} … {@code ddl_drop}; the fill is {@code ddl_load}). Beside the engine a
 * {@link CommitGapObserver} measures the stall each DDL causes on every node. See docs/ddl.md.
 *
 * <p>Thread-safe after {@link #init}: sessions share only the immutable config and the thread-safe marks.
 * Usage: {@code clusterbench run ddl --table-size 100000 --ddl-kinds force --background oltp_read_write}.
 */
public final class DdlWorkload implements Workload {
    /** Workload name on the command line. */
    public static final String NAME = "ddl";
    private final DdlConfig config;
    private final MarkedWindows marks = new MarkedWindows();
    private volatile String leftAlone;

    @Override
    public io.clusterbench.workload.TableOptions tableOptions() {
        return config.tableOptions();
    }

    /** @param config the family's options */
    public DdlWorkload(DdlConfig config) {
        this.config = config;
    }

    DdlConfig config() {
        return config;
    }

    MarkedWindows marks() {
        return marks;
    }

    @Override
    public MarkedWindows markedWindows() {
        return marks;
    }

    int loadClass() {
        return DdlKind.values().length;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<String> statementClasses() {
        List<String> names = new ArrayList<>();
        for (DdlKind k : DdlKind.values()) {
            names.add(k.className());
        }
        names.add("ddl_load");
        return names;
    }

    @Override
    public List<String> tables() {
        return List.of(DdlTables.SOURCE);
    }

    /**
     * @return {@code ddl_source} and the workers' {@code ddl_wN} tables that exist; under RSU only the source (a
     *         rolling schema change leaves nodes with different schemas until it has gone round)
     */
    @Override
    public List<String> checkedTables(Connection connection) throws SQLException {
        return config.method() == OsuMethod.RSU ? tables() : OwnedTables.owned(connection, DdlTables.OWNED);
    }

    @Override
    public void prepare(Target target, int threads, boolean force, Consumer<String> progress) throws SQLException {
        DdlTables.prepare(target, config.tableSize(), config.tableOptions(), force, progress);
    }

    @Override
    public List<String> cleanup(Connection connection) throws SQLException {
        return DdlTables.drop(connection, line -> { });
    }

    @Override
    public boolean tablesExist(Connection connection) throws SQLException {
        return DdlTables.sourceExists(connection)
                && DdlTables.sourceRows(connection) >= config.tableSize();
    }

    @Override
    public void init(Connection connection) throws SQLException {
        if (!DdlTables.sourceExists(connection)) {
            throw OwnedTables.missing(DdlTables.SOURCE, "clusterbench prepare ddl --table-size N");
        }
        long rows = DdlTables.sourceRows(connection);
        if (rows < config.tableSize()) {
            throw new UserException(DdlTables.SOURCE + " holds " + rows + " rows, fewer than --table-size "
                    + config.tableSize(), "prepare again with --force --table-size " + config.tableSize());
        }
        config.method().require(connection);
        leftAlone = OwnedTables.leftAlone(connection, DdlTables.OWNED, NAME);
    }

    @Override
    public List<String> startReport() {
        List<String> lines = new ArrayList<>();
        lines.add("ddl: kinds " + String.join(",", config.kinds().stream().map(DdlKind::optionName).toList())
                + " on tables of " + config.tableSize() + " rows, method " + config.method());
        if (leftAlone != null) {
            lines.add(leftAlone);
        }
        return lines;
    }

    @Override
    public Session openSession(SessionContext context) throws DbFailure {
        return new DdlSession(this, context);
    }

    @Override
    public List<Observer> observers(Target target) {
        return List.of(new CommitGapObserver(target, marks, "DDL"));
    }

    @Override
    public Map<String, Object> facts() {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("kinds", config.kinds().stream().map(DdlKind::optionName).toList());
        f.put("tableSizeRows", config.tableSize());
        f.put("osuMethod", config.method().name());
        return f;
    }
}
