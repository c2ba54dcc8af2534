package io.clusterbench.probe;

import io.clusterbench.anomaly.AnomalyTables;
import io.clusterbench.anomaly.BankWorkload;
import io.clusterbench.anomaly.CounterWorkload;
import io.clusterbench.anomaly.HistoryClock;
import io.clusterbench.anomaly.HistoryWorkload;
import io.clusterbench.db.DbFailure;
import io.clusterbench.db.Target;
import io.clusterbench.UserException;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The history workloads' tables for one setting: recreated empty on the first endpoint that answers (on Galera the
 * DDL replicates as TOI), the bank's accounts and the counter's row inserted, then waited for on every other endpoint,
 * so no session starts on a node that does not have them yet.
 *
 * <p>Thread-safe (stateless).
 */
final class LoadTables {
    /** Every bank account's starting balance. */
    static final long INITIAL_BALANCE = 100;
    /** The longest to wait for a node to show the tables, ms. */
    static final long VISIBLE_WITHIN_MILLIS = 10_000;

    private LoadTables() {
    }

    /**
     * @param setup     a target without session settings, with bounded timeouts
     * @param names     node name per endpoint
     * @param workloads the workloads whose tables are made
     * @param accounts  bank accounts
     * @param life      owns the set-up connections (a stop closes them; the waits end)
     * @return one sentence per node that did not show the tables in time (its sessions may fail until it does)
     * @throws UserException when no endpoint answers, or a table of a workload's name is not the workload's
     */
    static List<String> recreate(Target setup, List<String> names, Set<HistoryWorkload> workloads, int accounts,
                                 io.clusterbench.lifecycle.Lifecycle life) {
        java.util.function.BooleanSupplier stopped = life::stopRequested;
        int first = -1;
        String lastError = null;
        for (int e = 0; e < setup.endpoints().size() && first < 0; e++) {
            try {
                SessionLink l = SessionLink.open(setup, e, names.get(e));
                try (io.clusterbench.lifecycle.Lifecycle.Owned owned = life.own("anomaly tables", l::abort)) {
                    create(l.connection(), workloads, accounts);
                    first = e;
                } finally {
                    l.close();
                }
            } catch (DbFailure | SQLException f) {
                lastError = names.get(e) + ": " + f.getMessage();
            }
        }
        if (first < 0 && stopped.getAsBoolean()) {
            return List.of();
        }
        if (first < 0) {
            throw new UserException("no endpoint could create the anomaly workloads' tables (" + lastError + ")",
                    "check the nodes (clusterbench sandbox status) and that the user may CREATE and DROP tables");
        }
        List<String> notes = new ArrayList<>();
        for (int e = 0; e < setup.endpoints().size(); e++) {
            if (e != first && !stopped.getAsBoolean() && !visible(setup, e, workloads, accounts, stopped)) {
                notes.add(names.get(e) + " did not show the workload's tables within " + VISIBLE_WITHIN_MILLIS
                        + " ms (not applying writes?)");
            }
        }
        return notes;
    }

    private static void create(Connection c, Set<HistoryWorkload> workloads, long accounts) throws SQLException {
        HistoryClock unused = HistoryClock.start();
        if (workloads.contains(HistoryWorkload.APPEND)) {
            AnomalyTables.recreate(c, AnomalyTables.Table.APPEND);
        }
        if (workloads.contains(HistoryWorkload.BANK)) {
            new BankWorkload((int) accounts, INITIAL_BALANCE, false, unused, r -> { }).setUp(c);
        }
        if (workloads.contains(HistoryWorkload.COUNTER)) {
            new CounterWorkload(unused, r -> { }).setUp(c);
        }
    }

    /** @return true once the node holds every table with its starting rows (accounts, the counter's row) */
    private static boolean visible(Target setup, int endpoint, Set<HistoryWorkload> workloads, int accounts,
                                   java.util.function.BooleanSupplier stopped) {
        long until = System.nanoTime() + VISIBLE_WITHIN_MILLIS * 1_000_000L;
        while (System.nanoTime() < until && !stopped.getAsBoolean()) {
            try (Connection c = setup.open(setup.endpoints().get(endpoint)); Statement s = c.createStatement()) {
                boolean all = true;
                for (HistoryWorkload w : workloads) {
                    try (java.sql.ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + table(w))) {
                        long rows = rs.next() ? rs.getLong(1) : -1;
                        all &= w == HistoryWorkload.APPEND || rows == (w == HistoryWorkload.BANK ? accounts : 1);
                    }
                }
                if (all) {
                    return true;
                }
            } catch (DbFailure | SQLException e) {
                // not there yet, or the node does not answer: try again
            }
            sleep();
        }
        return false;
    }

    private static String table(HistoryWorkload w) {
        return switch (w) {
            case APPEND -> AnomalyTables.Table.APPEND.tableName();
            case BANK -> AnomalyTables.Table.BANK.tableName();
            case COUNTER -> AnomalyTables.Table.COUNTER.tableName();
        };
    }

    private static void sleep() {
        try {
            Thread.sleep(200);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
