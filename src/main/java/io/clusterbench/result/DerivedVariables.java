package io.clusterbench.result;

import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Server variables whose value the server derives from another variable at start, so that setting one per side
 * of a comparison changes the other too: such a difference follows from the one the user set and is no
 * unintended difference. No variable is derived from one derived from it, so a derivation never excuses itself. The
 * table (docs/metrics.md, "Derived variables") holds only derivations the servers'
 * documentation states:
 * <ul>
 *   <li>{@code innodb_log_file_buffering} from {@code innodb_flush_log_at_trx_commit} (MariaDB 10.11+: the log
 *       file is opened buffered when the flush setting is not 1);</li>
 *   <li>{@code innodb_io_capacity_max} from {@code innodb_io_capacity} (twice it, at least 2000, when not set);</li>
 *   <li>{@code open_files_limit} from {@code max_connections} and {@code table_open_cache} (sized from both at
 *       start);</li>
 *   <li>{@code innodb_buffer_pool_chunk_size} from {@code innodb_buffer_pool_size} (MariaDB 10.8+ sizes the chunk
 *       from the pool when it is not set).</li>
 * </ul>
 *
 * <p>Thread-safe (immutable).
 */
public final class DerivedVariables {
    /** Derived variable → the variables it is derived from (lower case). */
    public static final Map<String, List<String>> SOURCES = Map.of(
            "innodb_log_file_buffering", List.of("innodb_flush_log_at_trx_commit"),
            "innodb_io_capacity_max", List.of("innodb_io_capacity"),
            "open_files_limit", List.of("max_connections", "table_open_cache"),
            "innodb_buffer_pool_chunk_size", List.of("innodb_buffer_pool_size"));

    private DerivedVariables() {
    }

    /**
     * @param name      a variable that differs
     * @param differing the variables that differ too (any spelling: compared case-insensitively)
     * @return the first variable {@code name} is derived from that differs too, when there is one
     */
    public static Optional<String> followsFrom(String name, Collection<String> differing) {
        Set<String> lower = new TreeSet<>();
        differing.forEach(d -> lower.add(d.toLowerCase(Locale.ROOT)));
        for (String source : SOURCES.getOrDefault(name.toLowerCase(Locale.ROOT), List.of())) {
            if (lower.contains(source) && !source.equalsIgnoreCase(name)) {
                return Optional.of(source);
            }
        }
        return Optional.empty();
    }

    /**
     * @param entries differing variables
     * @return the text shown beside {@code e}: {@code follows from <source>} when derived from another entry, else ""
     */
    public static String note(VariableDiff.Entry e, List<VariableDiff.Entry> entries) {
        return followsFrom(e.name(), entries.stream().map(VariableDiff.Entry::name).toList())
                .map(s -> "follows from " + s).orElse("");
    }
}
