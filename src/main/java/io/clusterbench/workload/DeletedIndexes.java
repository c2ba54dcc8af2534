package io.clusterbench.workload;

import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The positions (0-based indexes into a table's id set) of rows a run deleted: a bitmap split into pages
 * of {@value #PAGE_BITS} bits that are allocated on the first delete inside them, so memory follows the
 * deletes (8 KiB per touched page, at most one bit per row) rather than the table size.
 *
 * <p>Thread-safe and lock-free: pages are published with a compare-and-set, bits set with a CAS loop.
 */
final class DeletedIndexes {
    static final int PAGE_BITS = 1 << 16;
    private static final int WORDS = PAGE_BITS / 64;
    private final AtomicReferenceArray<AtomicLongArray> pages;
    private final long size;

    /** @param size positions tracked, {@code [0, size)} */
    DeletedIndexes(long size) {
        this.size = size;
        this.pages = new AtomicReferenceArray<>((int) Math.max(1, (size + PAGE_BITS - 1) / PAGE_BITS));
    }

    /** @return true when this call marked the position, false when it was marked already */
    boolean mark(long index) {
        int p = (int) (index / PAGE_BITS);
        AtomicLongArray page = pages.get(p);
        if (page == null) {
            pages.compareAndSet(p, null, new AtomicLongArray(WORDS));
            page = pages.get(p);
        }
        int bit = (int) (index % PAGE_BITS);
        long mask = 1L << (bit & 63);
        while (true) {
            long prev = page.get(bit >>> 6);
            if ((prev & mask) != 0) {
                return false;
            }
            if (page.compareAndSet(bit >>> 6, prev, prev | mask)) {
                return true;
            }
        }
    }

    boolean contains(long index) {
        AtomicLongArray page = pages.get((int) (index / PAGE_BITS));
        if (page == null) {
            return false;
        }
        int bit = (int) (index % PAGE_BITS);
        return (page.get(bit >>> 6) & (1L << (bit & 63))) != 0;
    }

    /**
     * @param from 0-based start position, in {@code [0, size)}
     * @return the first position at or after {@code from} (wrapping past the end) that is not marked, or -1
     *         when every position is marked
     */
    long nextUnmarked(long from) {
        for (long scanned = 0, i = from; scanned < size; scanned++, i = i + 1 == size ? 0 : i + 1) {
            AtomicLongArray page = pages.get((int) (i / PAGE_BITS));
            if (page == null) {
                return i; // a page with no deletes at all
            }
            if (!contains(i)) {
                return i;
            }
        }
        return -1;
    }

    /** @return heap bytes held by the page table and the allocated pages */
    long memoryBytes() {
        long bytes = 16 + 8L * pages.length();
        for (int p = 0; p < pages.length(); p++) {
            if (pages.get(p) != null) {
                bytes += 16 + 8L * WORDS;
            }
        }
        return bytes;
    }
}
