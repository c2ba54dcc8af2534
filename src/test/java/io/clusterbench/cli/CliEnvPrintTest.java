package io.clusterbench.cli;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What a command prints without a line break reaches the stream at once (a sweep's step header appeared late). */
class CliEnvPrintTest {

    @Test
    void printIsFlushedAtOnce() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintWriter out = new PrintWriter(new java.io.OutputStreamWriter(bytes, StandardCharsets.UTF_8), true);
        CliEnv env = new CliEnv(Map.of(), null, out, out, io.clusterbench.lifecycle.Lifecycle.detached(), List.of());
        env.print("[step 1/3] 1 thread, repeat 1/1 — about 9s left\n");
        assertEquals("[step 1/3] 1 thread, repeat 1/1 — about 9s left\n", bytes.toString(StandardCharsets.UTF_8));
    }
}
