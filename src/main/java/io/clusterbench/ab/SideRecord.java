package io.clusterbench.ab;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One side of an A/B comparison as result.json records it: what ran and what it said about itself at
 * start. Never holds a password. Immutable.
 *
 * @param side           A or B
 * @param kind           {@code endpoint} (a server the user runs), {@code server} (a binary clusterbench
 *                       started on a copy of the data directory template) or {@code embedded}
 * @param binary         the server binary for {@code server}, else null
 * @param serverOptions  options given to a started server (shared and this side's), else empty
 * @param target         endpoint, user and database
 * @param version        {@code SELECT VERSION()}
 * @param versionComment {@code @@version_comment} (the build's own description), or null
 * @param compile        {@code version_compile_*} and {@code version_source_revision} variables, by name
 * @param variables      {@code SHOW GLOBAL VARIABLES} at start, by name
 * @param tables         the benchmark database's tables at start
 * @param workloadFacts  what the workload found at start (rows per table, …)
 */
public record SideRecord(Side side, String kind, String binary, List<String> serverOptions, Map<String, Object> target,
                         String version, String versionComment, Map<String, String> compile,
                         Map<String, String> variables, List<TableFacts> tables, Map<String, Object> workloadFacts) {

    /** @return the build-describing variables of {@code variables}: version_compile_*, version_source_revision, … */
    public static Map<String, String> compileInfo(Map<String, String> variables) {
        Map<String, String> out = new TreeMap<>();
        variables.forEach((k, v) -> {
            if (isBuildVariable(k) && !k.equals("version") && !k.equals("version_comment")) {
                out.put(k, v);
            }
        });
        return out;
    }

    /** @return true for variables that describe the build rather than its settings (version, compile info) */
    public static boolean isBuildVariable(String name) {
        return name.equals("version") || name.startsWith("version_") || name.equals("innodb_version")
                || name.equals("protocol_version") || name.equals("have_ssl") || name.equals("have_openssl");
    }

    /** @return e.g. "A: 11.4.5-MariaDB (mariadb.org binary distribution; x86_64 Linux) /usr/sbin/mariadbd" */
    public String describe() {
        StringBuilder b = new StringBuilder(side + ": " + version);
        String machine = compile.getOrDefault("version_compile_machine", "");
        String os = compile.getOrDefault("version_compile_os", "");
        if (versionComment != null || !machine.isEmpty()) {
            b.append(" (").append(versionComment == null ? "" : versionComment);
            if (!machine.isEmpty()) {
                b.append(versionComment == null ? "" : "; ").append(machine).append(' ').append(os);
            }
            b.append(')');
        }
        b.append(" — ").append(binary != null ? binary : kind + " " + target.get("endpoints"));
        if (!serverOptions.isEmpty()) {
            b.append(" ").append(String.join(" ", serverOptions));
        }
        return b.toString();
    }
}
