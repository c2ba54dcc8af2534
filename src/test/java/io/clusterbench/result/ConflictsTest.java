package io.clusterbench.result;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** {@link Conflicts}: the client's 1213 count split by cause, the causes adding up to it; {@link OptionDiff}. */
class ConflictsTest {
    private static RunRecord run(Map<String, Long> errors, Map<String, GaleraFacts.NodeTotals> galeraTotals) {
        Summary s = new Summary(1, 10, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, null, null, null, errors, 0, 0, 0, 0,
                0, 0, null, null);
        Facts facts = galeraTotals == null ? Facts.NONE
                : Facts.NONE.with(FactKeys.GALERA, new GaleraFacts(List.of(), Map.of(), galeraTotals));
        return new RunRecord("w", 1, 1, null, "completed", null, Map.of(), List.of(), s, List.of(), facts);
    }

    private static GaleraFacts.NodeTotals node(long cert, long bf, long replays) {
        return new GaleraFacts.NodeTotals(1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, cert, bf, replays, 0, 0, 0, 4, 0, 3,
                "Primary", "Synced", 0);
    }

    @Test
    void certificationFailuresAreInsideTheBruteForceCountAndTheCausesAddUpToTheClientCount() {
        // measured shape: 3 cert, 27 bf, 25 client errors
        Conflicts c = Conflicts.of(run(Map.of("1213/40001", 25L, "1062/23000", 4L),
                Map.of("n1", node(1, 5, 0), "n2", node(1, 6, 0), "n3", node(1, 16, 0))));
        assertEquals(25, c.conflicts());
        assertEquals(3, c.certification());
        assertEquals(22, c.bruteForce());
        assertEquals(0, c.other());
        assertEquals(2, c.serverExcess());
    }

    @Test
    void replaysAreNotConflictsAndAStandaloneDeadlockIsOther() {
        Conflicts cluster = Conflicts.of(run(Map.of("1213/40001", 10L), Map.of("n1", node(2, 9, 3))));
        assertEquals(2, cluster.certification());
        assertEquals(4, cluster.bruteForce(), "9 bf - 3 replays - 2 cert");
        assertEquals(4, cluster.other());
        Conflicts standalone = Conflicts.of(run(Map.of("1213", 7L, "1205/HY000", 2L), null));
        assertEquals(7, standalone.other());
        assertEquals(2, standalone.lockWaitTimeouts());
        assertNull(GaleraTotals.of(run(Map.of(), null)));
    }

    @Test
    void theBackgroundWorkloadsConflictsAreCountedWithTheRunsOwn() {
        BackgroundFacts bg = new BackgroundFacts("oltp_read_write", 500, null, null, null, null, null,
                Map.of("1213/40001", 140L, "1205/HY000", 1L));
        Summary s = new Summary(1, 10, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, null, null, null, Map.of(), 0, 0, 0,
                0, 0, 0, null, null);
        RunRecord ddl = new RunRecord("ddl", 1, 1, null, "completed", null, Map.of(), List.of(), s, List.of(),
                Facts.NONE.with(FactKeys.BACKGROUND, bg).with(FactKeys.GALERA,
                        new GaleraFacts(List.of(), Map.of(), Map.of("n1", node(0, 150, 0)))));
        Conflicts c = Conflicts.of(ddl);
        assertEquals(140, c.conflicts(), "the ddl itself had none: every conflict is the background's");
        assertEquals(140, c.background());
        assertEquals(140, c.bruteForce());
        assertEquals(1, c.lockWaitTimeouts());
        assertEquals(10, c.serverExcess());
    }

    @Test
    void optionNamesFollowTheCommandLine() {
        assertEquals("--consistency", OptionDiff.flag("consistency"));
        assertEquals("--table-size", OptionDiff.flag("tableSize"));
        assertEquals("--time", OptionDiff.flag("timeSeconds"));
    }
}
