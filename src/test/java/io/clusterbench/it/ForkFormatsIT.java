package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clusterbench.testing.Cli;
import io.clusterbench.testing.TestServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sysbench-fork command lines that benchmark scripts run work unchanged once the program name is
 * changed, and print the fork's formats line by line (Tusamarco/sysbench report_csv, report_json,
 * report_cumulative_csv; sysbench 1.0.20 --histogram), on the embedded server.
 */
class ForkFormatsIT {
    /** The fork's interval CSV: time, threads, then 8 figures with two decimals. */
    private static final Pattern CSV_LINE = Pattern.compile("\\d+,\\d+(,\\d+\\.\\d\\d){8}");
    /** sysbench's histogram row: {@code %12.3f |%-40s %d}. */
    private static final Pattern HISTOGRAM_ROW = Pattern.compile(" *\\d+\\.\\d{3} \\|\\**\\s* \\d+");
    private static final String SUMMARY_HEADER = "TotalTime,RunningThreads,totalEvents,Events/s,Tot Operations,"
            + "operations/s,tot reads,reads/s,Tot writes,writes/s,oterOps/s,latencyPct95(μs) ,Tot errors,errors/s,"
            + "Tot reconnects,reconnects/s,Latency(ms) min, Latency(ms) max, Latency(ms) avg, Latency(ms) sum";

    @TempDir
    Path tmp;

    @Test
    void publishedSysbenchTpccCommandLineRunsAndPrintsTheForkFormats() {
        String db = TestServer.freshDatabase("forktpcc");
        List<String> target = TestServer.cliTarget(db);
        Cli.Result prep = Cli.run(Cli.args(target, "prepare", "tpcc", "--scale=1", "--threads=2"));
        assertEquals(0, prep.exitCode(), prep.err());
        // The published line (sysbench order, program name changed), with --time 600 and --threads 64 shortened.
        List<String> line = new ArrayList<>(List.of("tpcc", "--rand-type=uniform", "--report-interval=1",
                "--histogram", "--report_csv=yes", "--stats_format=csv", "--db-ps-mode=disable", "--trx_level=RR",
                "--enable_purge=yes", "--time=3", "--threads=4", "--mysql-ssl=PREFERRED",
                "--mysql-ignore-errors=none", "--reconnect=0", "--scale=1", "--out=" + tmp.resolve("tpcc")));
        for (String t : target) {
            line.add(t.replace("--", "--mysql-"));
        }
        line.add("run");
        Cli.Result r = Cli.run(line.toArray(new String[0]));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.errLines().isEmpty(), "nothing ignored or refused: " + r.err());
        String[] lines = r.out().split("\n");

        List<String[]> csv = new ArrayList<>();
        int lastCsv = -1;
        for (int i = 0; i < lines.length; i++) {
            if (CSV_LINE.matcher(lines[i]).matches()) {
                csv.add(lines[i].split(","));
                lastCsv = i;
            }
        }
        assertTrue(csv.size() >= 3, "one CSV line per second of --time 3:\n" + r.out());
        long previous = 0;
        for (int k = 0; k < csv.size(); k++) {
            assertEquals(10, csv.get(k).length);
            long elapsed = Long.parseLong(csv.get(k)[0]);
            assertTrue(elapsed > previous && elapsed <= 4, "elapsed seconds grow within --time: " + r.out());
            previous = elapsed;
            assertEquals("4", csv.get(k)[1], "threads");
            double tps = Double.parseDouble(csv.get(k)[2]);
            double qps = Double.parseDouble(csv.get(k)[3]);
            double parts = Double.parseDouble(csv.get(k)[4]) + Double.parseDouble(csv.get(k)[5])
                    + Double.parseDouble(csv.get(k)[6]);
            assertTrue(Math.abs(qps - parts) <= 0.02, "qps = reads/s + writes/s + other/s: " + String.join(",", csv.get(k)));
            assertTrue(tps == 0 || Double.parseDouble(csv.get(k)[7]) > 0, "a percentile when events ran");
            assertEquals("0.00", csv.get(k)[9], "--reconnect=0: no reconnects");
        }

        int title = indexOf(lines, "Latency histogram (values are in milliseconds)");
        assertTrue(title > lastCsv, "the histogram follows the intervals");
        assertEquals("       value  ------------- distribution ------------- count", lines[title + 1]);
        long histogramEvents = 0;
        int i = title + 2;
        boolean fullBar = false;
        for (; HISTOGRAM_ROW.matcher(lines[i]).matches(); i++) {
            assertEquals(12, lines[i].indexOf(" |"), lines[i]);
            assertEquals(' ', lines[i].charAt(54), "a 40-character bar column: " + lines[i]);
            fullBar |= lines[i].contains("*".repeat(40));
            histogramEvents += Long.parseLong(lines[i].substring(55));
        }
        assertTrue(fullBar, "the fullest bucket has 40 stars");
        assertEquals(" ", lines[i], "sysbench ends the histogram with a line holding one space");
        assertEquals("TEST SUMMARY:", lines[i + 1]);
        assertEquals(SUMMARY_HEADER, lines[i + 2]);
        String[] row = lines[i + 3].split(",");
        assertEquals(20, row.length, lines[i + 3]);

        JsonNode summary = ResultFiles.summary(tmp.resolve("tpcc"));
        long events = summary.get("events").asLong();
        assertTrue(events > 0);
        assertEquals(events + ".00", row[2], "totalEvents");
        assertEquals(events, histogramEvents, "every event is in one histogram bucket");
        assertEquals("4", row[1]);
        assertEquals(Math.round(summary.get("measuredSeconds").asDouble()), Long.parseLong(row[0]));
        assertEquals(summary.get("latency").get("p95Micros").asDouble(), Double.parseDouble(row[11]), 0.001,
                "the percentile column is in µs, as its header says");
        assertEquals(summary.get("latency").get("maxMicros").asDouble() / 1000, Double.parseDouble(row[17]), 0.01,
                "max is in ms, as its header says");
        JsonNode plan = ResultFiles.run(tmp.resolve("tpcc")).get("plan");
        assertEquals("disable", plan.get("dbPsMode").asText());
    }

    @Test
    void jsonIntervalsParseAndReconnectEveryNEventsIsCounted() throws Exception {
        String db = TestServer.freshDatabase("forkjson");
        List<String> target = TestServer.cliTarget(db);
        assertEquals(0, Cli.run(Cli.args(target, "prepare", "oltp_point_select", "--table-size=100")).exitCode());
        List<String> sysbenchOrder = new ArrayList<>(List.of("oltp_point_select", "--table_size=100", "--threads=2",
                "--time=2", "--report-interval=1", "--stats_format=json", "--reconnect=50", "--out=" + tmp.resolve("json")));
        sysbenchOrder.addAll(target);
        sysbenchOrder.add("run");
        Cli.Result r = Cli.run(sysbenchOrder.toArray(new String[0]));
        assertEquals(0, r.exitCode(), r.out() + r.err());
        String out = r.out();
        int open = out.indexOf("\n[\n");
        int close = out.indexOf("\n]\n", open);
        assertTrue(open >= 0 && close > open, out);
        JsonNode array = new ObjectMapper().readTree(out.substring(open + 1, close + 3));
        assertTrue(array.isArray() && array.size() >= 2, out);
        double reconnectsPerSecond = 0;
        for (JsonNode interval : array) {
            for (String field : List.of("time", "threads", "tps", "latency", "errors", "reconnects")) {
                assertTrue(interval.has(field), field + " in " + interval);
            }
            for (String field : List.of("total", "reads", "writes", "other")) {
                assertTrue(interval.get("qps").has(field), "qps." + field + " in " + interval);
            }
            reconnectsPerSecond += interval.get("reconnects").asDouble();
        }
        assertTrue(out.substring(close).contains("\nTEST SUMMARY:\n"), "the fork prints its CSV summary for json too");
        JsonNode summary = ResultFiles.summary(tmp.resolve("json"));
        long events = summary.get("events").asLong();
        long reconnects = summary.get("reconnects").asLong();
        // each of 2 threads reconnects after every 50th of its events: floor(e1/50) + floor(e2/50)
        assertTrue(reconnects <= events / 50 && reconnects >= (events - 2 * 49) / 50,
                reconnects + " reconnects for " + events + " events");
        assertTrue(reconnects > 0 && reconnectsPerSecond > 0, "reconnects show in the intervals");
        assertEquals(0, summary.get("errors").asLong(), "a forced reconnect is no error");
        assertEquals(50, ResultFiles.run(tmp.resolve("json")).get("plan").get("reconnect").asLong());
    }

    @Test
    void badFormatValuesAreOneLineAndExit2() {
        Cli.Result r = Cli.run("run", "oltp_point_select", "--stats-format=xml", "--histogram=maybe",
                "--host=127.0.0.1", "--port=" + TestServer.port());
        assertEquals(2, r.exitCode(), r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains("--stats-format must be human, csv or json")
                && r.err().contains("--histogram must be on or off"), r.err());
    }

    private static int indexOf(String[] lines, String wanted) {
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].equals(wanted)) {
                return i;
            }
        }
        throw new AssertionError("no line '" + wanted + "'");
    }
}
