package io.clusterbench.report;

import io.clusterbench.anomaly.Isolation;
import io.clusterbench.result.AnomalyDocument;
import io.clusterbench.result.AnomalySetting;
import io.clusterbench.result.FactKeys;
import io.clusterbench.result.NamedResult;
import io.clusterbench.result.ResultDocument;
import io.clusterbench.result.RunAnomalies;
import io.clusterbench.result.RunRecord;
import io.clusterbench.result.SyntheticResults;
import io.clusterbench.testing.AnomalyFixtures;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The console text of {@code probe anomalies} from hand-built results: every class with count, N and unit, "0 in N"
 * with its bound, forbidden findings named, the first witness of each class found with nodes, sessions, times and
 * edge evidence, the load's cost, and {@code compare} side by side.
 */
class AnomalyTextTest {
    private static final AnomalySetting LOST = AnomalyFixtures.setting(1, AnomalyFixtures.lostUpdate(),
            Isolation.REPEATABLE_READ, "0");
    private static final AnomalySetting STALE = AnomalyFixtures.setting(2, AnomalyFixtures.staleRead(),
            Isolation.REPEATABLE_READ, "7");

    @Test
    void aSettingListsEveryClassWithCountsBoundsAndThePromise() {
        String text = AnomalyText.setting(LOST);
        assertTrue(text.contains("append: 5 operations (5 ok, 0 failed, 0 unknown), 4 reads, 1 key; final reads: n1, n2"),
                text);
        assertTrue(text.contains("load: 123.4 ok/s, load p95 0.1 ms (3 sessions, load time 8.0 s); errors 1213/40001 2"),
                text);
        assertTrue(text.matches("(?s).*\\n +lost-update +1 +5 +transactions +20%  +FORBIDDEN, found\\n.*"), text);
        assertTrue(text.matches("(?s).*\\n +G0 +0 +5 +transactions +0 in 5 \\(≤ 45%\\) +forbids\\n.*"), text);
        assertTrue(text.matches("(?s).*\\n +stale-read +0 +\\d+ +reads +0 in \\d+ \\(≤ \\d+%\\) +allows\\n.*"), text);
        assertTrue(text.contains("History: 01-sync0-RR-all-writers/history.jsonl"), text);
    }

    @Test
    void aSettingsValidityIsPrintedInItsBlockAndNamedInTheSummary() {
        AnomalySetting flagged = LOST.withValidity(io.clusterbench.result.ProbeValidity.setting(LOST));
        String text = AnomalyText.setting(flagged);
        assertTrue(text.contains("  Validity: 1 flag\n      too-few-samples: append: 5 acknowledged operations"), text);
        String summary = AnomalyText.summary(AnomalyFixtures.document(List.of(flagged, STALE)));
        assertTrue(summary.endsWith("  Setting 1 flagged: too-few-samples\n"), summary);
        String page = AnomalyHtml.render(AnomalyFixtures.document(List.of(flagged)), "x", "now");
        assertTrue(page.contains("<li>too-few-samples: append: 5 acknowledged operations"), page);
        String top = page.substring(page.indexOf("id=\"summary\""), page.indexOf("</div>",
                page.indexOf("id=\"summary\"")));
        assertTrue(top.contains("forbidden anomalies found</span>: wsrep_sync_wait=0 RR all-writers: append "
                + "G-single (1), append lost-update (1)"), top);
        assertTrue(top.contains("<b>Validity</b>: Setting 1: too-few-samples"), top);
    }

    @Test
    void theFirstWitnessOfEachClassShowsTransactionsAndEdges() {
        String text = AnomalyText.setting(LOST);
        assertTrue(text.contains("    witness lost-update: "), text);
        assertTrue(text.contains("      T2 n1 s1 0.000200-0.000300 s ok: read(1) = [5]; append(1, 6)"), text);
        assertTrue(text.contains("      T3 n2 s2 0.000210-0.000320 s ok: read(1) = [5]; append(1, 7)"), text);
        assertTrue(text.contains("    witness G-single: "), text);
        assertTrue(text.matches("(?s).*\\n      rw: T\\d read key 1 = \\[5\\] and missed \\d, the next value, appended by "
                + "T\\d\\n.*"), text);
        assertEquals(1, text.split("witness lost-update", -1).length - 1, "the first witness of a class only");
    }

    @Test
    void theSummaryHasOneLinePerSettingAndWorkloadWithForbiddenOnesMarked() {
        AnomalyDocument doc = AnomalyFixtures.document(List.of(LOST, STALE));
        String summary = AnomalyText.summary(doc);
        assertTrue(summary.startsWith("Anomalies per setting (completed, 17.5 s):\n"), summary);
        assertTrue(summary.matches("(?s).*1 wsrep_sync_wait=0 RR all-writers +append +5 +123.4 +0.1 +"
                + "G-single 1\\*, lost-update 1\\*\\n.*"), summary);
        assertTrue(summary.matches("(?s).*2 wsrep_sync_wait=7 RR all-writers +append +4 +123.4 +0.1 +.*stale-read 1\\*.*"),
                summary);
    }

    @Test
    void compareShowsEachSettingsAnomaliesSideBySide() {
        AnomalySetting clean = AnomalyFixtures.setting(1, AnomalyFixtures.staleRead(), Isolation.REPEATABLE_READ, "0");
        AnomalyDocument a = AnomalyFixtures.document(List.of(LOST));
        AnomalyDocument b = AnomalyFixtures.document(List.of(new AnomalySetting(1, LOST.name(), LOST.directory(), "0",
                "", "RR", "", "all-writers", "same", false, "completed", 8, 0, List.of(), clean.checks(), null, null,
                List.of(), null, null, null)));
        String text = String.join("\n", AnomalyText.compare(List.of(a, b), List.of("A", "B"), List.of("a", "b")));
        assertTrue(text.contains("Setting wsrep_sync_wait=0 RR all-writers, append:"), text);
        assertTrue(text.matches("(?s).*\\n +lost-update +1 \\* +0 in 4 \\(≤ 53%\\).*"), text);
        assertTrue(text.matches("(?s).*\\n +stale-read +0 in 2 \\(≤ 78%\\) +1(\\n.*)?"), text);
        assertTrue(text.matches("(?s).*\\n +operations +5 +4\\n.*"), text);
    }

    @Test
    void aRunsBlockSaysWhatTheHistoryRanAtAndItsShareOfTheLoad() {
        RunAnomalies a = new RunAnomalies(20, 3, 2.46, LOST);
        List<String> lines = AnomalyText.run(a);
        assertEquals("Anomalies beside the load: wsrep_sync_wait=0 RR all-writers (history rate 20.0 operations/s "
                + "asked, 3 sessions each; 123.4 ok/s = 2.5% of the run's events)", lines.get(0));
        String text = String.join("\n", lines);
        assertTrue(text.matches("(?s).*\n +lost-update +1 +5 +transactions +20%  +FORBIDDEN, found\n.*"), text);
        assertTrue(text.contains("    witness lost-update: "), text);
    }

    @Test
    void compareOfRunsShowsTheirAnomaliesSideBySidePerThreadCount() {
        ResultDocument plain = SyntheticResults.builder().runs(4, 100).build();
        ResultDocument lost = withAnomalies(SyntheticResults.builder().runs(4, 100).build(), new RunAnomalies(20, 3,
                2.0, LOST));
        ResultDocument stale = withAnomalies(SyntheticResults.builder().runs(4, 100).build(), new RunAnomalies(20, 3,
                2.0, STALE));
        assertEquals(List.of(), AnomalyText.compareRuns(NamedResult.of(List.of("a", "b"), List.of(plain, plain))),
                "nothing without --anomalies");
        String text = String.join("\n", AnomalyText.compareRuns(NamedResult.of(List.of("a", "b", "c"),
                List.of(plain, lost, stale))));
        assertTrue(text.contains("Anomalies beside the load (--anomalies), side by side:\n\n4 threads, append:"), text);
        assertTrue(text.matches("(?s).*\n +Setting +- +wsrep_sync_wait=0 RR all-writers +wsrep_sync_wait=7 RR "
                + "all-writers\n.*"), text);
        assertTrue(text.matches("(?s).*\n +history rate +- +20.0 +20.0\n.*"), text);
        assertTrue(text.matches("(?s).*\n +lost-update +- +1 \\* +0 in 4 \\(≤ 53%\\)\n.*"), text);
    }

    private static ResultDocument withAnomalies(ResultDocument d, RunAnomalies a) {
        RunRecord r = d.runs().get(0);
        return new ResultDocument(d.schema(), d.tool(), d.startedAt(), d.command(), d.target(), d.server(),
                List.of(r.withFacts(r.observerFacts().with(FactKeys.ANOMALIES, a))));
    }
}
