package io.clusterbench.anomaly;

import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import static io.clusterbench.anomaly.AnomalyClass.G2_ITEM;
import static io.clusterbench.anomaly.AnomalyClass.G_SINGLE;
import static io.clusterbench.anomaly.AnomalyClass.LOST_UPDATE;
import static io.clusterbench.anomaly.AnomalyClass.STALE_READ;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What each level forbids: strictly stronger levels forbid more, and causal reads add stale reads. */
class GuaranteeTest {
    @Test
    void strongerLevelsForbidEverythingWeakerOnesDo() {
        List<Guarantee> chain = List.of(Guarantee.READ_COMMITTED, Guarantee.SNAPSHOT_ISOLATION,
                Guarantee.REPEATABLE_READ, Guarantee.SERIALIZABLE, Guarantee.STRICT_SERIALIZABLE);
        for (int i = 1; i < chain.size(); i++) {
            assertTrue(chain.get(i).forbids().containsAll(chain.get(i - 1).forbids()), chain.get(i).toString());
        }
        assertEquals(EnumSet.allOf(AnomalyClass.class), Guarantee.STRICT_SERIALIZABLE.forbids(),
                "strict serializable forbids every class the checker names");
    }

    @Test
    void snapshotIsolationAllowsWriteSkewOnly() {
        Set<AnomalyClass> diff = EnumSet.copyOf(Guarantee.SERIALIZABLE.forbids());
        diff.removeAll(Guarantee.SNAPSHOT_ISOLATION.forbids());
        assertEquals(Set.of(G2_ITEM), diff);
    }

    @Test
    void readCommittedAllowsAntiDependencyCyclesAndLostUpdates() {
        Set<AnomalyClass> rc = Guarantee.READ_COMMITTED.forbids();
        assertFalse(rc.contains(G_SINGLE) || rc.contains(G2_ITEM) || rc.contains(LOST_UPDATE) || rc.contains(STALE_READ));
        assertTrue(rc.containsAll(Guarantee.ALWAYS));
    }

    @Test
    void causalReadsAddStaleReadsToTheIsolationLevel() {
        Set<AnomalyClass> rr = Guarantee.forbidden(List.of(Guarantee.REPEATABLE_READ));
        Set<AnomalyClass> rrCausal = Guarantee.forbidden(List.of(Guarantee.REPEATABLE_READ, Guarantee.CAUSAL_READS));
        Set<AnomalyClass> diff = EnumSet.copyOf(rrCausal);
        diff.removeAll(rr);
        assertEquals(Set.of(STALE_READ), diff);
        assertEquals(Guarantee.ALWAYS, Guarantee.forbidden(List.of()));
    }
}
