package io.clusterbench.db;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the {@code [client]} group of a MySQL option file ({@code ~/.my.cnf}), as the mysql client does:
 * {@code key=value} lines, {@code _} and {@code -} equivalent in keys, quotes stripped, {@code #} and
 * {@code ;} comments.
 *
 * <p>Immutable once read.
 */
public final class OptionFile {
    private final Map<String, String> client;

    private OptionFile(Map<String, String> client) {
        this.client = client;
    }

    /**
     * @param path the option file; a missing or unreadable file gives an empty result
     * @return the {@code [client]} keys (lower case, {@code -} spelling) and values
     */
    public static OptionFile read(Path path) {
        Map<String, String> values = new HashMap<>();
        if (path == null || !Files.isReadable(path)) {
            return new OptionFile(values);
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(path);
        } catch (IOException e) {
            return new OptionFile(values);
        }
        boolean inClient = false;
        for (String raw : lines) {
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#") || line.startsWith(";")) {
                continue;
            }
            if (line.startsWith("[")) {
                String group = line.substring(1, line.indexOf(']') < 0 ? line.length() : line.indexOf(']'));
                inClient = group.strip().equalsIgnoreCase("client");
                continue;
            }
            if (!inClient) {
                continue;
            }
            int eq = line.indexOf('=');
            String key = (eq < 0 ? line : line.substring(0, eq)).strip().toLowerCase().replace('_', '-');
            String value = eq < 0 ? "" : unquote(line.substring(eq + 1).strip());
            values.put(key, value);
        }
        return new OptionFile(values);
    }

    /** @return the value of {@code key} in {@code [client]}, or {@code null} */
    public String get(String key) {
        return client.get(key);
    }

    private static String unquote(String v) {
        if (v.length() >= 2 && (v.startsWith("\"") && v.endsWith("\"") || v.startsWith("'") && v.endsWith("'"))) {
            return v.substring(1, v.length() - 1);
        }
        return v;
    }
}
