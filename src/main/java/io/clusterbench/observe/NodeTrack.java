package io.clusterbench.observe;

/**
 * One node's commit counter as the {@link CommitGapObserver}'s poller last read it. Confined to the poller
 * thread.
 */
final class NodeTrack {
    long value;
    /** When the counter was last seen to change ({@link System#nanoTime()}), or the first read. */
    long lastChangeNanos;
    /** When the read before this one was taken. */
    long previousReadNanos;
    long readNanos;
    boolean changed;
    int state;
    long recvQueue;
    /** False when the last read failed: nothing is concluded from this node until it answers again. */
    boolean fresh;

    NodeTrack(long value, long nowNanos) {
        this.value = value;
        this.lastChangeNanos = nowNanos;
        this.readNanos = nowNanos;
    }

    /** Records a read of {@code newValue}; {@link #changed} tells whether the counter moved. */
    void read(long newValue, int newState, long queue, long nowNanos) {
        previousReadNanos = readNanos;
        readNanos = nowNanos;
        changed = newValue != value;
        value = newValue;
        state = newState;
        recvQueue = queue;
        fresh = true;
    }

    /** Called after every window has seen this read: a change becomes the new gap start. */
    void settle(long nowNanos) {
        if (changed) {
            lastChangeNanos = readNanos;
        }
    }
}
