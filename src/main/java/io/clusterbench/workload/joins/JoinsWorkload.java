package io.clusterbench.workload.joins;

import io.clusterbench.workload.OwnedTables;
import io.clusterbench.UserException;
import io.clusterbench.db.DbFailure;
import io.clusterbench.db.ServerInfo;
import io.clusterbench.db.Target;
import io.clusterbench.workload.InitContext;
import io.clusterbench.workload.KeySpace;
import io.clusterbench.workload.KeySpaceLoader;
import io.clusterbench.workload.Session;
import io.clusterbench.workload.SessionContext;
import io.clusterbench.workload.Workload;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The joins family ({@code joins}): the 41 join scenarios of the public sysbench joins test on
 * {@code main1..N} and {@code level1..level5}, each enabled by a count per event, plus
 * {@code index_updates} and {@code delete_inserts}. Statement classes are one per scenario, so the result
 * has per-scenario latency percentiles and rows returned.
 *
 * <p>Thread-safe after {@link #init}: key spaces, the forcing form and the plans are published before
 * any session opens. Usage: {@code new JoinsWorkload(config, seed)}, then the {@link Workload} calls.
 */
public final class JoinsWorkload implements Workload {
    /** Workload name on the command line. */
    public static final String NAME = "joins";
    static final int INDEX_UPDATES = JoinScenario.values().length;
    static final int DELETE = INDEX_UPDATES + 1;
    static final int INSERT = INDEX_UPDATES + 2;
    static final int BEGIN = INDEX_UPDATES + 3;
    static final int COMMIT = INDEX_UPDATES + 4;
    private static final Pattern MARIADB_VERSION = Pattern.compile("^(\\d+)\\.(\\d+).*MariaDB.*");

    private final JoinsConfig config;
    private final JoinsTables tables;
    private final long seed;
    private volatile KeySpace[] keys;
    private volatile JoinSql.Form form = JoinSql.Form.HINT;
    private volatile String server = "";
    private volatile List<JoinPlan> plans = List.of();

    @Override
    public io.clusterbench.workload.TableOptions tableOptions() {
        return config.tableOptions();
    }

    /**
     * @param config the family's options
     * @param seed   run seed; plan verification draws its parameters from it
     */
    public JoinsWorkload(JoinsConfig config, long seed) {
        this.config = config;
        this.tables = new JoinsTables(config);
        this.seed = seed;
    }

    JoinsConfig config() {
        return config;
    }

    /** @return the family's options this workload runs with */
    public JoinsConfig configuration() {
        return config;
    }

    JoinSql.Form form() {
        return form;
    }

    KeySpace keys(int table) {
        return keys[table];
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<String> statementClasses() {
        List<String> names = new ArrayList<>(JoinScenario.names());
        names.addAll(List.of("index_updates", "delete", "insert", "begin", "commit"));
        return names;
    }

    @Override
    public List<String> tables() {
        return tables.names();
    }

    /** main N: id, l1_id.., uuid; level N: id, parent_id; primary key (id) on both. */
    @Override
    public java.util.Map<String, io.clusterbench.workload.TableShape> shapes() {
        java.util.Map<String, io.clusterbench.workload.TableShape> m = new java.util.LinkedHashMap<>();
        for (String name : tables.names()) {
            m.put(name, io.clusterbench.workload.TableShape.of(name.startsWith("main")
                    ? List.of("id", "l1_id", "uuid", "continent") : List.of("id", "parent_id", "continent"), List.of("id")));
        }
        return m;
    }

    @Override
    public void prepare(Target target, int threads, boolean force, Consumer<String> progress) throws SQLException {
        tables.prepare(target, threads, force, progress);
    }

    @Override
    public List<String> cleanup(Connection connection) throws SQLException {
        return tables.drop(connection);
    }

    @Override
    public boolean tablesExist(Connection connection) throws SQLException {
        return tables.existing(connection).size() == tables.names().size();
    }

    /**
     * Checks the tables, reads the key spaces of the main tables, resolves the forcing form from the
     * server, and captures plans when {@code --verify-plans} asked for it.
     *
     * @throws UserException when tables are missing
     */
    @Override
    public void init(Connection connection) throws SQLException {
        init(connection, InitContext.single());
    }

    @Override
    public void init(Connection connection, InitContext context) throws SQLException {
        OwnedTables.requireAll(tables.existing(connection), tables.names(),
                "clusterbench prepare joins with the same --tables");
        KeySpace[] loaded = new KeySpace[config.tables() + 1];
        for (int t = 1; t <= config.tables(); t++) {
            loaded[t] = new KeySpaceLoader("main" + t, "id").load(connection, context, Math.max(1, config.tableSize()),
                    false);
        }
        keys = loaded;
        readServer(connection);
        if (config.verifyPlans()) {
            plans = JoinsExplain.capture(connection, enabled(), seed, form, isMariaDb(server), hintsAreComments(server));
        }
    }

    /**
     * {@code clusterbench explain joins}: reads the server, then captures the plan of every enabled
     * scenario, or of all 41 when none is enabled (and of their baselines).
     *
     * @param connection connection to the prepared schema
     * @return the plans, in event order
     * @throws SQLException when the server cannot be read
     */
    public List<JoinPlan> explain(Connection connection) throws SQLException {
        readServer(connection);
        Set<JoinScenario> wanted = enabled();
        if (wanted.isEmpty()) {
            wanted = EnumSet.allOf(JoinScenario.class);
        }
        plans = JoinsExplain.capture(connection, wanted, seed, form, isMariaDb(server), hintsAreComments(server));
        return plans;
    }

    /** @return the server version and the forcing form in use, e.g. {@code 11.4.5-MariaDB, STRAIGHT_JOIN} */
    public String describeForcing() {
        return server + ", forcing form " + formLabel() + (config.forcing() == null ? " (auto)" : "");
    }

    private void readServer(Connection connection) throws SQLException {
        server = ServerInfo.read(connection).version();
        form = config.forcing() != null ? config.forcing() : isMariaDb(server) ? JoinSql.Form.STRAIGHT_JOIN
                : JoinSql.Form.HINT;
    }

    private Set<JoinScenario> enabled() {
        Set<JoinScenario> enabled = EnumSet.noneOf(JoinScenario.class);
        for (JoinScenario s : JoinScenario.values()) {
            if (config.count(s) > 0) {
                enabled.add(s);
            }
        }
        return enabled;
    }

    /** @return true for a MariaDB version string */
    public static boolean isMariaDb(String version) {
        return version.contains("MariaDB");
    }

    /**
     * @return true when the server parses {@code /*+ … *}{@code /} as a plain comment: MariaDB before 12.0
     *         (MySQL-style optimizer hints arrived in MariaDB 12)
     */
    public static boolean hintsAreComments(String version) {
        Matcher m = MARIADB_VERSION.matcher(version);
        return m.matches() && Integer.parseInt(m.group(1)) < 12;
    }

    @Override
    public Session openSession(SessionContext context) throws DbFailure {
        return new JoinsSession(this, context);
    }

    /** @return the plan lines when plans were verified, else nothing */
    @Override
    public List<String> startReport() {
        if (!config.verifyPlans()) {
            return List.of();
        }
        List<String> lines = new ArrayList<>();
        lines.add("Plans of the enabled scenarios and their baselines (forcing form: " + formLabel() + "):");
        lines.addAll(JoinsExplain.lines(plans));
        return lines;
    }

    /** @return the plans captured by {@link #init} ({@code --verify-plans}), else empty */
    public List<JoinPlan> plans() {
        return plans;
    }

    private String formLabel() {
        return form == JoinSql.Form.HINT ? "optimizer hint /*+ JOIN_ORDER */" : "STRAIGHT_JOIN";
    }

    @Override
    public Map<String, Object> facts() {
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("server", server);
        facts.put("forcingForm", formLabel());
        facts.put("forcingFormChosen", config.forcing() == null ? "auto" : "--join-forcing");
        Map<String, Integer> enabled = new LinkedHashMap<>();
        for (JoinScenario s : JoinScenario.values()) {
            if (config.count(s) > 0) {
                enabled.put(s.scenarioName(), config.count(s));
            }
        }
        if (config.indexUpdates() > 0) {
            enabled.put("index_updates", config.indexUpdates());
        }
        if (config.deleteInserts() > 0) {
            enabled.put("delete_inserts", config.deleteInserts());
        }
        facts.put("scenariosPerEvent", enabled);
        facts.put("transactionPerEvent", config.writes());
        KeySpace[] k = keys;
        if (k != null) {
            for (int t = 1; t < k.length; t++) {
                int table = t;
                k[t].facts().forEach((key, value) -> facts.put("main" + table + "." + key, value));
            }
        }
        if (!plans.isEmpty()) {
            facts.put("plans", plans);
        }
        return facts;
    }
}
