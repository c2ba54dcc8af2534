package io.clusterbench.workload;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The LOAD DATA bytes a chunk streams: tab-separated fields, one line per row, any read size. */
class RowStreamTest {
    @Test
    void rowsBecomeTabSeparatedLinesWhateverTheReadSize() {
        RowStream.Rows rows = (row, line) -> line.field().number(5_000_000_000L + row).field().number(row * 7)
                .field().text("x-" + row);
        StringBuilder expected = new StringBuilder();
        for (int i = 0; i < 5000; i++) {
            expected.append(5_000_000_000L + i).append('\t').append(i * 7).append('\t').append("x-").append(i)
                    .append('\n');
        }
        for (int readSize : new int[]{1, 7, 8192, 1 << 20}) {
            RowStream in = new RowStream(rows, 5000);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[readSize];
            for (int n = in.read(buf, 0, buf.length); n > 0; n = in.read(buf, 0, buf.length)) {
                out.write(buf, 0, n);
            }
            assertEquals(expected.toString(), out.toString(StandardCharsets.ISO_8859_1), "read size " + readSize);
            assertEquals(5000, in.rowsWritten());
        }
    }
}
