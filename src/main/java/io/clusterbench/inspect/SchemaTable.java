package io.clusterbench.inspect;

/**
 * One base table of the workload's schema as {@code information_schema.TABLES} describes it.
 *
 * <p>Immutable.
 *
 * @param name          table name
 * @param engine        storage engine, e.g. "InnoDB", "MyISAM"
 * @param hasPrimaryKey true when the table has a PRIMARY KEY constraint
 * @param rows          the engine's row estimate ({@code TABLE_ROWS}; InnoDB's is approximate)
 * @param bytes         data plus index size in bytes ({@code DATA_LENGTH + INDEX_LENGTH})
 */
public record SchemaTable(String name, String engine, boolean hasPrimaryKey, long rows, long bytes) {
}
