package io.clusterbench.explain;

import io.clusterbench.lifecycle.Lifecycle;
import io.clusterbench.result.FactKeys;
import io.clusterbench.result.Facts;
import io.clusterbench.result.ServerResources;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Resources per transaction: each server process's CPU (user, system), context switches (voluntary, involuntary)
 * and storage bytes between the measured phase's start and end, from this host's {@code /proc} or, for a server
 * elsewhere, through {@code --server-proc-cmd} ({@link ProcCommand}); a server elsewhere without a command is
 * {@link ExplainNode#NOT_ON_THIS_HOST}. Schedule: one reading at the measured start, one at its end (for a local
 * server taken in {@link #measuringEnded}, a few files, about 1 µs per server thread); nothing per interval. Cost
 * budget: the readings' time is recorded ({@code readMicros}).
 *
 * <p>Confined to its {@code AsyncObserver}'s thread, except {@link #measuringEnded} (the engine's thread),
 * {@link #finish} and {@link #facts} (the command's thread): they share the arrays under this object's lock (never
 * held while a command runs) and the volatile fields.
 */
final class ResourceObserver implements Finishing {
    private final List<ExplainNode> nodes;
    private final String command;
    private final Path proc;
    private volatile Map<String, String> names = Map.of();
    private final Reading[] first;
    private final Reading[] last;
    private final ProcCommand[] pendingEnd;
    private final Lifecycle.Owned[] pendingOwned;
    private final Lifecycle life;
    private final String[] failure;
    private volatile boolean ended;
    private volatile ServerResources result;

    /** A reading and when it was taken ({@link System#nanoTime}) and how long it took, ns. */
    private record Reading(ProcReading proc, long atNanos, long tookNanos) {
    }

    /**
     * @param nodes   the target's endpoints
     * @param command {@code --server-proc-cmd} for servers elsewhere, or null
     * @param proc    this host's /proc
     * @param life    the command's lifecycle, which owns the remote end readings' commands until collected
     */
    ResourceObserver(List<ExplainNode> nodes, String command, Path proc, Lifecycle life) {
        this.life = life;
        this.nodes = List.copyOf(nodes);
        this.command = command;
        this.proc = proc;
        this.first = new Reading[nodes.size()];
        this.last = new Reading[nodes.size()];
        this.pendingEnd = new ProcCommand[nodes.size()];
        this.pendingOwned = new Lifecycle.Owned[nodes.size()];
        this.failure = new String[nodes.size()];
    }

    @Override
    public String name() {
        return FactKeys.SERVER_RESOURCES.name();
    }

    @Override
    public void nameNodes(Map<String, String> namesByEndpoint) {
        names = Map.copyOf(namesByEndpoint);
    }

    /** Reads every server (a command for a remote one, at most {@link ProcCommand#TIMEOUT}), then publishes them. */
    @Override
    public void start() {
        Reading[] read = new Reading[nodes.size()];
        String[] why = new String[nodes.size()];
        for (ExplainNode n : nodes) {
            long t0 = System.nanoTime();
            try {
                ProcReading r = n.local() ? ProcReading.read(proc, n.pid())
                        : command == null ? null : launch(n).await(ProcCommand.TIMEOUT);
                if (r == null && n.local()) {
                    why[n.index()] = "the server process " + n.pid() + " could not be read at the start";
                }
                read[n.index()] = r == null ? null : new Reading(r, t0, System.nanoTime() - t0);
            } catch (IOException e) {
                why[n.index()] = e.getMessage();
            }
        }
        synchronized (this) { // never held while reading: measuringEnded must not wait for a slow command
            for (int i = 0; i < read.length; i++) {
                first[i] = read[i];
                failure[i] = why[i];
            }
        }
    }

    private ProcCommand launch(ExplainNode n) throws IOException {
        return ProcCommand.launch(command, n.endpoint().host(), n.endpoint().port(), n.name(names), n.index() + 1);
    }

    /** Takes the end readings of local servers now; starts the commands of remote ones (read in {@link #close}). */
    @Override
    public synchronized void measuringEnded() {
        ended = true;
        for (ExplainNode n : nodes) {
            if (first[n.index()] == null) {
                continue;
            }
            long t0 = System.nanoTime();
            if (n.local()) {
                ProcReading r = ProcReading.read(proc, n.pid());
                last[n.index()] = r == null ? null : new Reading(r, t0, System.nanoTime() - t0);
                if (r == null) {
                    failure[n.index()] = "the server process " + n.pid() + " ended before the end reading";
                }
            } else {
                try {
                    ProcCommand c = launch(n);
                    pendingEnd[n.index()] = c;
                    pendingOwned[n.index()] = life.own("--server-proc-cmd of " + n.endpoint().label(), c::close);
                } catch (IOException e) {
                    failure[n.index()] = e.getMessage();
                }
            }
        }
    }

    @Override
    public Map<String, Object> sample(double intervalSeconds) {
        return Map.of();
    }

    @Override
    public Facts facts() {
        ServerResources r = result;
        return r == null ? Facts.NONE : Facts.NONE.with(FactKeys.SERVER_RESOURCES, r);
    }

    /** Nothing to release: the end readings' commands are collected by {@link #finish}. */
    @Override
    public void close() {
    }

    /**
     * Collects the remote end readings (their commands began at the measured end) until the step's end deadline
     * ({@link Lifecycle#endDeadlineNanos}) and makes the step's facts.
     */
    @Override
    public synchronized void finish() {
        if (result != null || !ended) {
            return;
        }
        List<ServerResources.Node> out = new ArrayList<>();
        for (ExplainNode n : nodes) {
            int i = n.index();
            if (pendingEnd[i] != null) {
                long t0 = System.nanoTime();
                try (ProcCommand c = pendingEnd[i]) {
                    last[i] = new Reading(c.await(java.time.Duration.ofNanos(Math.max(0,
                            life.endDeadlineNanos() - t0))), t0, System.nanoTime() - t0);
                } catch (IOException e) {
                    failure[i] = e.getMessage();
                } finally {
                    pendingOwned[i].release();
                }
            }
            out.add(node(n));
        }
        result = new ServerResources(out);
    }

    private ServerResources.Node node(ExplainNode n) {
        String name = n.name(names);
        String label = n.endpoint().label();
        int i = n.index();
        if (!n.local() && command == null) {
            return ServerResources.Node.absent(name, label, ExplainNode.NOT_ON_THIS_HOST
                    + " (give --server-proc-cmd to read its /proc through a command)");
        }
        if (first[i] == null || last[i] == null) {
            return ServerResources.Node.absent(name, label, failure[i] != null ? failure[i] : "no end reading");
        }
        ProcReading a = first[i].proc();
        ProcReading b = last[i].proc();
        if (a.pid() != b.pid() || b.userTicks() < a.userTicks() || b.systemTicks() < a.systemTicks()) {
            return ServerResources.Node.absent(name, label, "the server process changed during the step (pid "
                    + a.pid() + " then " + b.pid() + "): a restart is a gap");
        }
        long[] switches = ProcReading.switchesBetween(a, b);
        long micros = 1_000_000 / ProcReading.TICKS_PER_SECOND;
        boolean bytes = a.readBytes() >= 0 && b.readBytes() >= a.readBytes() && b.writeBytes() >= a.writeBytes();
        ServerResources.Deltas d = new ServerResources.Deltas((last[i].atNanos() - first[i].atNanos()) / 1e9,
                (b.userTicks() - a.userTicks()) * micros, (b.systemTicks() - a.systemTicks()) * micros, switches[0],
                switches[1], bytes ? b.readBytes() - a.readBytes() : null, bytes ? b.writeBytes() - a.writeBytes() : null,
                (first[i].tookNanos() + last[i].tookNanos()) / 1000);
        return new ServerResources.Node(name, label, n.local() ? "proc" : "command", null, b.pid(), d, 0, null);
    }
}
