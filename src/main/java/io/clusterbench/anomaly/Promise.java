package io.clusterbench.anomaly;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What one setting of {@code probe anomalies} promises: an isolation level (judged as its portable level,
 * {@link Isolation#guarantee()}) and whether its consistency setting makes reads causal, so that the probe can tell
 * "an anomaly the chosen setting forbids was found" (the exit-3 case; docs/consistency.md, "What each setting
 * promises").
 *
 * <p>Causal reads. Galera's {@code wsrep_sync_wait} waits before the first statement of a transaction of a kind its
 * bitmask names (1 reads, 2 UPDATE/DELETE, 4 INSERT/REPLACE): a list-append transaction may begin with a read or with
 * an append (an {@code INSERT … ON DUPLICATE KEY UPDATE}), so its reads are causal only with bits 1 and 4 (5, 7, 13,
 * 15); bank and counter reads begin with a SELECT, so bit 1 is enough. Group Replication's {@code BEFORE},
 * {@code AFTER} and {@code BEFORE_AND_AFTER} make every read see what was acknowledged before it began (untested
 * here: no Group Replication server on the project's machines).
 *
 * <p>Immutable.
 *
 * @param isolation         the isolation level
 * @param consistency       the consistency level as given ({@code 7}, {@code BEFORE}), or null for none set
 * @param causalAppendReads true when every list-append transaction's reads see every commit acknowledged before it
 * @param causalPlainReads  true when a transaction beginning with a SELECT sees every commit acknowledged before it
 */
public record Promise(Isolation isolation, String consistency, boolean causalAppendReads, boolean causalPlainReads) {
    /** Galera bits: reads, INSERT/REPLACE. */
    private static final int READS = 1;
    private static final int INSERTS = 4;
    private static final Set<String> GR_CAUSAL = Set.of("BEFORE", "AFTER", "BEFORE_AND_AFTER");

    /**
     * @param isolation   the isolation level
     * @param consistency a Galera {@code wsrep_sync_wait} bitmask ({@code 0}–{@code 15}), a Group Replication level, or
     *                    null when none is set
     * @return what the setting promises
     */
    public static Promise of(Isolation isolation, String consistency) {
        if (consistency == null) {
            return new Promise(isolation, null, false, false);
        }
        String c = consistency.strip().toUpperCase(Locale.ROOT);
        if (!c.isEmpty() && Character.isDigit(c.charAt(0))) {
            int mask = Integer.parseInt(c);
            return new Promise(isolation, c, (mask & (READS | INSERTS)) == (READS | INSERTS), (mask & READS) != 0);
        }
        boolean causal = GR_CAUSAL.contains(c);
        return new Promise(isolation, c, causal, causal);
    }

    /** @return the guarantees of this setting, e.g. {@code [REPEATABLE_READ, CAUSAL_READS]} for list-append */
    public List<Guarantee> appendGuarantees() {
        List<Guarantee> g = new ArrayList<>(List.of(isolation.guarantee()));
        if (causalAppendReads) {
            g.add(Guarantee.CAUSAL_READS);
        }
        return g;
    }

    /** @return the list-append classes this setting forbids ({@link Guarantee#forbidden}) */
    public Set<AnomalyClass> appendForbidden() {
        return Guarantee.forbidden(appendGuarantees());
    }

    /**
     * @return true when this setting forbids {@code c}: a wrong bank total where the isolation level forbids lost
     *         updates (a transfer is a read-modify-write), a stale counter read where plain reads are causal, every
     *         other invariant class always (no database may show them)
     */
    public boolean forbids(InvariantClass c) {
        return switch (c) {
            case WRONG_TOTAL -> isolation.guarantee().forbids().contains(AnomalyClass.LOST_UPDATE);
            case STALE_COUNTER_READ -> causalPlainReads;
            default -> true;
        };
    }

    /** @return the guarantee names as results write them, e.g. {@code [repeatable-read, causal-reads]} */
    public List<String> names() {
        List<String> out = new ArrayList<>();
        out.add(isolation.guarantee().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        if (causalAppendReads) {
            out.add("causal-reads");
        } else if (causalPlainReads) {
            out.add("causal-reads (statements beginning with a read)");
        }
        return out;
    }
}
