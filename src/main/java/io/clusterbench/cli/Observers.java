package io.clusterbench.cli;

import io.clusterbench.observe.Observer;
import io.clusterbench.target.Target;

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
        List<Observer> observers = new ArrayList<>();
        return observers;
    }

    static Map<String, Object> sample(List<Observer> observers, double intervalSeconds) {
        if (observers.isEmpty()) {
            return Map.of();
        }
        Map<String, Object> all = new LinkedHashMap<>();
        for (Observer o : observers) {
            all.put(o.name(), o.sample(intervalSeconds));
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
        Map<String, Object> all = new LinkedHashMap<>();
        for (Observer o : observers) {
            Map<String, Object> f = o.facts();
            if (!f.isEmpty()) {
                all.put(o.name(), f);
            }
        }
        return all;
    }
}
