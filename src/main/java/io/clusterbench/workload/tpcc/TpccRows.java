package io.clusterbench.workload.tpcc;

import io.clusterbench.workload.RowStream.Line;
import io.clusterbench.workload.TableLoader;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.SplittableRandom;

import static io.clusterbench.workload.tpcc.NuRand.uniform;
import static io.clusterbench.workload.tpcc.TpccConfig.CUSTOMERS;
import static io.clusterbench.workload.tpcc.TpccConfig.DISTRICTS;
import static io.clusterbench.workload.tpcc.TpccConfig.FIRST_NEW_ORDER;
import static io.clusterbench.workload.tpcc.TpccConfig.ITEMS;
import static io.clusterbench.workload.tpcc.TpccConfig.ORDERS;

/**
 * Row generators of the initial database, the same population as sysbench-tpcc (TPC-C 4.3.3.1 in outline):
 * per warehouse 10 districts, 30,000 customers and history rows, 30,000 orders (customer ids permuted, carrier
 * NULL above order 2100), 9,000 new orders, 5–15 lines per order and 100,000 stock rows; 100,000 items per
 * table set. Each unit of the load is a list of {@link Table}s whose rows are written as {@code LOAD DATA}
 * fields ({@link TableLoader}), in primary-key order.
 *
 * <p>Each table's generator owns its random source, seeded from the set, warehouse, unit and table, so a load is
 * reproducible and a resumed warehouse gets the same rows. A generator is stateful where rows depend on earlier
 * ones (permuted customers, order lines): its rows must be written once each, in order 0, 1, 2, ... (as
 * {@link io.clusterbench.workload.RowStream} does), possibly over several chunks.
 */
final class TpccRows {
    /** NURand constants of the load (C_LAST for names), fixed so every load names customers alike. */
    private static final NuRand LOAD_NURAND = new NuRand(new SplittableRandom(0x7CC0_10ADL));
    private static final byte[] ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
            .getBytes(StandardCharsets.ISO_8859_1);
    private static final int NEW_ORDERS = ORDERS - FIRST_NEW_ORDER + 1;
    /**
     * Bytes counted per row when bounding a chunk, per table: above its largest row with keys (a customer row
     * carries up to 500 bytes of c_data and ~170 of other fields; a stock row ~320; an order line ~60).
     */
    static final int ITEM_BYTES = 256, WAREHOUSE_BYTES = 1024, CUSTOMER_BYTES = 1024, HISTORY_BYTES = 128,
            STOCK_BYTES = 512, ORDER_BYTES = 128, ORDER_LINE_BYTES = 128, NEW_ORDER_BYTES = 64;

    private TpccRows() {
    }

    /**
     * All rows of one table in one unit of the load.
     *
     * @param rows     the table's rows as one chunk: row numbers 0..rows-1 (the loader may cut it in pieces)
     * @param rowBytes bytes counted per row when bounding a chunk ({@link io.clusterbench.workload.ChunkBounds}):
     *                 above the largest row of the table with its keys
     */
    record Table(TableLoader.Chunk rows, int rowBytes) {
        static Table of(String table, String columns, long rows, int rowBytes,
                        io.clusterbench.workload.RowStream.Rows writer) {
            return new Table(new TableLoader.Chunk(table, columns, rows, writer), rowBytes);
        }
    }

    static SplittableRandom rng(int set, int warehouse, int unit) {
        return new SplittableRandom(((long) set << 40) ^ ((long) warehouse << 8) ^ unit ^ 0x5EED_7CC0L);
    }

    /** Random text for one generator. Confined to its thread. */
    private static final class Text {
        final SplittableRandom rng;
        private final byte[] buf = new byte[512];

        Text(SplittableRandom rng) {
            this.rng = rng;
        }

        /** A random alphanumeric string of {@code len} characters. */
        Line alnum(Line l, int len) {
            for (int i = 0; i < len; i++) {
                buf[i] = ALNUM[rng.nextInt(ALNUM.length)];
            }
            return l.bytes(buf, 0, len);
        }

        /** A random alphanumeric string whose length is uniform in {@code [min, max]}. */
        Line alnum(Line l, int min, int max) {
            return alnum(l, uniform(rng, min, max));
        }

        /** A string of {@code len} random digits. */
        Line digits(Line l, int len) {
            for (int i = 0; i < len; i++) {
                buf[i] = (byte) ('0' + rng.nextInt(10));
            }
            return l.bytes(buf, 0, len);
        }

        /** Street 1, street 2, city, state, zip (4 random digits and 11111): five fields. */
        Line address(Line l) {
            alnum(l.field(), 10, 20);
            alnum(l.field(), 10, 20);
            alnum(l.field(), 10, 20);
            alnum(l.field(), 2);
            return digits(l.field(), 4).text("11111");
        }
    }

    /** The item table of set {@code t}. */
    static List<Table> items(int t) {
        Text x = new Text(rng(t, 0, 1));
        return List.of(Table.of("item" + t, "i_id, i_im_id, i_name, i_price, i_data", ITEMS, ITEM_BYTES, (row, l) -> {
            l.field().number(row + 1).field().number(uniform(x.rng, 1, 10_000));
            x.alnum(l.field(), 14, 24);
            l.field().fixed2(uniform(x.rng, 100, 10_000));
            x.alnum(l.field(), 26, 50);
        }));
    }

    /**
     * Warehouse {@code w} of set {@code t} with its districts, customers and history.
     *
     * @param now the load's timestamp ({@code c_since}, {@code h_date}), as {@code YYYY-MM-DD hh:mm:ss}
     */
    static List<Table> warehouse(int t, int w, String now) {
        Text wx = new Text(rng(t, w, 2));
        Text cx = new Text(rng(t, w, 0x20));
        Text hx = new Text(rng(t, w, 0x21));
        return List.of(
                Table.of("warehouse" + t, "w_id, w_name, w_street_1, w_street_2, w_city, w_state, w_zip, w_tax, "
                        + "w_ytd", 1, WAREHOUSE_BYTES, (row, l) -> {
                            wx.alnum(l.field().number(w).field(), 6, 10);
                            wx.address(l).field().fixed2(uniform(wx.rng, 0, 2000) / 100).field().text("300000.00");
                        }),
                Table.of("district" + t, "d_id, d_w_id, d_name, d_street_1, d_street_2, d_city, d_state, d_zip, "
                        + "d_tax, d_ytd, d_next_o_id", DISTRICTS, WAREHOUSE_BYTES, (row, l) -> {
                            wx.alnum(l.field().number(row + 1).field().number(w).field(), 6, 10);
                            wx.address(l).field().fixed2(uniform(wx.rng, 0, 2000) / 100).field().text("30000.00")
                                    .field().number(ORDERS + 1);
                        }),
                Table.of("customer" + t, "c_id, c_d_id, c_w_id, c_first, c_middle, c_last, c_street_1, "
                        + "c_street_2, c_city, c_state, c_zip, c_phone, c_since, c_credit, c_credit_lim, "
                        + "c_discount, c_balance, c_ytd_payment, c_payment_cnt, c_delivery_cnt, c_data",
                        (long) DISTRICTS * CUSTOMERS, CUSTOMER_BYTES, (row, l) -> {
                            int ci = (int) (row % CUSTOMERS) + 1;
                            l.field().number(ci).field().number(row / CUSTOMERS + 1).field().number(w);
                            cx.alnum(l.field(), 8, 16).field().text("OE").field().text(NuRand.lastName(
                                    ci <= 1000 ? ci - 1 : LOAD_NURAND.next(cx.rng, 255, 0, 999)));
                            cx.digits(cx.address(l).field(), 16).field().text(now)
                                    .field().text(cx.rng.nextInt(10) == 0 ? "BC" : "GC").field().number(50_000)
                                    .field().fixed2(uniform(cx.rng, 0, 50)).field().text("-10.00")
                                    .field().text("10.00").field().number(1).field().number(0);
                            cx.alnum(l.field(), 300, 500);
                        }),
                Table.of("history" + t, "h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data",
                        (long) DISTRICTS * CUSTOMERS, HISTORY_BYTES, (row, l) -> {
                            long d = row / CUSTOMERS + 1;
                            l.field().number(row % CUSTOMERS + 1).field().number(d).field().number(w)
                                    .field().number(d).field().number(w).field().text(now).field().text("10.00");
                            hx.alnum(l.field(), 12, 24);
                        }));
    }

    /** The stock of warehouse {@code w} of set {@code t}. */
    static List<Table> stock(int t, int w) {
        Text x = new Text(rng(t, w, 3));
        return List.of(Table.of("stock" + t, "s_i_id, s_w_id, s_quantity, s_dist_01, s_dist_02, s_dist_03, "
                + "s_dist_04, s_dist_05, s_dist_06, s_dist_07, s_dist_08, s_dist_09, s_dist_10, s_ytd, s_order_cnt, "
                + "s_remote_cnt, s_data", ITEMS, STOCK_BYTES, (row, l) -> {
                    l.field().number(row + 1).field().number(w).field().number(uniform(x.rng, 10, 100));
                    for (int d = 0; d < DISTRICTS; d++) {
                        x.alnum(l.field(), 24);
                    }
                    l.field().number(0).field().number(0).field().number(0);
                    x.alnum(l.field(), 26, 50);
                }));
    }

    /**
     * Orders, their lines and the undelivered new orders of districts {@code [dFrom, dTo]} of warehouse
     * {@code w}: three tables, loaded in this order.
     *
     * @param now the load's timestamp ({@code o_entry_d}, delivered lines' {@code ol_delivery_d})
     */
    static List<Table> orders(int t, int w, int dFrom, int dTo, String now) {
        int orders = (dTo - dFrom + 1) * ORDERS;
        SplittableRandom counts = rng(t, w, 4 + dFrom);
        byte[] lineCount = new byte[orders];
        long lines = 0;
        for (int i = 0; i < orders; i++) {
            lineCount[i] = (byte) uniform(counts, 5, 15);
            lines += lineCount[i];
        }
        SplittableRandom ox = rng(t, w, 0x40 + dFrom);
        int[] customers = new int[ORDERS];
        Text lx = new Text(rng(t, w, 0x60 + dFrom));
        int[] cursor = new int[2]; // order_line: order index, line number within it (1-based) of the next row
        return List.of(
                Table.of("orders" + t, "o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id, o_ol_cnt, o_all_local",
                        orders, ORDER_BYTES, (row, l) -> {
                            int id = (int) (row % ORDERS) + 1;
                            if (id == 1) {
                                permute(customers, ox);
                            }
                            l.field().number(id).field().number(dFrom + row / ORDERS).field().number(w)
                                    .field().number(customers[id - 1]).field().text(now);
                            if (id < FIRST_NEW_ORDER) {
                                l.field().number(uniform(ox, 1, 10));
                            } else {
                                l.field().nul();
                            }
                            l.field().number(lineCount[(int) row]).field().number(1);
                        }),
                Table.of("order_line" + t, "ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, "
                        + "ol_delivery_d, ol_quantity, ol_amount, ol_dist_info", lines, ORDER_LINE_BYTES, (row, l) -> {
                            int order = cursor[0];
                            int n = ++cursor[1];
                            if (n == lineCount[order]) {
                                cursor[0]++;
                                cursor[1] = 0;
                            }
                            int id = order % ORDERS + 1;
                            boolean delivered = id < FIRST_NEW_ORDER;
                            l.field().number(id).field().number(dFrom + order / ORDERS).field().number(w)
                                    .field().number(n).field().number(uniform(lx.rng, 1, ITEMS)).field().number(w);
                            if (delivered) {
                                l.field().text(now).field().number(5).field().text("0.00");
                            } else {
                                l.field().nul().field().number(5).field().fixed2(uniform(lx.rng, 1, 999_999));
                            }
                            lx.alnum(l.field(), 24);
                        }),
                Table.of("new_orders" + t, "no_o_id, no_d_id, no_w_id", (long) (dTo - dFrom + 1) * NEW_ORDERS, NEW_ORDER_BYTES,
                        (row, l) -> l.field().number(FIRST_NEW_ORDER + row % NEW_ORDERS)
                                .field().number(dFrom + row / NEW_ORDERS).field().number(w)));
    }

    /** Fills {@code a} with a random permutation of 1..a.length (Fisher–Yates). */
    private static void permute(int[] a, SplittableRandom rng) {
        for (int i = 0; i < a.length; i++) {
            a[i] = i + 1;
        }
        for (int i = a.length - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int tmp = a[i];
            a[i] = a[j];
            a[j] = tmp;
        }
    }
}
