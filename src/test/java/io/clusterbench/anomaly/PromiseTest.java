package io.clusterbench.anomaly;

import io.clusterbench.UserException;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What each setting promises: the isolation level's portable set, and causal reads by the wsrep_sync_wait bits. */
class PromiseTest {
    @Test
    void listAppendReadsAreCausalOnlyWhenReadsAndInsertsWait() {
        for (String level : List.of("5", "7", "13", "15")) {
            assertTrue(Promise.of(Isolation.REPEATABLE_READ, level).appendForbidden().contains(AnomalyClass.STALE_READ),
                    level);
        }
        for (String level : List.of("0", "1", "3", "4", "8")) {
            assertFalse(Promise.of(Isolation.REPEATABLE_READ, level).appendForbidden().contains(AnomalyClass.STALE_READ),
                    "a transaction that begins with an append does not wait at " + level);
        }
        assertFalse(Promise.of(Isolation.REPEATABLE_READ, null).causalPlainReads());
    }

    @Test
    void counterReadsAreCausalWithTheReadBit() {
        assertTrue(Promise.of(Isolation.READ_COMMITTED, "1").forbids(InvariantClass.STALE_COUNTER_READ));
        assertTrue(Promise.of(Isolation.READ_COMMITTED, "3").forbids(InvariantClass.STALE_COUNTER_READ));
        assertFalse(Promise.of(Isolation.READ_COMMITTED, "0").forbids(InvariantClass.STALE_COUNTER_READ));
        assertFalse(Promise.of(Isolation.READ_COMMITTED, "6").forbids(InvariantClass.STALE_COUNTER_READ));
    }

    @Test
    void groupReplicationBeforeAndAfterAreCausal() {
        assertTrue(Promise.of(Isolation.SERIALIZABLE, "BEFORE").causalAppendReads());
        assertTrue(Promise.of(Isolation.SERIALIZABLE, "before_and_after").causalAppendReads());
        assertTrue(Promise.of(Isolation.SERIALIZABLE, "AFTER").causalAppendReads());
        assertFalse(Promise.of(Isolation.SERIALIZABLE, "EVENTUAL").causalAppendReads());
        assertFalse(Promise.of(Isolation.SERIALIZABLE, "BEFORE_ON_PRIMARY_FAILOVER").causalAppendReads());
    }

    @Test
    void aWrongBankTotalIsForbiddenWhereLostUpdatesAre() {
        assertFalse(Promise.of(Isolation.READ_COMMITTED, "0").forbids(InvariantClass.WRONG_TOTAL),
                "read committed allows lost updates");
        assertTrue(Promise.of(Isolation.REPEATABLE_READ, "0").forbids(InvariantClass.WRONG_TOTAL));
        assertTrue(Promise.of(Isolation.SERIALIZABLE, "0").forbids(InvariantClass.WRONG_TOTAL));
        for (InvariantClass always : List.of(InvariantClass.LOST_INCREMENT, InvariantClass.EXTRA_INCREMENT,
                InvariantClass.IMPOSSIBLE_COUNTER_READ, InvariantClass.NEGATIVE_BALANCE, InvariantClass.WRONG_ACCOUNTS)) {
            assertTrue(Promise.of(Isolation.READ_COMMITTED, "0").forbids(always), always.label());
        }
    }

    @Test
    void theIsolationLevelGivesItsPortableSet() {
        assertEquals(Guarantee.forbidden(List.of(Guarantee.READ_COMMITTED)),
                Promise.of(Isolation.READ_COMMITTED, "0").appendForbidden());
        assertEquals(Guarantee.forbidden(List.of(Guarantee.REPEATABLE_READ, Guarantee.CAUSAL_READS)),
                Promise.of(Isolation.REPEATABLE_READ, "7").appendForbidden());
        assertEquals(List.of("serializable", "causal-reads"), Promise.of(Isolation.SERIALIZABLE, "7").names());
    }

    @Test
    void isolationAndWorkloadNamesParseAndBadOnesSayWhatToGive() {
        assertEquals(List.of(Isolation.READ_COMMITTED, Isolation.REPEATABLE_READ, Isolation.SERIALIZABLE),
                Isolation.list("RC,repeatable-read,SERIALIZABLE"));
        assertEquals(Isolation.READ_COMMITTED, Isolation.parse("read committed"));
        UserException e = assertThrows(UserException.class, () -> Isolation.list("RR,SNAPSHOT"));
        assertTrue(e.line().contains("invalid --isolation 'SNAPSHOT'") && e.line().contains("RC, RR or SER"), e.line());
        assertThrows(UserException.class, () -> Isolation.list("RR,RR"));
        assertEquals(Set.of(HistoryWorkload.values()), HistoryWorkload.parse("all"));
        assertEquals(Set.of(HistoryWorkload.BANK, HistoryWorkload.APPEND), HistoryWorkload.parse("bank,append"));
        assertThrows(UserException.class, () -> HistoryWorkload.parse("register"));
    }
}
