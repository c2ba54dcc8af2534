package io.clusterbench.anomaly;

import java.util.Collection;
import java.util.EnumSet;
import java.util.Set;

/**
 * What an isolation level or a consistency setting promises, as the set of {@link AnomalyClass}es it forbids, so a
 * caller can tell "an anomaly the chosen setting forbids was found" (docs/consistency.md, "What each setting
 * promises"). Levels are Adya's portable levels as Jepsen uses them: PL-2 for read committed, PL-2.99 for repeatable
 * read, PL-SI for snapshot isolation, PL-3 for serializable, and strict serializable adds real time. A product's
 * level of the same name may promise less (InnoDB's REPEATABLE READ does not prevent lost updates with plain reads):
 * the table states the definition, not a product.
 *
 * <p>Every level forbids the classes that no database may show ({@link #ALWAYS}): a broken version order, an append
 * applied twice, a value nobody wrote, a transaction that does not see its own appends, a lost acknowledged append.
 *
 * <p>Immutable.
 */
public enum Guarantee {
    /** PL-2: no dirty writes or reads: G0, G1a, G1b, G1c. */
    READ_COMMITTED(EnumSet.of(AnomalyClass.G0, AnomalyClass.G1A, AnomalyClass.G1B, AnomalyClass.G1C)),
    /** PL-2.99: PL-2 and no item anti-dependency cycles: G-single, G2-item, lost update. */
    REPEATABLE_READ(EnumSet.of(AnomalyClass.G0, AnomalyClass.G1A, AnomalyClass.G1B, AnomalyClass.G1C,
            AnomalyClass.G_SINGLE, AnomalyClass.G2_ITEM, AnomalyClass.LOST_UPDATE)),
    /** PL-SI: PL-2, G-single and lost update; write skew (G2-item) is allowed. */
    SNAPSHOT_ISOLATION(EnumSet.of(AnomalyClass.G0, AnomalyClass.G1A, AnomalyClass.G1B, AnomalyClass.G1C,
            AnomalyClass.G_SINGLE, AnomalyClass.LOST_UPDATE)),
    /** PL-3: every cycle without real-time edges; on list-append (no predicates) the same set as PL-2.99. */
    SERIALIZABLE(EnumSet.of(AnomalyClass.G0, AnomalyClass.G1A, AnomalyClass.G1B, AnomalyClass.G1C,
            AnomalyClass.G_SINGLE, AnomalyClass.G2_ITEM, AnomalyClass.LOST_UPDATE)),
    /** Serializable in an order that respects real time: also the realtime cycles and stale reads. */
    STRICT_SERIALIZABLE(EnumSet.of(AnomalyClass.G0, AnomalyClass.G1A, AnomalyClass.G1B, AnomalyClass.G1C,
            AnomalyClass.G_SINGLE, AnomalyClass.G2_ITEM, AnomalyClass.LOST_UPDATE, AnomalyClass.G0_REALTIME,
            AnomalyClass.G1C_REALTIME, AnomalyClass.G_SINGLE_REALTIME, AnomalyClass.G2_ITEM_REALTIME,
            AnomalyClass.STALE_READ)),
    /**
     * Causal reads, combined with an isolation level: Galera {@code wsrep_sync_wait} covering the first statement of
     * every transaction (7 for transactions that may start with a write; 1 when each starts with a read), Group
     * Replication {@code BEFORE}: a transaction sees every commit acknowledged before it began, so no stale read.
     */
    CAUSAL_READS(EnumSet.of(AnomalyClass.STALE_READ));

    /** Forbidden by every level: no database may show them. */
    public static final Set<AnomalyClass> ALWAYS = Set.copyOf(EnumSet.of(AnomalyClass.INCOMPATIBLE_ORDER,
            AnomalyClass.DUPLICATE_APPEND, AnomalyClass.GARBAGE_READ, AnomalyClass.INTERNAL, AnomalyClass.LOST_APPEND));

    private final Set<AnomalyClass> own;

    Guarantee(Set<AnomalyClass> own) {
        this.own = own;
    }

    /** @return the classes this level forbids, {@link #ALWAYS} included */
    public Set<AnomalyClass> forbids() {
        EnumSet<AnomalyClass> all = EnumSet.copyOf(own);
        all.addAll(ALWAYS);
        return all;
    }

    /**
     * @param guarantees what a run was set to, e.g. {@code [REPEATABLE_READ, CAUSAL_READS]}
     * @return the union of what they forbid ({@link #ALWAYS} even for none)
     */
    public static Set<AnomalyClass> forbidden(Collection<Guarantee> guarantees) {
        EnumSet<AnomalyClass> all = EnumSet.noneOf(AnomalyClass.class);
        all.addAll(ALWAYS);
        guarantees.forEach(g -> all.addAll(g.own));
        return all;
    }
}
