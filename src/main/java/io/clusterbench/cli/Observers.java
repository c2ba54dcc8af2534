package io.clusterbench.cli;

import io.clusterbench.observe.GaleraObserver;
import io.clusterbench.observe.HostObserver;
import io.clusterbench.observe.Observer;
import io.clusterbench.observe.ServerStatusObserver;
import io.clusterbench.target.Endpoint;
import io.clusterbench.target.Target;
import io.clusterbench.target.Topology;

import java.nio.file.Path;

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
     * @param ctx the run's context (target, server facts, options)
     * @return the observers to run beside the load (possibly none)
     */
    static List<Observer> forRun(RunContext ctx) {
        List<Observer> observers = new ArrayList<>();
        Target target = ctx.target().withSessionVariables(Map.of()); // observers never wait for causality
        Endpoint first = target.endpointFor(0);
        observers.add(new ServerStatusObserver(target, first));
        observers.add(new HostObserver(Path.of("/proc"), serverPid(ctx, first)));
        observers.addAll(ctx.settings.workload().observers(ctx.target()));
        BackgroundObserver background = BackgroundObserver.forRun(ctx.settings, ctx.target());
        if (background != null) {
            observers.add(background);
        }
        Topology topology = ctx.topology();
        if (topology != null && topology.galera() && !topology.members().isEmpty()) {
            observers.add(new GaleraObserver(target, topology));
        }
        return observers;
    }

    /** @return --server-pid, else the local process listening on the first endpoint's port, else -1 */
    private static long serverPid(RunContext ctx, Endpoint first) {
        if (ctx.settings.targetOptions().serverPid > 0) {
            return ctx.settings.targetOptions().serverPid;
        }
        boolean local = first.socket() == null && (first.host().equals("127.0.0.1") || first.host().equals("localhost")
                || first.host().equals("::1"));
        return local ? HostObserver.findServerPid(first.port()) : -1;
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
        return facts(observers, Map.of());
    }

    /**
     * @param before facts found before the run (cluster topology, consistency), put first
     * @return those facts, then each observer's facts by observer name
     */
    static Map<String, Object> facts(List<Observer> observers, Map<String, Object> before) {
        Map<String, Object> all = new LinkedHashMap<>(before);
        for (Observer o : observers) {
            Map<String, Object> f = o.facts();
            if (!f.isEmpty()) {
                all.put(o.name(), f);
            }
        }
        return all;
    }
}
