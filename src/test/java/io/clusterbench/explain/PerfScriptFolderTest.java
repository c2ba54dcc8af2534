package io.clusterbench.explain;

import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Folding perf script's output: real samples of the embedded MariaDB under oltp_read_write, and edge cases. */
class PerfScriptFolderTest {
    private static final String FIXTURE = "src/test/resources/explain/perf-script-oltp.txt";

    private static PerfScriptFolder fold(String text, long from, long to) throws Exception {
        PerfScriptFolder f = new PerfScriptFolder(from, to);
        f.read(new BufferedReader(new StringReader(text)));
        return f;
    }

    @Test
    void everySampleOfTheWindowIsOneStackCount() throws Exception {
        PerfScriptFolder f = fold(Files.readString(Path.of(FIXTURE)), 0, Long.MAX_VALUE);
        Map<String, Long> stacks = f.stacks().get(17368L);
        assertEquals(200, stacks.values().stream().mapToLong(Long::longValue).sum());
        assertEquals(0, f.outsideWindow());
        assertTrue(stacks.keySet().stream().allMatch(s -> s.startsWith("mariadbd;")), "the thread is the root frame");
        assertTrue(stacks.keySet().stream().anyMatch(s -> s.endsWith(";Field::get_possible_keys")), stacks.keySet()
                .toString());
        assertTrue(stacks.keySet().stream().anyMatch(s -> s.contains("_[k]")), "kernel frames are marked");
    }

    @Test
    void samplesOutsideTheWindowAreLeftOut() throws Exception {
        // the fixture's samples span 4393.485426 .. 4393.927788 s
        PerfScriptFolder f = fold(Files.readString(Path.of(FIXTURE)), 4393_700_000_000L, 4394_000_000_000L);
        long kept = f.stacks().get(17368L).values().stream().mapToLong(Long::longValue).sum();
        assertEquals(200, kept + f.outsideWindow());
        assertTrue(kept > 0 && f.outsideWindow() > 0, kept + " kept");
        assertTrue(f.firstSampleNanos().get(17368L) >= 4393_700_000_000L);
    }

    @Test
    void framesAreNamedAsFlameGraphsExpect() {
        assertEquals("Item_func_sha2::val_str_ascii", PerfScriptFolder.frame("Item_func_sha2::val_str_ascii (/usr/sbin/mariadbd)"));
        assertEquals("[libcrypto.so.3]", PerfScriptFolder.frame("[unknown] (/usr/lib/x86_64-linux-gnu/libcrypto.so.3)"));
        assertEquals("[unknown]", PerfScriptFolder.frame("[unknown] ([unknown])"));
        assertEquals("tcp_sendmsg_[k]", PerfScriptFolder.frame("tcp_sendmsg ([kernel.kallsyms])"));
        assertEquals("pthread_mutex_trylock", PerfScriptFolder.frame("pthread_mutex_trylock@@GLIBC_2.34 (/usr/lib/x86_64-linux-gnu/libc.so.6)"));
        assertEquals("cfree", PerfScriptFolder.frame("cfree@GLIBC_2.2.5 (/usr/lib/x86_64-linux-gnu/libc.so.6)"));
        assertEquals("std::function<void ()>::operator()",
                PerfScriptFolder.frame("std::function<void ()>::operator() (/usr/sbin/mariadbd)"));
        assertEquals("a:b", PerfScriptFolder.frame("a;b (/x)"), "the folded separator never appears in a frame");
    }

    @Test
    void processesAreKeptApart() throws Exception {
        String text = "mariadbd 10/11  100.000001:\n\t  1 f (/a)\n\n"
                + "mariadbd 20/21  100.000002:\n\t  1 g (/a)\n\t  2 h (/a)\n\n";
        PerfScriptFolder f = fold(text, 0, Long.MAX_VALUE);
        assertEquals(Map.of("mariadbd;f", 1L), f.stacks().get(10L));
        assertEquals(Map.of("mariadbd;h;g", 1L), f.stacks().get(20L));
    }

    @Test
    void lostRecordsAreCountedPerProcessInTheWindowAndNeverTakenForASample() throws Exception {
        // perf script --show-lost-events: a LOST line comes between samples, directly followed by the next header
        String text = "mariadbd 10/11  100.000001:\n\t  1 f (/a)\n\n"
                + "mariadbd 10/12  100.000002: PERF_RECORD_LOST lost 45\n"
                + "mariadbd 10/12  100.000002: \n\t  1 g (/a)\n\n"
                + "mariadbd 10/13  100.500000: PERF_RECORD_LOST lost 7\n"
                + "mariadbd 20/21  100.600000: PERF_RECORD_LOST lost 3\n"
                + "mariadbd 10/11  300.000000: PERF_RECORD_LOST lost 1000\n";
        PerfScriptFolder f = fold(text, 0, 200_000_000_000L);
        assertEquals(Map.of("mariadbd;f", 1L, "mariadbd;g", 1L), f.stacks().get(10L));
        assertEquals(Map.of(10L, 52L, 20L, 3L), f.lostSamples(), "the record after the window is left out");
    }
}
