package io.clusterbench.anomaly;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The counter invariant over a history. Each read (not final) must show at least the increments acknowledged before
 * it was invoked (else a real-time stale read) and at most the acknowledged and unknown increments invoked before it
 * completed (else it counts something that never happened). Each final read must lie between the acknowledged
 * increments and those plus the unknown ones: below, acknowledged increments were lost; above, increments were
 * applied that the client was told failed (or applied twice).
 *
 * <p>Immutable.
 *
 * @param acknowledged    increments acknowledged
 * @param failed          increments that failed
 * @param unknown         increments whose outcome is unknown
 * @param readsChecked    acknowledged reads that are not final reads
 * @param staleReads      of those, reads below the acknowledged increments before them
 * @param impossibleReads of those, reads above every increment invoked before them
 * @param finals          the final reads, by node
 * @param lostIncrements  the most any final read fell short of {@code acknowledged}; 0 when none did
 * @param extraIncrements the most any final read exceeded {@code acknowledged + unknown}; 0 when none did
 * @param witnesses       the first {@value AppendChecker#MAX_WITNESSES} reads that broke a rule
 * @param witnessClasses  for each witness, the rule it broke
 * @param staleUpperBound95 when no read was stale, the 95% upper bound on the stale-read rate ({@link ClassCount});
 *                        else null
 */
public record CounterCheck(long acknowledged, long failed, long unknown, long readsChecked, long staleReads,
                           long impossibleReads, List<CounterOp> finals, long lostIncrements, long extraIncrements,
                           List<CounterOp> witnesses, List<InvariantClass> witnessClasses,
                           Double staleUpperBound95) {
    /** Copies the lists. */
    public CounterCheck {
        finals = List.copyOf(finals);
        witnesses = List.copyOf(witnesses);
        witnessClasses = List.copyOf(witnessClasses);
    }

    /** @return true when nothing was lost, added or counted from nowhere (stale reads are reported apart) */
    public boolean passed() {
        return lostIncrements == 0 && extraIncrements == 0 && impossibleReads == 0;
    }

    /** @return the check of {@code history}'s counter operations */
    public static CounterCheck of(History history) {
        List<CounterOp> increments = history.counter().stream().filter(o -> o.kind() == CounterOp.Kind.INCREMENT)
                .toList();
        long[] acked = increments.stream().filter(o -> o.outcome() == Outcome.OK).mapToLong(CounterOp::completeMicros)
                .sorted().toArray();
        long[] possible = increments.stream().filter(o -> o.outcome() != Outcome.FAILED)
                .mapToLong(CounterOp::invokeMicros).sorted().toArray();
        long failed = increments.stream().filter(o -> o.outcome() == Outcome.FAILED).count();
        long unknown = increments.size() - acked.length - failed;
        long checked = 0;
        long stale = 0;
        long impossible = 0;
        long lost = 0;
        long extra = 0;
        List<CounterOp> finals = new ArrayList<>();
        List<CounterOp> witnesses = new ArrayList<>();
        List<InvariantClass> classes = new ArrayList<>();
        for (CounterOp r : history.counter()) {
            if (r.kind() != CounterOp.Kind.READ || r.outcome() != Outcome.OK) {
                continue;
            }
            InvariantClass bad = null;
            if (r.finalRead()) {
                finals.add(r);
                lost = Math.max(lost, acked.length - r.value());
                extra = Math.max(extra, r.value() - acked.length - unknown);
                bad = r.value() < acked.length ? InvariantClass.LOST_INCREMENT
                        : r.value() > acked.length + unknown ? InvariantClass.EXTRA_INCREMENT : null;
            } else {
                checked++;
                boolean low = r.value() < before(acked, r.invokeMicros());
                boolean high = r.value() > before(possible, r.completeMicros() + 1);
                stale += low ? 1 : 0;
                impossible += high ? 1 : 0;
                bad = low ? InvariantClass.STALE_COUNTER_READ : high ? InvariantClass.IMPOSSIBLE_COUNTER_READ : null;
            }
            if (bad != null && witnesses.size() < AppendChecker.MAX_WITNESSES) {
                witnesses.add(r);
                classes.add(bad);
            }
        }
        return new CounterCheck(acked.length, failed, unknown, checked, stale, impossible, finals, lost, extra,
                witnesses, classes, stale == 0 ? ClassCount.zeroUpperBound95(checked) : null);
    }

    /** @return how many of the sorted {@code times} are strictly before {@code micros} */
    private static long before(long[] times, long micros) {
        int i = Arrays.binarySearch(times, micros);
        if (i < 0) {
            return -i - 1;
        }
        while (i > 0 && times[i - 1] == micros) {
            i--;
        }
        return i;
    }
}
