package io.clusterbench.workload;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * sysbench's {@code c} and {@code pad} values: groups of 11 random digits joined by '-'
 * ({@code oltp_common.lua} {@code c_value_template}: 10 groups, 119 chars; {@code pad_value_template}:
 * 5 groups, 59 chars). Every digit is uniform on 0-9 and independent of the others.
 *
 * <p>Digits come three at a time: each {@code nextLong()} gives six 10-bit numbers, a number below 1000 picks
 * one of the 1000 three-digit strings of a table and a number from 1000 to 1023 (2.3 %) is skipped, so no
 * digit is biased. No division: the loaders generate 170 digits per row, and with the C1 compiler (which
 * {@code prepare} uses up to 4M rows) the earlier 18-digits-per-draw version's 64-bit divisions by 1000 were
 * the first item of a load's client CPU profile (docs/loading.md).
 *
 * <p>Confined to one thread: it reuses one byte buffer. Shared by the families that fill sbtest-shaped
 * rows (oltp, ddl, bigtrx) and the loaders.
 */
public final class RandomText {
    /** Groups of sysbench's {@code c} value (119 characters). */
    public static final int C_GROUPS = 10;
    /** Groups of sysbench's {@code pad} value (59 characters). */
    public static final int PAD_GROUPS = 5;
    private static final byte[] TRIPLES = new byte[3000];

    static {
        for (int i = 0; i < 1000; i++) {
            TRIPLES[3 * i] = (byte) ('0' + i / 100);
            TRIPLES[3 * i + 1] = (byte) ('0' + i / 10 % 10);
            TRIPLES[3 * i + 2] = (byte) ('0' + i % 10);
        }
    }

    private final byte[] buffer = new byte[C_GROUPS * 12 + 18];
    private final byte[] digits = new byte[C_GROUPS * 11 + 3];

    /** @return a fresh random value of {@code groups} groups */
    public String next(SplittableRandom rng, int groups) {
        return new String(buffer, 0, fill(rng, groups), StandardCharsets.ISO_8859_1);
    }

    /**
     * Writes a fresh random value of {@code groups} groups into {@code line}, without an intermediate String.
     *
     * @param groups 1..{@link #C_GROUPS}
     */
    public void appendTo(RowStream.Line line, SplittableRandom rng, int groups) {
        line.bytes(buffer, 0, fill(rng, groups));
    }

    /** Fills {@code buffer} with {@code groups} groups; @return its length in bytes ({@code 12 * groups - 1}) */
    private int fill(SplittableRandom rng, int groups) {
        int need = groups * 11;
        long bits = 0;
        int left = 0;
        for (int d = 0; d < need; d += 3) {
            int t;
            do {
                if (left == 0) {
                    bits = rng.nextLong();
                    left = 6;
                }
                t = (int) (bits & 1023);
                bits >>>= 10;
                left--;
            } while (t >= 1000);
            t *= 3;
            digits[d] = TRIPLES[t];
            digits[d + 1] = TRIPLES[t + 1];
            digits[d + 2] = TRIPLES[t + 2];
        }
        int len = groups * 12 - 1;
        for (int g = 0; g < groups; g++) {
            System.arraycopy(digits, g * 11, buffer, g * 12, 11);
            if (g + 1 < groups) {
                buffer[g * 12 + 11] = '-';
            }
        }
        return len;
    }
}
