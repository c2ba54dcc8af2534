package io.clusterbench.workload.tpcc;

import io.clusterbench.workload.OwnedTables;
import io.clusterbench.UserException;
import io.clusterbench.observe.Observer;
import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Target;
import io.clusterbench.workload.Session;
import io.clusterbench.workload.SessionContext;
import io.clusterbench.workload.Workload;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * {@code tpcc}: a TPC-C derivative compatible with sysbench-tpcc's tables and options (nine tables per
 * set, suffixed with the set number), with its known defects fixed (see {@code docs/metrics.md}, TPC-C).
 *
 * <p>Statement classes: first the transaction types ({@link TxType}, each recorded once per committed
 * transaction, timed from its BEGIN), then {@value TxType#ROLLBACK_CLASS}, then every statement of
 * {@link TpccStatement}.
 *
 * <p>Thread-safe: configuration and NURand constants are immutable; the committed-transaction counters
 * are {@link LongAdder}s that sessions add to and the {@link TpccObserver} reads.
 */
public final class TpccWorkload implements Workload {
    /** Class id of the intentional new_order rollbacks. */
    static final int ROLLBACK_CLASS_ID = TxType.values().length;

    private final TpccConfig config;
    private final TpccSchema schema;
    private final NuRand nuRand;
    private final LongAdder[] committed = new LongAdder[TxType.values().length];
    private final LongAdder rollbacks = new LongAdder();
    private final LongSupplier loadClockNanos;

    /**
     * @param config the options
     * @param seed   the run seed: the NURand constants are drawn from it, once per run
     */
    public TpccWorkload(TpccConfig config, long seed) {
        this(config, seed, () -> 0L);
    }

    @Override
    public io.clusterbench.workload.TableOptions tableOptions() {
        return config.tableOptions();
    }

    /**
     * @param config         the options
     * @param seed           the run seed: the NURand constants are drawn from it, once per run
     * @param loadClockNanos monotonic nanoseconds, used only for the rows/s of {@code prepare}'s progress
     *                       lines (the load is not a measured run)
     */
    public TpccWorkload(TpccConfig config, long seed, LongSupplier loadClockNanos) {
        this.config = config;
        this.loadClockNanos = loadClockNanos;
        this.schema = new TpccSchema(config);
        this.nuRand = new NuRand(new SplittableRandom(seed ^ 0x4E55_52414E44L));
        for (int i = 0; i < committed.length; i++) {
            committed[i] = new LongAdder();
        }
    }

    TpccConfig config() {
        return config;
    }

    /** @return the run's NURand constants */
    public NuRand nuRand() {
        return nuRand;
    }

    void counted(TxType type) {
        committed[type.ordinal()].increment();
    }

    void countedRollback() {
        rollbacks.increment();
    }

    /** @return committed transactions of {@code type} since the workload was built (any thread) */
    public long committed(TxType type) {
        return committed[type.ordinal()].sum();
    }

    /** @return intentional new_order rollbacks since the workload was built (any thread) */
    public long expectedRollbacks() {
        return rollbacks.sum();
    }

    @Override
    public String name() {
        return "tpcc";
    }

    @Override
    public List<String> statementClasses() {
        List<String> names = new ArrayList<>();
        for (TxType t : TxType.values()) {
            names.add(t.label());
        }
        names.add(TxType.ROLLBACK_CLASS);
        for (TpccStatement s : TpccStatement.values()) {
            names.add(s.className);
        }
        return names;
    }

    @Override
    public List<String> tables() {
        return schema.names();
    }

    @Override
    public java.util.Map<String, io.clusterbench.workload.TableShape> shapes() {
        return schema.shapes();
    }

    @Override
    public void prepare(Target target, int threads, boolean force, Consumer<String> progress) throws SQLException {
        prepare(target, threads, force ? io.clusterbench.workload.PrepareMode.DROP
                : io.clusterbench.workload.PrepareMode.REFUSE, new io.clusterbench.workload.LoadLedger(), progress);
    }

    /** Also resumes ({@code --resume}: at the first incomplete warehouse); the ledger counts warehouses per set. */
    @Override
    public void prepare(Target target, int threads, io.clusterbench.workload.PrepareMode mode,
                        io.clusterbench.workload.LoadLedger ledger, Consumer<String> progress) throws SQLException {
        long startNanos = loadClockNanos.getAsLong();
        long rows = new TpccLoader(config, schema, loadClockNanos).prepare(target, threads, mode, ledger, progress);
        double secs = Math.max(1e-9, (loadClockNanos.getAsLong() - startNanos) / 1e9);
        progress.accept(String.format(java.util.Locale.ROOT,
                "Prepared tpcc: %d warehouse(s) per set x %d set(s) = %d warehouses, %d rows in %.1f s (%.0f rows/s)",
                config.scale(), config.tables(), config.totalWarehouses(), rows, secs, rows / secs));
    }

    @Override
    public List<String> cleanup(Connection connection) throws SQLException {
        return schema.drop(connection);
    }

    @Override
    public boolean tablesExist(Connection connection) throws SQLException {
        return schema.existing(connection).size() == schema.names().size();
    }

    @Override
    public void init(Connection connection) throws SQLException {
        OwnedTables.requireAll(schema.existing(connection), schema.names(),
                "clusterbench prepare tpcc with the same --scale and --tables");
        try (var s = connection.createStatement();
             var rs = s.executeQuery("SELECT COUNT(*) FROM warehouse" + config.tables())) {
            rs.next();
            if (rs.getLong(1) < config.scale()) {
                throw new UserException("warehouse" + config.tables() + " holds " + rs.getLong(1)
                        + " warehouses, fewer than --scale " + config.scale(),
                        "give the --scale the data was prepared with, or prepare again");
            }
        }
    }

    @Override
    public Session openSession(SessionContext context) throws DbFailure {
        return new TpccSession(this, context);
    }

    @Override
    public List<Observer> observers(Target target) {
        return List.of(new TpccObserver(this, target));
    }

    @Override
    public Map<String, Object> facts() {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("warehousesPerSet", config.scale());
        f.put("tableSets", config.tables());
        f.put("warehousesTotal", config.totalWarehouses());
        f.put("homeWarehouse", config.fixedHome() ? "fixed per worker" : "random per transaction");
        f.put("mix", config.mix().toString());
        f.put("isolation", config.isolation().sql());
        f.put("foreignKeysEnforced", config.useFk());
        f.put("nurandCLast", nuRand.cLast());
        f.put("nurandCId", nuRand.cId());
        f.put("nurandOlIId", nuRand.cItem());
        return f;
    }
}
