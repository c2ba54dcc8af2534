package io.clusterbench.workload.tpcc;

import java.sql.SQLException;
import java.sql.Statement;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

import static io.clusterbench.workload.tpcc.LoadBatch.cents;
import static io.clusterbench.workload.tpcc.LoadBatch.digits;
import static io.clusterbench.workload.tpcc.LoadBatch.text;
import static io.clusterbench.workload.tpcc.NuRand.uniform;
import static io.clusterbench.workload.tpcc.TpccConfig.CUSTOMERS;
import static io.clusterbench.workload.tpcc.TpccConfig.DISTRICTS;
import static io.clusterbench.workload.tpcc.TpccConfig.FIRST_NEW_ORDER;
import static io.clusterbench.workload.tpcc.TpccConfig.ITEMS;
import static io.clusterbench.workload.tpcc.TpccConfig.ORDERS;

/**
 * Row generators of the initial database, the same population as sysbench-tpcc (TPC-C 4.3.3.1 in
 * outline): per warehouse 10 districts, 30,000 customers and history rows, 30,000 orders (customer ids
 * permuted, carrier NULL above order 2100), 9,000 new orders, 5–15 lines per order and 100,000 stock
 * rows; 100,000 items per table set.
 *
 * <p>Stateless; each method owns its generator, seeded from the set, warehouse and unit, so a load is
 * reproducible and a resumed warehouse gets the same rows.
 */
final class TpccRows {
    /** NURand constants of the load (C_LAST for names), fixed so every load names customers alike. */
    private static final NuRand LOAD_NURAND = new NuRand(new SplittableRandom(0x7CC0_10ADL));

    private TpccRows() {
    }

    static SplittableRandom rng(int set, int warehouse, int unit) {
        return new SplittableRandom(((long) set << 40) ^ ((long) warehouse << 8) ^ unit ^ 0x5EED_7CC0L);
    }

    /** The item table of set {@code t}. @return rows inserted */
    static long items(Statement s, int t, AtomicLong loaded) throws SQLException {
        SplittableRandom rng = rng(t, 0, 1);
        LoadBatch b = new LoadBatch(s, "INSERT INTO item" + t + " (i_id, i_im_id, i_name, i_price, i_data) VALUES",
                loaded);
        for (int i = 1; i <= ITEMS; i++) {
            StringBuilder r = b.row().append(i).append(',').append(uniform(rng, 1, 10_000)).append(',');
            text(r, rng, 14, 24).append(',');
            cents(r, uniform(rng, 100, 10_000)).append(',');
            text(r, rng, 26, 50);
            b.end();
        }
        b.flush();
        return b.sentRows();
    }

    /** Warehouse {@code w} of set {@code t} with its districts, customers and history. @return rows */
    static long warehouse(Statement s, int t, int w, AtomicLong loaded) throws SQLException {
        SplittableRandom rng = rng(t, w, 2);
        LoadBatch wh = new LoadBatch(s, "INSERT INTO warehouse" + t + " (w_id, w_name, w_street_1, w_street_2, "
                + "w_city, w_state, w_zip, w_tax, w_ytd) VALUES", loaded);
        StringBuilder r = wh.row().append(w).append(',');
        address(text(r, rng, 6, 10).append(','), rng);
        cents(r, uniform(rng, 0, 2000) / 100).append(",300000.00");
        wh.end();
        wh.flush();
        LoadBatch d = new LoadBatch(s, "INSERT INTO district" + t + " (d_id, d_w_id, d_name, d_street_1, "
                + "d_street_2, d_city, d_state, d_zip, d_tax, d_ytd, d_next_o_id) VALUES", loaded);
        for (int di = 1; di <= DISTRICTS; di++) {
            r = d.row().append(di).append(',').append(w).append(',');
            address(text(r, rng, 6, 10).append(','), rng);
            cents(r, uniform(rng, 0, 2000) / 100).append(",30000.00,").append(ORDERS + 1);
            d.end();
        }
        d.flush();
        LoadBatch c = new LoadBatch(s, "INSERT INTO customer" + t + " (c_id, c_d_id, c_w_id, c_first, c_middle, "
                + "c_last, c_street_1, c_street_2, c_city, c_state, c_zip, c_phone, c_since, c_credit, "
                + "c_credit_lim, c_discount, c_balance, c_ytd_payment, c_payment_cnt, c_delivery_cnt, c_data) VALUES",
                loaded);
        for (int di = 1; di <= DISTRICTS; di++) {
            for (int ci = 1; ci <= CUSTOMERS; ci++) {
                r = c.row().append(ci).append(',').append(di).append(',').append(w).append(',');
                text(r, rng, 8, 16).append(",'OE','")
                        .append(NuRand.lastName(ci <= 1000 ? ci - 1 : LOAD_NURAND.next(rng, 255, 0, 999)))
                        .append("',");
                address(r, rng);
                digits(r, rng, 16).append(",NOW(),").append(rng.nextInt(10) == 0 ? "'BC'" : "'GC'")
                        .append(",50000,");
                cents(r, uniform(rng, 0, 50)).append(",-10.00,10.00,1,0,");
                text(r, rng, 300, 500);
                c.end();
            }
        }
        c.flush();
        LoadBatch h = new LoadBatch(s, "INSERT INTO history" + t + " (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, "
                + "h_date, h_amount, h_data) VALUES", loaded);
        for (int di = 1; di <= DISTRICTS; di++) {
            for (int ci = 1; ci <= CUSTOMERS; ci++) {
                r = h.row().append(ci).append(',').append(di).append(',').append(w).append(',').append(di)
                        .append(',').append(w).append(",NOW(),10.00,");
                text(r, rng, 12, 24);
                h.end();
            }
        }
        h.flush();
        return wh.sentRows() + d.sentRows() + c.sentRows() + h.sentRows();
    }

    /** Street 1, street 2, city, state, zip: five quoted values, each followed by a comma. */
    private static StringBuilder address(StringBuilder r, SplittableRandom rng) {
        text(r, rng, 10, 20).append(',');
        text(r, rng, 10, 20).append(',');
        text(r, rng, 10, 20).append(',');
        text(r, rng, 2).append(',');
        return digits(r, rng, 4).deleteCharAt(r.length() - 1).append("11111',");
    }

    /** The stock of warehouse {@code w} of set {@code t}. @return rows */
    static long stock(Statement s, int t, int w, AtomicLong loaded) throws SQLException {
        SplittableRandom rng = rng(t, w, 3);
        LoadBatch b = new LoadBatch(s, "INSERT INTO stock" + t + " (s_i_id, s_w_id, s_quantity, s_dist_01, "
                + "s_dist_02, s_dist_03, s_dist_04, s_dist_05, s_dist_06, s_dist_07, s_dist_08, s_dist_09, "
                + "s_dist_10, s_ytd, s_order_cnt, s_remote_cnt, s_data) VALUES", loaded);
        for (int i = 1; i <= ITEMS; i++) {
            StringBuilder r = b.row().append(i).append(',').append(w).append(',').append(uniform(rng, 10, 100));
            for (int d = 0; d < DISTRICTS; d++) {
                text(r.append(','), rng, 24);
            }
            text(r.append(",0,0,0,"), rng, 26, 50);
            b.end();
        }
        b.flush();
        return b.sentRows();
    }

    /**
     * Orders, their lines and the undelivered new orders of districts {@code [dFrom, dTo]} of warehouse
     * {@code w}. @return rows
     */
    static long orders(Statement s, int t, int w, int dFrom, int dTo, AtomicLong loaded) throws SQLException {
        SplittableRandom rng = rng(t, w, 4 + dFrom);
        LoadBatch o = new LoadBatch(s, "INSERT INTO orders" + t + " (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, "
                + "o_carrier_id, o_ol_cnt, o_all_local) VALUES", loaded);
        LoadBatch ol = new LoadBatch(s, "INSERT INTO order_line" + t + " (ol_o_id, ol_d_id, ol_w_id, ol_number, "
                + "ol_i_id, ol_supply_w_id, ol_delivery_d, ol_quantity, ol_amount, ol_dist_info) VALUES", loaded);
        LoadBatch no = new LoadBatch(s, "INSERT INTO new_orders" + t + " (no_o_id, no_d_id, no_w_id) VALUES", loaded);
        int[] customers = new int[ORDERS];
        for (int d = dFrom; d <= dTo; d++) {
            for (int i = 0; i < ORDERS; i++) {
                customers[i] = i + 1;
            }
            for (int i = ORDERS - 1; i > 0; i--) {
                int j = rng.nextInt(i + 1);
                int tmp = customers[i];
                customers[i] = customers[j];
                customers[j] = tmp;
            }
            for (int id = 1; id <= ORDERS; id++) {
                boolean delivered = id < FIRST_NEW_ORDER;
                int lines = uniform(rng, 5, 15);
                o.row().append(id).append(',').append(d).append(',').append(w).append(',')
                        .append(customers[id - 1]).append(",NOW(),")
                        .append(delivered ? Integer.toString(uniform(rng, 1, 10)) : "NULL").append(',')
                        .append(lines).append(",1");
                o.end();
                for (int n = 1; n <= lines; n++) {
                    StringBuilder r = ol.row().append(id).append(',').append(d).append(',').append(w).append(',')
                            .append(n).append(',').append(uniform(rng, 1, ITEMS)).append(',').append(w)
                            .append(delivered ? ",NOW(),5,0.00," : ",NULL,5,");
                    if (!delivered) {
                        cents(r, uniform(rng, 1, 999_999)).append(',');
                    }
                    text(r, rng, 24);
                    ol.end();
                }
                if (!delivered) {
                    no.row().append(id).append(',').append(d).append(',').append(w);
                    no.end();
                }
            }
        }
        o.flush();
        ol.flush();
        no.flush();
        return o.sentRows() + ol.sentRows() + no.sentRows();
    }
}
