package io.clusterbench.result;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Training coverage from folded stacks: functions reached, concentration, what one set reaches and another not. */
class CoverageTest {
    private static Coverage.Input set(String label, Map<String, Long> stacks) {
        return new Coverage.Input(label, label + "/result.json", "w" + label, 1, stacks);
    }

    private static Map<String, Long> reads() {
        Map<String, Long> s = new TreeMap<>();
        s.put("mariadbd;do_command;dispatch_command;row_search_mvcc", 600L);
        s.put("mariadbd;do_command;dispatch_command;my_net_write;__send;tcp_sendmsg_[k]", 300L);
        s.put("mariadbd;do_command;[mariadbd]", 90L);
        s.put("mariadbd;finish_task_switch_[k]", 10L);
        return s;
    }

    private static Map<String, Long> writes() {
        Map<String, Long> s = new TreeMap<>();
        s.put("mariadbd;do_command;dispatch_command;row_upd_step;btr_cur_optimistic_update", 500L);
        s.put("mariadbd;do_command;dispatch_command;trans_commit;log_write_up_to;fdatasync", 499L);
        s.put("mariadbd;do_command;dispatch_command;rare_function", 1L);
        return s;
    }

    @Test
    void oneSetCountsServerFunctionsAndItsConcentration() {
        Coverage c = Coverage.of(List.of(set("A", reads())));
        Coverage.SetFigures a = c.sets().get(0);
        assertEquals(1000, a.samples());
        assertEquals(990, a.attributedSamples(), "kernel-only stacks have no server function");
        // do_command, dispatch_command, row_search_mvcc, my_net_write, __send: not the kernel's, not [mariadbd]
        assertEquals(5, a.functions());
        // self: row_search_mvcc 600, __send 300, do_command 90 (its unsymbolised callee is no function)
        assertEquals(new CpuProfile.Concentration(1, 2, 3), a.concentration());
        assertNull(c.union());
        assertTrue(c.exclusive().isEmpty());
    }

    @Test
    void eachSetListsWhatOnlyItReachesWithTheChanceThatTheOtherMissedIt() {
        Coverage c = Coverage.of(List.of(set("A", reads()), set("B", writes())));
        assertEquals(2000, c.union().samples());
        assertEquals(5 + 8 - 2, c.union().functions(), "do_command and dispatch_command are shared");
        Coverage.Exclusive b = c.exclusive().get(1);
        assertEquals("B", b.label());
        assertEquals(List.of("A"), b.against());
        assertEquals(1000, b.againstSamples());
        assertEquals(6, b.functions());
        Coverage.Function top = b.top().get(0);
        assertEquals("btr_cur_optimistic_update", top.name(), "ties in name order");
        assertEquals(50.0, top.sharePercent());
        assertEquals(50.0, top.selfSharePercent());
        assertEquals(0.0, b.top().get(1).selfSharePercent(), b.top().get(1) + ": a caller, never the innermost");
        assertEquals(Math.pow(0.5, 500), top.chanceIfEqual(), 1e-160, "500 samples, all in B of two equal sets");
        assertTrue(top.beyondChance());
        Coverage.Function rare = b.top().get(b.top().size() - 1);
        assertEquals("rare_function", rare.name());
        assertEquals(0.5, rare.chanceIfEqual(), 1e-12);
        assertTrue(!rare.beyondChance(), "one sample in 1000 is no evidence that A never runs it");
        assertEquals(5, b.beyondChance());
        assertEquals(0.01 / 6, b.chanceThreshold(), 1e-15, "held to 1% over the list of 6");
        assertEquals(100.0, b.selfSharePercent(), "every B sample's self function is one A never reached");
    }

    @Test
    void inputsAddEveryProfiledStepOfAResult(@TempDir Path dir) throws Exception {
        ResultDocument d = SyntheticResults.builder().runs(1, 100).runs(4, 400).build();
        List<RunRecord> runs = d.runs().stream().map(r -> ExplainSamples.with(r, ExplainSamples.facts(1000, 100, 1.0,
                "f", 0))).toList();
        d = new ResultDocument(d.schema(), d.tool(), d.startedAt(), d.command(), d.target(), d.server(), runs,
                d.preflight(), d.tables());
        ResultJson.write(dir.resolve("result.json"), d);
        for (String step : List.of("t0001-r1", "t0004-r1")) {
            Files.createDirectories(dir.resolve("steps").resolve(step));
            Files.writeString(dir.resolve("steps").resolve(step).resolve("profile.folded"), "mariadbd;f 3\nmariadbd;g 1\n");
        }
        List<NamedResult> named = ResultFiles.read(List.of(dir));
        Coverage.Input all = Coverage.inputs(named, null, List.of()).get(0);
        assertEquals(2, all.steps());
        assertEquals(Map.of("mariadbd;f", 6L, "mariadbd;g", 2L), all.stacks());
        Coverage.Input four = Coverage.inputs(named, null, List.of(4)).get(0);
        assertEquals(1, four.steps());
        assertEquals(0, Coverage.inputs(named, "n9", List.of()).get(0).steps(), "no such node");
    }
}
