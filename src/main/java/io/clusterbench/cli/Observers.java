package io.clusterbench.cli;

import io.clusterbench.observe.GaleraObserver;
import io.clusterbench.observe.Observer;
import io.clusterbench.target.Target;
import io.clusterbench.target.Topology;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Chooses the observers of a run and gathers their output.
 *
 * <p>Confined to the command's thread.
 */
final class Observers {
    private Observers() {
    }

    /**
     * @param target   the run's target
     * @param embedded true when the target is the embedded server
     * @return the observers to run beside the load (possibly none)
     */
    static List<Observer> forRun(Target target, boolean embedded) {
        return forRun(target, embedded, null);
    }

    /**
     * @param topology the target's discovered topology, or null when unknown
     * @return the observers to run beside the load: a {@link GaleraObserver} when the target is a Galera cluster
     */
    static List<Observer> forRun(Target target, boolean embedded, Topology topology) {
        List<Observer> observers = new ArrayList<>();
        if (topology != null && topology.galera() && !topology.members().isEmpty()) {
            observers.add(new GaleraObserver(target, topology));
        }
        return observers;
    }

    static Map<String, Object> sample(List<Observer> observers, double intervalSeconds) {
        if (observers.isEmpty()) {
            return Map.of();
        }
        Map<String, Object> all = new LinkedHashMap<>();
        for (Observer o : observers) {
            Map<String, Object> sample = o.sample(intervalSeconds);
            if (!sample.isEmpty()) {
                all.put(o.name(), sample);
            }
        }
        return all;
    }

    static String compactLine(List<Observer> observers) {
        StringBuilder b = new StringBuilder();
        for (Observer o : observers) {
            String line = o.compactLine();
            if (!line.isEmpty()) {
                b.append(' ').append(line);
            }
        }
        return b.toString();
    }

    static Map<String, Object> facts(List<Observer> observers) {
        return facts(observers, null);
    }

    /**
     * @param before facts found before the run (topology, consistency), put first
     * @return those facts, then each observer's facts by observer name
     */
    static Map<String, Object> facts(List<Observer> observers, Map<String, Object> before) {
        Map<String, Object> all = new LinkedHashMap<>(before == null ? Map.of() : before);
        for (Observer o : observers) {
            Map<String, Object> f = o.facts();
            if (!f.isEmpty()) {
                all.put(o.name(), f);
            }
        }
        return all;
    }
}
