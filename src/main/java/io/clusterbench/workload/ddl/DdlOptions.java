package io.clusterbench.workload.ddl;

import io.clusterbench.UserException;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;

/**
 * Options of the ddl family: picocli mixin. {@code --table-size} and {@code --storage-engine} are the OLTP
 * family's.
 *
 * <p>Confined to the command's thread.
 */
public final class DdlOptions {
    @Option(names = "--ddl-kinds", split = ",", paramLabel = "KIND[,KIND...]",
            description = "ddl: the DDL kinds each worker cycles through, always in this order: create, add_column, "
                    + "add_index, force, drop_index, drop_column, truncate, drop; or 'all'. Default: all.")
    List<String> kinds = new ArrayList<>(List.of("all"));

    @Option(names = "--ddl-method", paramLabel = "toi|rsu|nbo", defaultValue = "toi",
            description = "ddl: schema-change method (wsrep_OSU_method): toi = total order on every node, rsu = "
                    + "rolling, each node desynced in turn, nbo = non-blocking (Percona XtraDB Cluster). "
                    + "Default: ${DEFAULT-VALUE}.")
    String method = "toi";

    /** Adds a problem per unknown kind or method. */
    void validate(List<String> problems) {
        for (String k : kinds) {
            if (!k.strip().equalsIgnoreCase("all") && DdlKind.byName(k) == null) {
                problems.add("unknown --ddl-kinds entry '" + k + "' (use all or any of: "
                        + String.join(", ", DdlKind.names()) + ")");
            }
        }
        if (!List.of("toi", "rsu", "nbo").contains(method.strip().toLowerCase(java.util.Locale.ROOT))) {
            problems.add("invalid --ddl-method '" + method + "' (use toi, rsu or nbo)");
        }
    }

    /**
     * @param tableSize     rows of each worker's table ({@code --table-size}), &ge; 0
     * @param tableOptions  {@code --storage-engine} and {@code --table-options}
     * @throws UserException for an unknown kind or method
     */
    DdlConfig toConfig(int tableSize, io.clusterbench.workload.TableOptions tableOptions) {
        List<DdlKind> list = new ArrayList<>();
        for (String k : kinds) {
            if (k.strip().equalsIgnoreCase("all")) {
                list.addAll(List.of(DdlKind.values()));
            } else {
                DdlKind kind = DdlKind.byName(k);
                if (kind == null) {
                    throw new UserException("unknown --ddl-kinds entry '" + k + "'",
                            "use all or any of: " + String.join(", ", DdlKind.names()));
                }
                list.add(kind);
            }
        }
        if (list.isEmpty()) {
            throw new UserException("--ddl-kinds is empty", "give all or a list such as force,truncate");
        }
        return new DdlConfig(list, tableSize, OsuMethod.parse(method), tableOptions);
    }
}
