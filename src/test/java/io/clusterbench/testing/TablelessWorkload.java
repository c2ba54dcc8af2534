package io.clusterbench.testing;

import io.clusterbench.db.Target;
import io.clusterbench.workload.Workload;

import java.sql.Connection;
import java.util.List;
import java.util.function.Consumer;

/**
 * A workload of the engine's and runner's unit tests: named {@code synthetic}, no tables to prepare, check or clean
 * up, and no per-connection set-up. Subclasses give the statement classes and the sessions.
 */
public abstract class TablelessWorkload implements Workload {
    @Override
    public String name() {
        return "synthetic";
    }

    @Override
    public List<String> tables() {
        return List.of();
    }

    @Override
    public void prepare(Target target, int threads, boolean force, Consumer<String> progress) {
    }

    @Override
    public List<String> cleanup(Connection connection) {
        return List.of();
    }

    @Override
    public boolean tablesExist(Connection connection) {
        return true;
    }

    @Override
    public void init(Connection connection) {
    }
}
