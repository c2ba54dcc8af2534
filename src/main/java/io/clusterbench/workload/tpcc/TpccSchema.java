package io.clusterbench.workload.tpcc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The tables of the TPC-C derivative with sysbench-tpcc's names, columns, keys, secondary indexes and
 * foreign keys: nine tables per set, each suffixed with the set number ({@code warehouse1 … item1}), so
 * either tool can run on data the other loaded.
 *
 * <p>Thread-safe (stateless apart from its configuration).
 */
final class TpccSchema {
    /** Base names of the nine tables of a set, in drop order (children first). */
    static final List<String> BASE_NAMES = List.of("order_line", "new_orders", "orders", "history", "customer",
            "district", "stock", "item", "warehouse");

    private final TpccConfig config;

    TpccSchema(TpccConfig config) {
        this.config = config;
    }

    /** @return every table of every set, {@code set 1} first */
    List<String> names() {
        List<String> names = new ArrayList<>();
        for (int t = 1; t <= config.tables(); t++) {
            for (String base : BASE_NAMES) {
                names.add(base + t);
            }
        }
        return names;
    }

    /** @return each table of {@link #names()} with the columns the transactions use and its primary key */
    java.util.Map<String, io.clusterbench.workload.TableShape> shapes() {
        java.util.Map<String, io.clusterbench.workload.TableShape> m = new java.util.LinkedHashMap<>();
        for (int t = 1; t <= config.tables(); t++) {
            m.put("order_line" + t, shape("ol_o_id ol_d_id ol_w_id ol_number ol_i_id ol_amount ol_delivery_d",
                    "ol_w_id ol_d_id ol_o_id ol_number"));
            m.put("new_orders" + t, shape("no_o_id no_d_id no_w_id", "no_w_id no_d_id no_o_id"));
            m.put("orders" + t, shape("o_id o_d_id o_w_id o_c_id o_carrier_id o_ol_cnt", "o_w_id o_d_id o_id"));
            m.put("history" + t, shape("h_c_id h_c_d_id h_c_w_id h_d_id h_w_id h_amount", ""));
            m.put("customer" + t, shape("c_id c_d_id c_w_id c_last c_balance c_credit", "c_w_id c_d_id c_id"));
            m.put("district" + t, shape("d_id d_w_id d_next_o_id d_ytd d_tax", "d_w_id d_id"));
            m.put("stock" + t, shape("s_i_id s_w_id s_quantity s_ytd s_order_cnt", "s_w_id s_i_id"));
            m.put("item" + t, shape("i_id i_price i_name i_data", "i_id"));
            m.put("warehouse" + t, shape("w_id w_tax w_ytd", "w_id"));
        }
        return m;
    }

    private static io.clusterbench.workload.TableShape shape(String columns, String primaryKey) {
        return io.clusterbench.workload.TableShape.of(List.of(columns.split(" ")),
                primaryKey.isEmpty() ? List.of() : List.of(primaryKey.split(" ")));
    }

    /** @return the subset of {@link #names()} that exists in the connection's current schema */
    List<String> existing(Connection c) throws SQLException {
        List<String> present = new ArrayList<>();
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT table_name FROM information_schema.tables "
                     + "WHERE table_schema = DATABASE()")) {
            while (rs.next()) {
                present.add(rs.getString(1).toLowerCase(java.util.Locale.ROOT));
            }
        }
        List<String> found = new ArrayList<>();
        for (String n : names()) {
            if (present.contains(n)) {
                found.add(n);
            }
        }
        return found;
    }

    /**
     * Creates the nine tables of set {@code t} with their primary keys only (indexes come after the load).
     * history comes first: it is the one table without a primary key unless {@code --force-pk}, so a server that
     * requires one (1173) refuses before any table exists.
     *
     * @throws SQLException naming the table whose CREATE failed ({@code creating history1: ...}), same code
     */
    void create(Statement s, int t) throws SQLException {
        String engine = " " + config.tableOptions().clause();
        create(s, "history" + t, " (" + (config.forcePk() ? "id int NOT NULL AUTO_INCREMENT, " : "")
                + "h_c_id int, h_c_d_id tinyint, h_c_w_id smallint, h_d_id tinyint, h_w_id smallint, "
                + "h_date datetime, h_amount decimal(6,2), h_data varchar(24)"
                + (config.forcePk() ? ", PRIMARY KEY (id))" : ")") + engine);
        create(s, "warehouse" + t, " (w_id smallint not null, w_name varchar(10), "
                + "w_street_1 varchar(20), w_street_2 varchar(20), w_city varchar(20), w_state char(2), "
                + "w_zip char(9), w_tax decimal(4,2), w_ytd decimal(12,2), primary key (w_id))" + engine);
        create(s, "district" + t, " (d_id tinyint not null, d_w_id smallint not null, "
                + "d_name varchar(10), d_street_1 varchar(20), d_street_2 varchar(20), d_city varchar(20), "
                + "d_state char(2), d_zip char(9), d_tax decimal(4,2), d_ytd decimal(12,2), d_next_o_id int, "
                + "primary key (d_w_id, d_id))" + engine);
        create(s, "customer" + t, " (c_id int not null, c_d_id tinyint not null, "
                + "c_w_id smallint not null, c_first varchar(16), c_middle char(2), c_last varchar(16), "
                + "c_street_1 varchar(20), c_street_2 varchar(20), c_city varchar(20), c_state char(2), "
                + "c_zip char(9), c_phone char(16), c_since datetime, c_credit char(2), c_credit_lim bigint, "
                + "c_discount decimal(4,2), c_balance decimal(12,2), c_ytd_payment decimal(12,2), "
                + "c_payment_cnt smallint, c_delivery_cnt smallint, c_data text, "
                + "PRIMARY KEY(c_w_id, c_d_id, c_id))" + engine);
        create(s, "orders" + t, " (o_id int not null, o_d_id tinyint not null, "
                + "o_w_id smallint not null, o_c_id int, o_entry_d datetime, o_carrier_id tinyint, "
                + "o_ol_cnt tinyint, o_all_local tinyint, PRIMARY KEY(o_w_id, o_d_id, o_id))" + engine);
        create(s, "new_orders" + t, " (no_o_id int not null, no_d_id tinyint not null, "
                + "no_w_id smallint not null, PRIMARY KEY(no_w_id, no_d_id, no_o_id))" + engine);
        create(s, "order_line" + t, " (ol_o_id int not null, ol_d_id tinyint not null, "
                + "ol_w_id smallint not null, ol_number tinyint not null, ol_i_id int, ol_supply_w_id smallint, "
                + "ol_delivery_d datetime, ol_quantity tinyint, ol_amount decimal(6,2), ol_dist_info char(24), "
                + "PRIMARY KEY(ol_w_id, ol_d_id, ol_o_id, ol_number))" + engine);
        create(s, "stock" + t, " (s_i_id int not null, s_w_id smallint not null, "
                + "s_quantity smallint, s_dist_01 char(24), s_dist_02 char(24), s_dist_03 char(24), "
                + "s_dist_04 char(24), s_dist_05 char(24), s_dist_06 char(24), s_dist_07 char(24), "
                + "s_dist_08 char(24), s_dist_09 char(24), s_dist_10 char(24), s_ytd decimal(8,0), "
                + "s_order_cnt smallint, s_remote_cnt smallint, s_data varchar(50), "
                + "PRIMARY KEY(s_w_id, s_i_id))" + engine);
        create(s, "item" + t, " (i_id int not null, i_im_id int, i_name varchar(24), "
                + "i_price decimal(5,2), i_data varchar(50), PRIMARY KEY(i_id))" + engine);
    }

    private static void create(Statement s, String table, String definition) throws SQLException {
        try {
            s.execute("CREATE TABLE " + table + definition);
        } catch (SQLException e) {
            throw new SQLException("creating " + table + ": " + e.getMessage(), e.getSQLState(), e.getErrorCode(), e);
        }
    }

    /** The secondary indexes of set {@code t}: {index name, table, columns}. */
    static String[][] indexes(int t) {
        return new String[][]{
            {"idx_customer" + t, "customer" + t, "c_w_id,c_d_id,c_last,c_first"},
            {"idx_orders" + t, "orders" + t, "o_w_id,o_d_id,o_c_id,o_id"},
            {"fkey_stock_2" + t, "stock" + t, "s_i_id"},
            {"fkey_order_line_2" + t, "order_line" + t, "ol_supply_w_id,ol_i_id"},
            {"fkey_history_1" + t, "history" + t, "h_c_w_id,h_c_d_id,h_c_id"},
            {"fkey_history_2" + t, "history" + t, "h_w_id,h_d_id"},
        };
    }

    /** The foreign keys of set {@code t}: {constraint, child table, child columns, parent table, parent columns}. */
    static String[][] foreignKeys(int t) {
        return new String[][]{
            {"fkey_new_orders_1_" + t, "new_orders" + t, "no_w_id,no_d_id,no_o_id", "orders" + t, "o_w_id,o_d_id,o_id"},
            {"fkey_orders_1_" + t, "orders" + t, "o_w_id,o_d_id,o_c_id", "customer" + t, "c_w_id,c_d_id,c_id"},
            {"fkey_customer_1_" + t, "customer" + t, "c_w_id,c_d_id", "district" + t, "d_w_id,d_id"},
            {"fkey_history_1_" + t, "history" + t, "h_c_w_id,h_c_d_id,h_c_id", "customer" + t, "c_w_id,c_d_id,c_id"},
            {"fkey_history_2_" + t, "history" + t, "h_w_id,h_d_id", "district" + t, "d_w_id,d_id"},
            {"fkey_district_1_" + t, "district" + t, "d_w_id", "warehouse" + t, "w_id"},
            {"fkey_order_line_1_" + t, "order_line" + t, "ol_w_id,ol_d_id,ol_o_id", "orders" + t, "o_w_id,o_d_id,o_id"},
            {"fkey_order_line_2_" + t, "order_line" + t, "ol_supply_w_id,ol_i_id", "stock" + t, "s_w_id,s_i_id"},
            {"fkey_stock_1_" + t, "stock" + t, "s_w_id", "warehouse" + t, "w_id"},
            {"fkey_stock_2_" + t, "stock" + t, "s_i_id", "item" + t, "i_id"},
        };
    }

    /**
     * The {@code CREATE INDEX} statements of set {@code t} whose index does not exist yet (a resumed load
     * may already have some).
     *
     * @return statements to run, in any order or in parallel
     */
    List<String> missingIndexes(Connection c, int t) throws SQLException {
        List<String> sql = new ArrayList<>();
        for (String[] ix : indexes(t)) {
            if (!exists(c, "SELECT 1 FROM information_schema.statistics WHERE table_schema = DATABASE() "
                    + "AND table_name = ? AND index_name = ?", ix[1], ix[0])) {
                sql.add("CREATE INDEX " + ix[0] + " ON " + ix[1] + " (" + ix[2] + ")");
            }
        }
        return sql;
    }

    /**
     * With {@code --use-fk}, adds the foreign keys of set {@code t} that do not exist yet, with
     * {@code foreign_key_checks=0} (the loader wrote consistent rows, so nothing is validated or copied).
     *
     * @return the number of constraints added
     */
    int addForeignKeys(Connection c, int t) throws SQLException {
        int added = 0;
        if (!config.useFk()) {
            return 0;
        }
        try (Statement s = c.createStatement()) {
            s.execute("SET SESSION foreign_key_checks = 0");
            for (String[] fk : foreignKeys(t)) {
                if (!exists(c, "SELECT 1 FROM information_schema.table_constraints WHERE table_schema = "
                        + "DATABASE() AND table_name = ? AND constraint_name = ?", fk[1], fk[0])) {
                    s.execute("ALTER TABLE " + fk[1] + " ADD CONSTRAINT " + fk[0] + " FOREIGN KEY (" + fk[2]
                            + ") REFERENCES " + fk[3] + " (" + fk[4] + ")");
                    added++;
                }
            }
        }
        return added;
    }

    private static boolean exists(Connection c, String sql, String a, String b) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, a);
            ps.setString(2, b);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    /** Drops every table of every set that exists; @return the names dropped */
    List<String> drop(Connection c) throws SQLException {
        List<String> dropped = existing(c);
        try (Statement s = c.createStatement()) {
            s.execute("SET SESSION foreign_key_checks = 0");
            for (String name : dropped) {
                s.execute("DROP TABLE IF EXISTS " + name);
            }
            s.execute("SET SESSION foreign_key_checks = 1");
        }
        return dropped;
    }
}
