package io.clusterbench.workload;

import io.clusterbench.db.Target;

import java.sql.Connection;
import java.util.List;
import java.util.function.Consumer;

/**
 * A workload with no tables of its own to prepare, check or clean up, and no per-connection set-up: the history
 * load beside a run (its tables are made before the run by its host) and the engine's and runner's unit tests.
 * Subclasses give the name, the statement classes and the sessions.
 */
public abstract class TablelessWorkload implements Workload {
    /** @return none: {@code cleanup} drops nothing */
    @Override
    public List<String> tables() {
        return List.of();
    }

    /** Does nothing: whatever the load needs is made elsewhere. */
    @Override
    public void prepare(Target target, int threads, boolean force, Consumer<String> progress) {
    }

    /** @return none: there is nothing of this workload's own to drop */
    @Override
    public List<String> cleanup(Connection connection) {
        return List.of();
    }

    /** @return true: there are no tables to miss */
    @Override
    public boolean tablesExist(Connection connection) {
        return true;
    }

    /** Does nothing: there is nothing to read at start. */
    @Override
    public void init(Connection connection) {
    }
}
