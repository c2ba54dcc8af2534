package io.clusterbench.workload;

import java.io.InputStream;
import java.util.Arrays;

/**
 * Rows of one load chunk as the bytes of a tab-separated file ({@code LOAD DATA} defaults: fields by tab,
 * lines by newline), generated while the driver reads them, so a chunk of any size is streamed from memory
 * without a file and without holding the chunk.
 *
 * <p>Confined to the thread that reads it (the loader connection's thread).
 */
public final class RowStream extends InputStream {
    /**
     * Most bytes one {@link #read(byte[], int, int)} returns: MariaDB Connector/J (3.5) sends a local infile
     * as one packet per read of 8192 bytes, into a packet buffer of 8192 bytes of which 4 hold the packet
     * header. A full 8192-byte read overflows it, and the driver then allocates a 128 KB buffer for every
     * packet and drops it at the flush (a fifth of a load's client CPU samples); 8188 bytes fit.
     */
    public static final int MAX_READ = 8192 - 4;
    /** Writes one row's fields into a {@link Line}. */
    @FunctionalInterface
    public interface Rows {
        /**
         * @param row  0-based row number within the chunk
         * @param line where to append the row's fields
         */
        void write(long row, Line line);
    }

    /** A growable byte buffer for one or more lines; fields are separated by {@link #field()}. */
    public static final class Line {
        private byte[] bytes = new byte[64 * 1024];
        private int length;
        private boolean firstField = true;

        /** Starts the next field (a tab unless it is the line's first). */
        public Line field() {
            if (!firstField) {
                put((byte) '\t');
            }
            firstField = false;
            return this;
        }

        /** Appends a decimal number. */
        public Line number(long v) {
            if (v < 0 || v >= 1_000_000_000_000_000L) {
                return text(Long.toString(v));
            }
            ensure(19);
            int digits = 1;
            for (long x = v; x >= 10; x /= 10) {
                digits++;
            }
            for (int i = length + digits - 1; i >= length; i--) {
                bytes[i] = (byte) ('0' + v % 10);
                v /= 10;
            }
            length += digits;
            return this;
        }

        /**
         * Appends a fixed-point number with two decimals, {@code hundredths / 100}: 1234 → {@code 12.34},
         * 5 → {@code 0.05}; {@code hundredths} &ge; 0.
         */
        public Line fixed2(long hundredths) {
            number(hundredths / 100);
            ensure(3);
            int frac = (int) (hundredths % 100);
            bytes[length++] = '.';
            bytes[length++] = (byte) ('0' + frac / 10);
            bytes[length++] = (byte) ('0' + frac % 10);
            return this;
        }

        /** Appends SQL NULL as {@code LOAD DATA} reads it ({@code \N}); call it as the whole field. */
        public Line nul() {
            ensure(2);
            bytes[length++] = '\\';
            bytes[length++] = 'N';
            return this;
        }

        /** Appends Latin-1 text that holds no tab, newline or backslash (the caller guarantees it). */
        public Line text(String s) {
            int n = s.length();
            ensure(n);
            s.getBytes(0, n, bytes, length); // Latin-1 by definition of the caller's text
            length += n;
            return this;
        }

        /** Appends Latin-1 bytes that hold no tab, newline or backslash. */
        public Line bytes(byte[] b, int from, int n) {
            ensure(n);
            System.arraycopy(b, from, bytes, length, n);
            length += n;
            return this;
        }

        /** Appends a random sysbench text value of {@code groups} groups ({@link RandomText}). */
        public Line random(RandomText text, java.util.SplittableRandom rng, int groups) {
            text.appendTo(this, rng, groups);
            return this;
        }

        private void endLine() {
            put((byte) '\n');
            firstField = true;
        }

        private void put(byte b) {
            ensure(1);
            bytes[length++] = b;
        }

        private void ensure(int more) {
            if (length + more > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + more));
            }
        }
    }

    private final Rows rows;
    private final long count;
    private final Line line = new Line();
    private long next;
    private int read;

    /**
     * @param rows  writes each row
     * @param count rows in the chunk, &ge; 0
     */
    public RowStream(Rows rows, long count) {
        this.rows = rows;
        this.count = count;
    }

    /** @return rows handed to the reader so far */
    public long rowsWritten() {
        return next;
    }

    @Override
    public int read() {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) {
        if (read == line.length) {
            line.length = 0;
            read = 0;
            while (next < count && line.length < 32 * 1024) {
                rows.write(next++, line);
                line.endLine();
            }
            if (line.length == 0) {
                return -1;
            }
        }
        int n = Math.min(Math.min(len, MAX_READ), line.length - read);
        System.arraycopy(line.bytes, read, b, off, n);
        read += n;
        return n;
    }
}
