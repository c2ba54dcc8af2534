package io.clusterbench.workload;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RandomTextTest {
    @Test
    void valuesHaveSysbenchsShape() {
        RandomText text = new RandomText();
        SplittableRandom rng = new SplittableRandom(7);
        for (int groups = 1; groups <= RandomText.C_GROUPS; groups++) {
            String v = text.next(rng, groups);
            assertEquals(12 * groups - 1, v.length(), v);
            assertTrue(v.matches("\\d{11}(-\\d{11})*"), v);
        }
        assertEquals(119, text.next(rng, RandomText.C_GROUPS).length());
        assertEquals(59, text.next(rng, RandomText.PAD_GROUPS).length());
    }

    /** Every digit position is uniform on 0-9 (chi-square with 9 degrees of freedom, far below 0.001's 27.9). */
    @Test
    void everyPositionIsUniform() {
        RandomText text = new RandomText();
        SplittableRandom rng = new SplittableRandom(11);
        int n = 20_000;
        long[][] counts = new long[119][10];
        for (int i = 0; i < n; i++) {
            String v = text.next(rng, RandomText.C_GROUPS);
            for (int p = 0; p < v.length(); p++) {
                if (v.charAt(p) != '-') {
                    counts[p][v.charAt(p) - '0']++;
                }
            }
        }
        for (int p = 0; p < 119; p++) {
            if (p % 12 == 11) {
                continue;
            }
            double chi = 0;
            for (long c : counts[p]) {
                chi += (c - n / 10.0) * (c - n / 10.0) / (n / 10.0);
            }
            assertTrue(chi < 40, "position " + p + " chi-square " + chi);
        }
    }

    @Test
    void appendToWritesTheSameTextIntoALine() {
        RandomText a = new RandomText();
        RandomText b = new RandomText();
        RowStream in = new RowStream((row, line) -> line.field().random(a, new SplittableRandom(row), 5), 3);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[4096];
        for (int n = in.read(buf, 0, buf.length); n > 0; n = in.read(buf, 0, buf.length)) {
            out.write(buf, 0, n);
        }
        StringBuilder want = new StringBuilder();
        for (long row = 0; row < 3; row++) {
            want.append(b.next(new SplittableRandom(row), 5)).append('\n');
        }
        assertEquals(want.toString(), out.toString(StandardCharsets.ISO_8859_1));
    }
}
