package io.clusterbench.workload.ddl;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The DDL statements of the ddl family, each its own statement class ({@code ddl_<kind>}), in the order an
 * event cycle runs them. Every statement except {@link #CREATE} runs on a table holding exactly
 * {@code --table-size} rows (0 = empty), so each class's latency is the cost of that DDL at that size.
 *
 * <p>Immutable.
 */
public enum DdlKind {
    /** {@code CREATE TABLE ddl_wN} (sbtest shape, secondary index on k). */
    CREATE("create"),
    /** {@code ALTER TABLE ddl_wN ADD COLUMN ddl_extra INT NOT NULL DEFAULT 0} (instant on MariaDB 10.3+). */
    ADD_COLUMN("add_column"),
    /** {@code ALTER TABLE ddl_wN ADD INDEX ddl_c (c)}: builds an index over every row. */
    ADD_INDEX("add_index"),
    /** {@code ALTER TABLE ddl_wN FORCE}: rebuilds the table. */
    FORCE("force"),
    /** {@code ALTER TABLE ddl_wN DROP INDEX ddl_c}. */
    DROP_INDEX("drop_index"),
    /** {@code ALTER TABLE ddl_wN DROP COLUMN ddl_extra}. */
    DROP_COLUMN("drop_column"),
    /** {@code TRUNCATE TABLE ddl_wN}. */
    TRUNCATE("truncate"),
    /** {@code DROP TABLE ddl_wN}. */
    DROP("drop");

    private final String option;

    DdlKind(String option) {
        this.option = option;
    }

    /** @return the name in {@code --ddl-kinds}, e.g. {@code add_index} */
    public String optionName() {
        return option;
    }

    /** @return true for the ALTER TABLE kinds, which RSU rolls over the nodes */
    public boolean alters() {
        return this == ADD_COLUMN || this == DROP_COLUMN || this == ADD_INDEX || this == DROP_INDEX || this == FORCE;
    }

    /** @return the statement class name, e.g. {@code ddl_add_index} */
    public String className() {
        return "ddl_" + option;
    }

    /**
     * @param text a name as typed ({@code add_index}, {@code add-index}, any case)
     * @return the kind, or null when unknown
     */
    public static DdlKind byName(String text) {
        String n = text.strip().toLowerCase(Locale.ROOT).replace('-', '_');
        for (DdlKind k : values()) {
            if (k.option.equals(n)) {
                return k;
            }
        }
        return null;
    }

    /** @return every option name, in cycle order */
    public static List<String> names() {
        List<String> names = new ArrayList<>();
        for (DdlKind k : values()) {
            names.add(k.option);
        }
        return names;
    }
}
