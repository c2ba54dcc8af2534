package io.clusterbench.workload;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * sysbench's {@code c} and {@code pad} values: groups of 11 random digits joined by '-'
 * ({@code oltp_common.lua} {@code c_value_template}: 10 groups, 119 chars; {@code pad_value_template}:
 * 5 groups, 59 chars).
 *
 * <p>Confined to one thread: it reuses one byte buffer. Shared by the families that fill sbtest-shaped
 * rows (oltp, ddl, bigtrx).
 */
public final class RandomText {
    /** Groups of sysbench's {@code c} value (119 characters). */
    public static final int C_GROUPS = 10;
    /** Groups of sysbench's {@code pad} value (59 characters). */
    public static final int PAD_GROUPS = 5;
    private final byte[] buffer = new byte[C_GROUPS * 12];

    /** @return a fresh random value of {@code groups} groups */
    public String next(SplittableRandom rng, int groups) {
        int len = groups * 12 - 1;
        long bits = 0;
        int left = 0;
        for (int i = 0; i < len; i++) {
            if (i % 12 == 11) {
                buffer[i] = '-';
                continue;
            }
            if (left == 0) {
                bits = rng.nextLong() >>> 1;
                left = 18;
            }
            buffer[i] = (byte) ('0' + (bits % 10));
            bits /= 10;
            left--;
        }
        return new String(buffer, 0, len, StandardCharsets.ISO_8859_1);
    }
}
