package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * clusterbench's console output holds sysbench 1.0.20's, line for line: sysbench and clusterbench run the same
 * workload with the same options on the same server, and every line of sysbench's final report (from
 * {@code SQL statistics:} to the end of {@code Threads fairness:}) must come back in clusterbench's output in the
 * same place, with the same label and indentation and a number of the same format (a regex made of sysbench's
 * line: its text literally, each number as digits with the same count of decimals), its value starting (left
 * aligned) or ending (right aligned) in the same column; each interval line must start as sysbench's does. A
 * sysbench rig's parsing script (grep and awk) must read numbers from both at the same field positions, and
 * clusterbench's must be the figures of its result.json. The corners a default run does not show are held too:
 * {@code --percentile 0} ({@code percentile stats: disabled}, {@code lat (ms,0%): 0.00}) and the second interval line
 * of {@code --rate} ({@code queue length: N, concurrency: N}).
 *
 * <p>Skipped visibly without sysbench; required with {@code CI=true} or {@code CLUSTERBENCH_REQUIRE_SYSBENCH=1}
 * ({@link SysbenchCompatIT#requireSysbench}).
 */
class SysbenchSummaryIT {
    private static final Pattern NUMBER = Pattern.compile("\\d+(?:\\.(\\d+))?");
    /** The label of an interval line: sysbench's {@code [ 3s ]}, or clusterbench's real start and end. */
    private static final String INTERVAL_LABEL = "\\[ (?:\\d+|\\d+\\.\\d{2}-\\d+\\.\\d{2})s \\]";

    private static String db;

    @TempDir
    Path tmp;

    @BeforeAll
    static void tables() throws Exception {
        SysbenchCompatIT.requireSysbench();
        db = TestServer.freshDatabase("sbsum");
        assertEquals(0, sysbench("--table-size=1000", "--tables=2", "prepare").exitCode);
    }

    private record Output(int exitCode, String text) {
    }

    private static Output sysbench(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(SysbenchCompatIT.SYSBENCH.toString(), "oltp_read_write"));
        cmd.addAll(List.of("--mysql-host=127.0.0.1", "--mysql-port=" + TestServer.port(), "--mysql-user=root",
                "--mysql-db=" + db));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
        }
        return new Output(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }

    /** The same run options for both tools (sysbench's spellings; clusterbench takes them as they are). */
    private static List<String> options(String percentile) {
        return List.of("--table-size=1000", "--tables=2", "--threads=2", "--time=3", "--report-interval=1",
                "--percentile=" + percentile);
    }

    private Output clusterbench(Path out, List<String> options) {
        List<String> args = new ArrayList<>(TestServer.cliTarget(db));
        args.addAll(options);
        args.add("--out=" + out);
        Cli.Result r = Cli.run(Cli.args(args, "run", "oltp_read_write"));
        assertEquals(0, r.exitCode(), r.err());
        return new Output(0, r.out());
    }

    @Test
    void everySysbenchSummaryLineIsPrintedInItsPlaceWithItsFormat() throws Exception {
        for (String percentile : List.of("95", "99")) {
            Output[] both = sameRun(options(percentile), "p" + percentile);
            String line = "         " + percentile + "th percentile: ";
            assertTrue(report(both[0].text).stream().anyMatch(l -> l.startsWith(line)),
                    "sysbench names the line after --percentile: " + both[0].text);
            assertTrue(report(both[1].text).stream().anyMatch(l -> l.startsWith(line)),
                    "clusterbench names the line after --percentile: " + both[1].text);
        }
    }

    /** {@code --percentile 0}: sysbench takes no percentile, prints {@code percentile stats: disabled} and 0.00. */
    @Test
    void percentileZeroIsDisabledAsSysbenchPrintsIt() throws Exception {
        Output[] both = sameRun(options("0"), "p0");
        String disabled = "         percentile stats:               disabled";
        assertTrue(report(both[0].text).contains(disabled), "sysbench's line: " + both[0].text);
        assertTrue(report(both[1].text).contains(disabled), "clusterbench: " + both[1].text);
        for (Output o : both) {
            List<String> intervals = o.text.lines().filter(l -> l.startsWith("[ ")).toList();
            assertTrue(intervals.size() >= 3 && intervals.stream().allMatch(l -> l.contains(" lat (ms,0%): 0.00 err/s: ")),
                    "every interval line says lat (ms,0%): 0.00, as sysbench's:\n" + o.text);
        }
    }

    /**
     * {@code --rate}: sysbench's second interval line, {@code [ 1s ] queue length: N, concurrency: N}, is
     * clusterbench's line for line, with nothing after it (clusterbench's {@code late events} are on the first line).
     */
    @Test
    void rateModesQueueLineIsSysbenchs() throws Exception {
        List<String> opts = new ArrayList<>(options("95"));
        opts.add("--rate=40");
        Output[] both = sameRun(opts, "rate");
        String sysbenchQueue = both[0].text.lines().filter(l -> l.contains("] queue length: ")).findFirst()
                .orElseThrow(() -> new AssertionError("no queue line from sysbench:\n" + both[0].text));
        Pattern queue = Pattern.compile(INTERVAL_LABEL + " "
                + shape(sysbenchQueue.substring(sysbenchQueue.indexOf(" ] ") + 3)).pattern());
        List<String> lines = both[1].text.lines().filter(l -> l.startsWith("[ ")).toList();
        List<String> queueLines = lines.stream().filter(l -> l.contains("queue length")).toList();
        assertTrue(queueLines.size() >= 3 && 2 * queueLines.size() == lines.size(),
                "one queue line after each interval line:\n" + both[1].text);
        for (String l : queueLines) {
            assertTrue(queue.matcher(l).matches(), "'" + l + "' is not sysbench's '" + sysbenchQueue + "'");
        }
    }

    /**
     * Runs sysbench, then clusterbench, with {@code opts} on the same tables, and holds clusterbench's output to
     * sysbench's: every line of sysbench's final report in its place with its format and column, and every interval
     * line starting as sysbench's first one.
     *
     * @return sysbench's output, then clusterbench's
     */
    private Output[] sameRun(List<String> opts, String name) throws Exception {
        Output sb = sysbench(Cli.args(List.of("run"), opts.toArray(new String[0])));
        assertEquals(0, sb.exitCode, sb.text);
        Output cb = clusterbench(tmp.resolve(name), opts);
        List<String> expected = report(sb.text);
        List<String> actual = report(cb.text);
        assertTrue(actual.size() >= expected.size(), "clusterbench's report is shorter than sysbench's:\n" + cb.text);
        for (int i = 0; i < expected.size(); i++) {
            String sysbenchLine = expected.get(i);
            String line = actual.get(i);
            assertTrue(shape(sysbenchLine).matcher(line).matches(), "line " + (i + 1) + " of the report: sysbench '"
                    + sysbenchLine + "', clusterbench '" + line + "'");
            assertSameColumn(sysbenchLine, line);
        }
        Pattern interval = intervalShape(sb.text);
        long lines = cb.text.lines().filter(l -> l.startsWith("[ ") && !l.contains("] queue length: ")).peek(l ->
                assertTrue(interval.matcher(l).lookingAt(), "interval line '" + l + "' is not sysbench's " + interval))
                .count();
        assertTrue(lines >= 3, cb.text);
        return new Output[]{sb, cb};
    }

    /**
     * The rig of the field: grep a label, take a field with awk. Each of the five reads gives one number from
     * sysbench's output and from clusterbench's, and clusterbench's are its result.json's figures.
     */
    @Test
    void aSysbenchRigsGrepAndAwkReadClusterbenchsOutputUnchanged() throws Exception {
        List<String> opts = options("95");
        Output sb = sysbench(Cli.args(List.of("run"), opts.toArray(new String[0])));
        assertEquals(0, sb.exitCode, sb.text);
        Path out = tmp.resolve("rig");
        Output cb = clusterbench(out, opts);
        String[] bySysbench = rig(sb.text);
        String[] byClusterbench = rig(cb.text);
        for (int i = 0; i < bySysbench.length; i++) {
            assertTrue(bySysbench[i].matches("\\d+(\\.\\d+)?"), "sysbench field " + i + ": " + String.join(" | ", bySysbench));
            assertTrue(byClusterbench[i].matches("\\d+(\\.\\d+)?"),
                    "clusterbench field " + i + ": " + String.join(" | ", byClusterbench) + "\n" + cb.text);
        }
        JsonNode s = ResultFiles.summary(out);
        assertEquals(s.get("events").asText(), byClusterbench[0]);
        assertEquals(two(s.get("tps").asDouble()), byClusterbench[1]);
        assertEquals(two(s.get("qps").asDouble()), byClusterbench[2]);
        assertEquals(two(s.get("latency").get("p95Micros").asDouble() / 1000), byClusterbench[3]);
        assertEquals(String.format(Locale.ROOT, "%.4f", s.get("measuredSeconds").asDouble()), byClusterbench[4]);
        assertEquals(String.format(Locale.ROOT, "%.4f", s.get("eventsPerThreadMean").asDouble()), byClusterbench[5]);
    }

    private static String two(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    /**
     * @return transactions, tps, qps, the 95th percentile (ms), total time (s) and mean events per thread as the
     *         usual rig reads them: {@code grep LABEL | awk '{print $N}'}, one line per read (several lines or none
     *         give a value that is not a number)
     */
    private String[] rig(String output) throws Exception {
        Path file = Files.createTempFile(tmp, "out", ".txt");
        Files.writeString(file, output);
        String script = """
                f="$1"
                echo "$(grep 'transactions:' "$f" | awk '{print $2}')"
                echo "$(grep 'transactions:' "$f" | awk '{print $3}' | tr -d '(')"
                echo "$(grep 'queries:' "$f" | awk '{print $3}' | tr -d '(')"
                echo "$(grep '95th percentile:' "$f" | awk '{print $3}')"
                echo "$(grep 'total time:' "$f" | awk '{print $3}' | tr -d 's')"
                echo "$(grep 'events (avg/stddev):' "$f" | awk '{print $3}' | cut -d/ -f1)"
                """;
        Process p = new ProcessBuilder("sh", "-c", script, "sh", file.toString()).redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), text);
        String[] values = text.split("\n", -1);
        assertEquals(7, values.length, "one line per read (the last one empty): " + text);
        return java.util.Arrays.copyOf(values, 6);
    }

    /** @return the lines from {@code SQL statistics:} to the end of {@code Threads fairness:} (its two lines) */
    private static List<String> report(String output) {
        List<String> lines = output.lines().toList();
        int start = lines.indexOf("SQL statistics:");
        int fairness = lines.indexOf("Threads fairness:");
        assertTrue(start >= 0 && fairness > start, "no sysbench report in:\n" + output);
        return lines.subList(start, fairness + 3);
    }

    /** @return a regex of {@code line}: its text literal, each number of the same format, padding beside it free */
    static Pattern shape(String line) {
        StringBuilder regex = new StringBuilder();
        Matcher m = NUMBER.matcher(line);
        int at = 0;
        while (m.find()) {
            String before = line.substring(at, m.start());
            String trimmed = at == 0 && before.isBlank() ? before : before.replaceAll(" +$", ""); // indentation
            String lead = at > 0 ? trimmed.replaceAll("^ +", "") : trimmed;
            if (at > 0 && lead.length() < trimmed.length()) {
                regex.append(" *");
            }
            regex.append(Pattern.quote(lead));
            if (trimmed.length() < before.length()) {
                regex.append(" +");
            }
            regex.append(m.group(1) == null ? "\\d+" : "\\d+\\.\\d{" + m.group(1).length() + "}");
            at = m.end();
        }
        String rest = line.substring(at);
        if (at > 0 && rest.startsWith(" ")) {
            regex.append(" *");
            rest = rest.replaceAll("^ +", "");
        }
        return Pattern.compile(regex.append(Pattern.quote(rest)).toString());
    }

    /** The first number of each line starts (left-aligned) or ends (right-aligned) in sysbench's column. */
    private static void assertSameColumn(String sysbenchLine, String line) {
        Matcher a = NUMBER.matcher(sysbenchLine);
        Matcher b = NUMBER.matcher(line);
        if (a.find() && b.find()) {
            assertTrue(a.start() == b.start() || a.end() == b.end(), "the value of '" + line.strip()
                    + "' is not in sysbench's column: sysbench '" + sysbenchLine + "', clusterbench '" + line + "'");
        }
    }

    /** @return the shape of sysbench's first interval line, with either label form */
    private static Pattern intervalShape(String sysbenchOutput) {
        String first = sysbenchOutput.lines().filter(l -> l.startsWith("[ ")).findFirst().orElseThrow();
        String body = first.substring(first.indexOf(" ] ") + 3);
        return Pattern.compile(INTERVAL_LABEL + " " + shape(body).pattern());
    }
}
