package io.clusterbench.workload.joins;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Pure analysis of a captured plan: tables in join order with their access type and index (from
 * {@code EXPLAIN FORMAT=JSON}, MySQL and MariaDB spellings), hint names checked against the query's
 * aliases, and outer joins counted in the original text and in the server's rewritten query (note 1003).
 *
 * <p>Thread-safe (stateless).
 */
public final class PlanCheck {
    /** Join-order hints: every argument names a table. */
    private static final Set<String> ORDER_HINTS = Set.of("JOIN_ORDER", "JOIN_PREFIX", "JOIN_SUFFIX",
            "JOIN_FIXED_ORDER");
    /** Table-level hints: every argument names a table. */
    private static final Set<String> TABLE_HINTS = Set.of("BKA", "NO_BKA", "BNL", "NO_BNL", "HASH_JOIN",
            "NO_HASH_JOIN", "MERGE", "NO_MERGE", "DERIVED_CONDITION_PUSHDOWN", "NO_DERIVED_CONDITION_PUSHDOWN");
    /** Index-level hints: the first word names a table, the rest are indexes. */
    private static final Set<String> INDEX_HINTS = Set.of("INDEX", "NO_INDEX", "JOIN_INDEX", "NO_JOIN_INDEX",
            "GROUP_INDEX", "NO_GROUP_INDEX", "ORDER_INDEX", "NO_ORDER_INDEX", "INDEX_MERGE", "NO_INDEX_MERGE",
            "MRR", "NO_MRR", "NO_ICP", "NO_RANGE_OPTIMIZATION", "SKIP_SCAN", "NO_SKIP_SCAN");
    private static final Set<String> KEYWORDS = Set.of("ON", "WHERE", "INNER", "LEFT", "RIGHT", "JOIN", "CROSS",
            "NATURAL", "STRAIGHT_JOIN", "GROUP", "ORDER", "LIMIT", "SET", "USING", "FORCE", "USE", "IGNORE",
            "HAVING", "UNION", "WINDOW", "AND", "OR", "OUTER", "SELECT", "FOR", "LOCK");
    private static final Pattern HINT_BLOCK = Pattern.compile("/\\*\\+(.*?)\\*/", Pattern.DOTALL);
    private static final Pattern HINT_CALL = Pattern.compile("([A-Za-z_]+)\\s*\\(([^)]*)\\)");
    private static final Pattern TABLE_REF = Pattern.compile(
            "(?i)\\b(?:FROM|JOIN|UPDATE)\\s+([A-Za-z_][A-Za-z0-9_]*)(?:\\s+(?:AS\\s+)?([A-Za-z_][A-Za-z0-9_]*))?");
    private static final Pattern DERIVED_ALIAS = Pattern.compile("\\)\\s+(?:(?i:AS)\\s+)?([A-Za-z_][A-Za-z0-9_]*)");
    private static final Pattern OUTER_JOIN = Pattern.compile("(?i)\\b(?:LEFT|RIGHT)\\s+(?:OUTER\\s+)?JOIN\\b");
    private static final Pattern REWRITTEN_OUTER = Pattern.compile("(?i)\\b(?:left|anti)\\s+join\\b");

    /** One table of a plan. Immutable. @param rows the optimizer's row estimate per lookup, or null */
    public record PlanTable(String table, String access, String key, Long rows, boolean topLevel) {
        /** @return e.g. {@code l1(eq_ref PRIMARY)} */
        public String describe() {
            return table + "(" + access + (key == null ? "" : " " + key) + ")";
        }

        /** @return true for a full table scan ({@code ALL}) or a full index scan ({@code index}) */
        public boolean fullScan() {
            return "ALL".equalsIgnoreCase(access) || "index".equalsIgnoreCase(access)
                    || "table".equalsIgnoreCase(access);
        }
    }

    private PlanCheck() {
    }

    /** @return every table in the plan in document order; {@code topLevel} marks the outer query block */
    public static List<PlanTable> tables(JsonNode explain) {
        List<PlanTable> out = new ArrayList<>();
        walk(explain, 0, out);
        return out;
    }

    private static void walk(JsonNode node, int blocks, List<PlanTable> out) {
        if (node == null) {
            return;
        }
        if (node.isArray()) {
            for (JsonNode n : node) {
                walk(n, blocks, out);
            }
            return;
        }
        if (!node.isObject()) {
            return;
        }
        if (node.has("table_name")) {
            String key = text(node, "key", text(node, "index_name", null));
            JsonNode rows = node.has("rows") ? node.get("rows") : node.get("rows_examined_per_scan");
            out.add(new PlanTable(node.get("table_name").asText(), text(node, "access_type", "?"), key,
                    rows != null && rows.isNumber() ? rows.asLong() : null, blocks <= 1));
        }
        Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> f = fields.next();
            walk(f.getValue(), f.getKey().equals("query_block") ? blocks + 1 : blocks, out);
        }
    }

    private static String text(JsonNode node, String field, String fallback) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() ? fallback : v.asText();
    }

    /** @return the outer query block's tables, in join order, as names (aliases) */
    public static List<String> joinOrder(List<PlanTable> tables) {
        List<String> order = new ArrayList<>();
        for (PlanTable t : tables) {
            if (t.topLevel()) {
                order.add(t.table());
            }
        }
        return order;
    }

    /** @return the names a hint may use: each table's alias, or its name when it has none */
    public static Set<String> aliases(String sql) {
        String text = HINT_BLOCK.matcher(sql).replaceAll(" ");
        Set<String> names = new LinkedHashSet<>();
        Matcher m = TABLE_REF.matcher(text);
        while (m.find()) {
            String alias = m.group(2);
            boolean hasAlias = alias != null && !KEYWORDS.contains(alias.toUpperCase(Locale.ROOT));
            names.add(hasAlias ? alias : m.group(1));
        }
        Matcher d = DERIVED_ALIAS.matcher(text);
        while (d.find()) {
            if (!KEYWORDS.contains(d.group(1).toUpperCase(Locale.ROOT))) {
                names.add(d.group(1));
            }
        }
        return names;
    }

    /** @return the table names the query's optimizer hints mention, in order */
    public static List<String> hintTables(String sql) {
        List<String> names = new ArrayList<>();
        Matcher block = HINT_BLOCK.matcher(sql);
        while (block.find()) {
            Matcher call = HINT_CALL.matcher(block.group(1));
            while (call.find()) {
                String hint = call.group(1).toUpperCase(Locale.ROOT);
                String args = call.group(2).strip();
                if (args.isEmpty()) {
                    continue;
                }
                if (ORDER_HINTS.contains(hint) || TABLE_HINTS.contains(hint)) {
                    for (String a : args.split(",")) {
                        addName(names, a);
                    }
                } else if (INDEX_HINTS.contains(hint)) {
                    addName(names, args.split("[\\s,]+")[0]);
                }
            }
        }
        return names;
    }

    private static void addName(List<String> names, String raw) {
        String n = raw.strip();
        if (n.startsWith("@")) {
            int space = n.indexOf(' ');
            if (space < 0) {
                return;
            }
            n = n.substring(space + 1).strip();
        }
        int at = n.indexOf('@');
        if (at > 0) {
            n = n.substring(0, at);
        }
        n = n.replace("`", "");
        if (!n.isEmpty()) {
            names.add(n);
        }
    }

    /** @return the hint table names that match no alias of the query (the server cannot resolve them) */
    public static List<String> unknownHintNames(String sql) {
        Set<String> aliases = aliases(sql);
        List<String> unknown = new ArrayList<>();
        for (String n : hintTables(sql)) {
            if (!aliases.contains(n)) {
                unknown.add(n);
            }
        }
        return unknown;
    }

    /** @return LEFT/RIGHT [OUTER] JOINs written in {@code sql} */
    public static int outerJoins(String sql) {
        return count(OUTER_JOIN, sql);
    }

    /** @return outer (left) and anti joins left in the server's rewritten query */
    public static int rewrittenOuterJoins(String rewritten) {
        return count(REWRITTEN_OUTER, rewritten);
    }

    private static int count(Pattern p, String s) {
        Matcher m = p.matcher(s);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }
}
