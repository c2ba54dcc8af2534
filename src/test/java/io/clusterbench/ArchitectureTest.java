package io.clusterbench;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Every reference from one package of {@code src/main} to another (imports and fully-qualified names,
 * comments included) is a pair allowed by the table in {@code docs/architecture.md}, and every package
 * listed there exists.
 */
class ArchitectureTest {
    private static final Path MAIN = Path.of("src/main/java/io/clusterbench");
    private static final Pattern REFERENCE = Pattern.compile("\\bio\\.clusterbench\\.((?:[a-z][a-z0-9_]*\\.)*)[A-Z]");
    private static final Pattern ROW = Pattern.compile("^\\|\\s*([a-z][a-z0-9.]*)\\s*\\|([^|]*)\\|\\s*$");

    /** @return allowed targets by package, from the table in docs/architecture.md */
    static Map<String, Set<String>> allowed() throws IOException {
        Map<String, Set<String>> allowed = new TreeMap<>();
        for (String line : Files.readAllLines(Path.of("docs/architecture.md"))) {
            Matcher m = ROW.matcher(line.strip());
            if (m.matches() && !m.group(1).equals("package")) {
                Set<String> targets = new TreeSet<>();
                for (String t : m.group(2).split(",")) {
                    if (!t.isBlank()) {
                        targets.add(t.strip());
                    }
                }
                allowed.put(m.group(1), targets);
            }
        }
        return allowed;
    }

    /** @return the package of {@code file} relative to io.clusterbench ("" for the root package) */
    private static String packageOf(Path file) {
        Path dir = MAIN.relativize(file).getParent();
        return dir == null ? "" : dir.toString().replace('/', '.');
    }

    @Test
    void everyPackagePairIsListed() throws IOException {
        Map<String, Set<String>> allowed = allowed();
        assertFalse(allowed.isEmpty(), "no allowed-pairs table found in docs/architecture.md");
        List<String> violations = new ArrayList<>();
        try (Stream<Path> files = Files.walk(MAIN)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                String from = packageOf(f);
                Matcher m = REFERENCE.matcher(Files.readString(f));
                Set<String> seen = new TreeSet<>();
                while (m.find()) {
                    String to = m.group(1).isEmpty() ? "" : m.group(1).substring(0, m.group(1).length() - 1);
                    if (to.equals(from) || to.isEmpty() || !seen.add(to)) {
                        continue;
                    }
                    if (from.isEmpty() || !allowed.getOrDefault(from, Set.of()).contains(to)) {
                        violations.add(MAIN.relativize(f) + ": " + (from.isEmpty() ? "(root)" : from) + " -> " + to);
                    }
                }
            }
        }
        assertEquals(List.of(), violations, "package pairs not allowed by docs/architecture.md");
    }

    @Test
    void everyListedPackageExists() throws IOException {
        List<String> missing = new ArrayList<>();
        for (String p : allowed().keySet()) {
            Path dir = MAIN.resolve(p.replace('.', '/'));
            boolean hasSource;
            try (Stream<Path> files = Files.list(dir)) {
                hasSource = files.anyMatch(f -> f.toString().endsWith(".java"));
            } catch (IOException e) {
                hasSource = false;
            }
            if (!hasSource) {
                missing.add(p);
            }
        }
        assertEquals(List.of(), missing, "packages listed in docs/architecture.md without sources");
    }

    @Test
    void everyPackageIsListed() throws IOException {
        Set<String> listed = allowed().keySet();
        List<String> unlisted = new ArrayList<>();
        try (Stream<Path> files = Files.walk(MAIN)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String p = packageOf(f);
                if (!p.isEmpty() && !listed.contains(p) && !unlisted.contains(p)) {
                    unlisted.add(p);
                }
            }
        }
        assertEquals(List.of(), unlisted, "packages missing from docs/architecture.md");
    }

    @Test
    void cliHoldsNoSql() throws IOException {
        List<String> sql = new ArrayList<>();
        try (Stream<Path> files = Files.list(MAIN.resolve("cli"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                if (Files.readString(f).contains("java.sql")) {
                    sql.add(f.getFileName().toString());
                }
            }
        }
        assertEquals(List.of(), sql, "cli must not use java.sql");
    }
}
