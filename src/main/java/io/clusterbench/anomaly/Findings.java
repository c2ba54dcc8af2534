package io.clusterbench.anomaly;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The checker's tally while it runs: a count per class and the first {@value AppendChecker#MAX_WITNESSES} witnesses
 * per class (cycles are added shortest first, so those are the shortest).
 *
 * <p>Not thread-safe.
 */
final class Findings {
    private final Map<AnomalyClass, Long> counts = new EnumMap<>(AnomalyClass.class);
    private final Map<AnomalyClass, List<Witness>> witnesses = new EnumMap<>(AnomalyClass.class);

    /** Counts one finding; builds its witness only while fewer than the maximum are kept. */
    void add(AnomalyClass c, Supplier<Witness> witness) {
        counts.merge(c, 1L, Long::sum);
        List<Witness> list = witnesses.computeIfAbsent(c, x -> new ArrayList<>());
        if (list.size() < AppendChecker.MAX_WITNESSES) {
            list.add(witness.get());
        }
    }

    long count(AnomalyClass c) {
        return counts.getOrDefault(c, 0L);
    }

    /** @return every kept witness, by class in enum order, shortest first within a class */
    List<Witness> witnesses() {
        List<Witness> all = new ArrayList<>();
        for (AnomalyClass c : AnomalyClass.values()) {
            List<Witness> list = witnesses.getOrDefault(c, List.of());
            list.stream().sorted(Comparator.comparingInt(w -> w.links().size())).forEach(all::add);
        }
        return all;
    }
}
