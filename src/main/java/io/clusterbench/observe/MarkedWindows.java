package io.clusterbench.observe;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Time windows during which a workload ran a statement whose cost to the cluster is measured apart: a DDL
 * statement or a large transaction. Sessions call {@link #begin} and {@link #end} around the statement; the
 * {@link CommitGapObserver} reads the windows and measures each node's longest commit gap during them.
 * Sessions never read the clock: this class stamps the times ({@link System#nanoTime()}).
 *
 * <p>Thread-safe: every method takes this object's lock; the work under it is a few field writes, so a
 * worker is never held up by the observer.
 */
public final class MarkedWindows {
    /** One marked statement. Fields are guarded by the owning {@link MarkedWindows}' lock. */
    static final class Window {
        final String kind;
        final String endpoint;
        final long startNanos;
        long endNanos = -1;
        boolean failed;

        Window(String kind, String endpoint, long startNanos) {
            this.kind = kind;
            this.endpoint = endpoint;
            this.startNanos = startNanos;
        }
    }

    private final List<Window> pending = new ArrayList<>();
    private final List<Consumer<Boolean>> listeners = new ArrayList<>();
    private final List<Consumer<Boolean>> preparationListeners = new ArrayList<>();
    private int open;
    private int preparing;

    /**
     * Marks the start of a statement.
     *
     * @param kind     the statement's class name, e.g. {@code ddl_force} or {@code bigtrx_update}
     * @param endpoint label of the endpoint that runs it ({@code host:port})
     * @return a token for {@link #end}
     */
    public synchronized Object begin(String kind, String endpoint) {
        Window w = new Window(kind, endpoint, System.nanoTime());
        pending.add(w);
        if (open++ == 0) {
            listeners.forEach(l -> l.accept(true));
        }
        return w;
    }

    /**
     * Marks the end of the statement {@code token} came from; a second call for one token is ignored.
     *
     * @param token  what {@link #begin} returned
     * @param failed true when the statement failed (the window is still measured, and flagged)
     */
    public synchronized void end(Object token, boolean failed) {
        Window w = (Window) token;
        if (w.endNanos >= 0) {
            return;
        }
        w.endNanos = System.nanoTime();
        w.failed = failed;
        if (--open == 0) {
            listeners.forEach(l -> l.accept(false));
        }
    }

    /**
     * Marks the start of heavy work a workload does to set up its marked statements (the ddl family's table fill:
     * INSERT … SELECT of 10000-row chunks). It is no marked statement (no commit gap is measured for it), but its
     * intervals are not steady either: a background workload's intervals during it are neither "quiet" nor
     * "marked" (docs/metrics.md, "Background workload").
     *
     * @return a token for {@link #endPreparation}
     */
    public synchronized Object beginPreparation() {
        Object token = new Object[]{Boolean.FALSE};
        if (preparing++ == 0) {
            preparationListeners.forEach(l -> l.accept(true));
        }
        return token;
    }

    /** Marks the end of the preparation {@code token} came from; a second call for one token is ignored. */
    public synchronized void endPreparation(Object token) {
        Object[] t = (Object[]) token;
        if (t[0] == Boolean.TRUE) {
            return;
        }
        t[0] = Boolean.TRUE;
        if (--preparing == 0) {
            preparationListeners.forEach(l -> l.accept(false));
        }
    }

    /**
     * Registers a listener told {@code true} when the first preparation starts and {@code false} when the last one
     * ends; same rules as {@link #onActivity}.
     */
    public synchronized void onPreparation(Consumer<Boolean> listener) {
        preparationListeners.add(listener);
    }

    /** @return true while at least one marked statement runs */
    public synchronized boolean active() {
        return open > 0;
    }

    /**
     * Registers a listener told {@code true} when the first marked statement starts and {@code false}
     * when the last one ends (e.g. to attribute a background workload's intervals). It runs on the worker
     * thread that starts or ends the statement, under this object's lock: it must be a few field writes.
     */
    public synchronized void onActivity(Consumer<Boolean> listener) {
        listeners.add(listener);
    }

    /** @return the windows begun since the last call, ended or not, oldest first; the list is handed over */
    synchronized List<Window> takeNew() {
        List<Window> taken = new ArrayList<>(pending);
        pending.clear();
        return taken;
    }

    /** @return a copy of the window's end time, or -1 while it runs */
    synchronized long endNanos(Window w) {
        return w.endNanos;
    }

    /** @return whether the window's statement failed (false while it runs) */
    synchronized boolean failed(Window w) {
        return w.failed;
    }
}
