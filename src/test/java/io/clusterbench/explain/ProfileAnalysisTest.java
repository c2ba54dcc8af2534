package io.clusterbench.explain;

import io.clusterbench.result.CpuProfile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Top functions, concentration and categories from folded stacks; the folded file written and read back. */
class ProfileAnalysisTest {
    private static Map<String, Long> stacks() {
        Map<String, Long> s = new LinkedHashMap<>();
        s.put("mariadbd;dispatch_command;mysql_parse;Item_func_sha2::val_str_ascii;my_sha256", 60L);
        s.put("mariadbd;dispatch_command;mysql_parse;Item_func_sha2::val_str_ascii", 20L);
        s.put("mariadbd;dispatch_command;row_search_mvcc;ut_delay", 15L);
        s.put("mariadbd;dispatch_command;my_net_write;__send", 4L);
        s.put("mariadbd;malloc", 1L);
        return s;
    }

    @Test
    void selfTotalAndCategoriesAddUp() {
        ProfileAnalysis a = ProfileAnalysis.of(stacks());
        assertEquals(100, a.samples());
        assertEquals(new CpuProfile.Share("my_sha256", 60, 60.0), a.topSelf().get(0));
        assertEquals(new CpuProfile.Share("Item_func_sha2::val_str_ascii", 20, 20.0), a.topSelf().get(1));
        // total: once per sample wherever it appears; the thread name is no function
        assertEquals(new CpuProfile.Share("dispatch_command", 99, 99.0), a.topTotal().get(0));
        assertEquals(new CpuProfile.Share("Item_func_sha2::val_str_ascii", 80, 80.0), a.topTotal().get(1));
        assertEquals(15.0, a.lockSharePercent());
        assertEquals("execute", a.categories().get(0).name());
        assertEquals(80.0, a.categories().get(0).sharePercent());
    }

    @Test
    void concentrationCountsTheFewestFunctionsHoldingEachShare() {
        CpuProfile.Concentration c = ProfileAnalysis.of(stacks()).concentration();
        assertEquals(new CpuProfile.Concentration(1, 3, 4), c); // 60 | 60+20+15=95 | 95+4=99
    }

    @Test
    void theFoldedFileReadsBackAsWritten(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("profile.folded");
        FoldedFile.write(f, new java.util.TreeMap<>(stacks()));
        assertEquals(new java.util.TreeMap<>(stacks()), new java.util.TreeMap<>(ProfileAnalysis.readFolded(f)));
    }

    @Test
    void theUserSpaceViewChargesKernelTimeToTheFunctionThatEnteredTheKernel() {
        Map<String, Long> s = new LinkedHashMap<>();
        s.put("mariadbd;do_command;my_net_write;__send;tcp_sendmsg_[k];_raw_spin_unlock_irqrestore_[k]", 30L);
        s.put("mariadbd;do_command;row_search_mvcc", 10L);
        s.put("mariadbd;finish_task_switch.isra.0_[k]", 5L);
        ProfileAnalysis a = ProfileAnalysis.of(s);
        assertEquals(new CpuProfile.Share("_raw_spin_unlock_irqrestore_[k]", 30, 66.67), a.topSelf().get(0));
        assertEquals(new CpuProfile.Share("__send", 30, 66.67), a.topUserSelf().get(0));
        assertEquals(new CpuProfile.Share("row_search_mvcc", 10, 22.22), a.topUserSelf().get(1));
        assertEquals(new CpuProfile.Share(ProfileAnalysis.KERNEL_ONLY, 5, 11.11), a.topUserSelf().get(2));
    }
}
