package io.clusterbench.ab;

import io.clusterbench.result.CpuProfile;
import io.clusterbench.result.ExplainSamples;
import io.clusterbench.report.AbText;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What changed between A and B in the explain facts, with the pairs' intervals (docs/explain.md, "A/B"). */
class ExplainChangeTest {
    /** 4 pairs, ABBA, at one thread count; per pair {cpu A, cpu B, lock A, lock B}, top function per side. */
    private static List<AbRun> runs(double[][] pairs, String functionA, String functionB) {
        List<AbRun> runs = new ArrayList<>();
        List<AbStep> schedule = AbSchedule.of(List.of(1), pairs.length, OrderMode.ABBA, 1);
        for (AbStep s : schedule) {
            double[] p = pairs[s.repeat() - 1];
            boolean b = s.side() == Side.B;
            AbRun r = SyntheticAb.run(s.index(), 1, s.repeat(), s.side(), 1000, 0.1);
            runs.add(new AbRun(r.step(), r.startedSeconds(), ExplainSamples.with(r.run(), ExplainSamples.facts(10_000,
                    b ? p[1] : p[0], b ? p[3] : p[2], b ? functionB : functionA, 5000)), r.serverCpuSeconds(), null));
        }
        return runs;
    }

    @Test
    void theSameServerTwiceResolvesNoChange() {
        double[][] pairs = {{100, 101, 10, 10.5}, {102, 100, 11, 10}, {99, 100.5, 10, 10.2}, {101, 100, 10.4, 10.1}};
        ExplainChange e = AbVerdicts.of(runs(pairs, "MYSQLparse", "MYSQLparse")).get(0).explain();
        assertEquals(4, e.pairs());
        assertFalse(e.cpuMicrosPerEvent().change().resolved(), e.cpuMicrosPerEvent().toString());
        assertFalse(e.lockSharePoints().change().resolved(), e.lockSharePoints().toString());
        assertFalse(e.anyResolved(), e.toString());
        assertEquals(HardwareNotSupported.REASON, e.ipcAbsentReason());
        assertNull(e.ipc());
    }

    @Test
    void aMovedCostIsResolvedWithItsDirection() {
        double[][] pairs = {{100, 130, 10, 20}, {102, 131, 11, 21}, {99, 128, 10, 19.5}, {101, 132, 10.4, 20.6}};
        ExplainChange e = AbVerdicts.of(runs(pairs, "MYSQLparse", "ut_delay")).get(0).explain();
        assertTrue(e.cpuMicrosPerEvent().change().resolved() && e.cpuMicrosPerEvent().change().ratio() > 1.2,
                e.cpuMicrosPerEvent().toString());
        // B +10 points; 5000 samples per step give each pair's B − A a counting spread of 0.7 points, which the
        // interval's spread does not go below (the four differences agree more closely than that)
        PairedDifference lock = e.lockSharePoints().change();
        assertTrue(lock.low() > 4 && lock.high() < 16 && lock.high() - lock.low() > 10, lock.toString());
        // the two top functions swapped places: each moved by its whole 20 points, the only functions that moved
        assertEquals(List.of("MYSQLparse", "ut_delay"), e.functions().stream().limit(2).map(ExplainChange.Shift::name).sorted().toList());
        ExplainChange.Shift spin = e.functions().stream().filter(f -> f.name().equals("ut_delay")).findFirst().orElseThrow();
        assertEquals(20.0, spin.change().difference(), 1e-9);
        // named before looking: the 4 headline figures measured (IPC is not) and the 2 categories seen share half of
        // the 5%; chosen after looking: the 3 functions and 1 wait seen share the other half
        assertEquals(3, e.functionCandidates());
        assertEquals(2, e.categoryCandidates());
        assertEquals(1 - 0.025 / 4, spin.change().confidence(), 1e-12);
        assertEquals(1 - 0.025 / 6, e.cpuMicrosPerEvent().confidence(), 1e-12);
        assertEquals(1 - 0.025 / 6, e.categories().get(0).change().confidence(), 1e-12);
        assertEquals(10, e.figuresJudged());
        String text = String.join("\n", AbText.verdicts(SyntheticAb.document(new double[] {1, 1, 1, 1, 1})
                .withRuns(runs(pairs, "MYSQLparse", "ut_delay"))));
        assertTrue(text.contains("explain: what changed, B vs A"), text);
        assertTrue(text.contains("1 thread, 4 pairs, m = 10: a change resolved"), text);
        assertTrue(text.contains("function ut_delay (%)"), text);
        assertTrue(text.contains("IPC") && text.contains("not supported by this host"), text);
    }

    @Test
    void theDifferenceIntervalUsesTheSameMethodAsTheRatio() {
        // paired: d = 1, 2, 3, 2 → mean 2, s = 0.8165, se = 0.40825, t(0.975, 3) = 3.182446
        PairedDifference d = PairedDifference.of(List.of(0.0, 0.0, 0.0, 0.0), List.of(1.0, 2.0, 3.0, 2.0), null, 0.95);
        assertEquals(2.0, d.difference(), 1e-12);
        assertEquals(2 - 3.182446 * 0.40825, d.low(), 1e-4);
        assertEquals("paired", d.method());
        assertTrue(d.resolved());
        assertEquals("B +2.0 pts [+0.7, +3.3]", d.text(" pts", 1));
        PairedDifference none = PairedDifference.of(List.of(1.0, 1.0, 1.0), List.of(1.5, 0.5, 1.1), null, 0.95);
        assertTrue(none.text(" us", 1).startsWith("no change resolved: [-"), none.text(" us", 1));
        PairedDifference cross = PairedDifference.of(List.of(0.0, 0.0, 0.0, 0.0), List.of(1.0, 2.0, 3.0, 2.0),
                List.of(false, true, true, false), 0.95);
        assertEquals("crossover", cross.method());
    }

    @Test
    void anAbResultWrittenBeforeTheExplainChangeReadsWithoutIt(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path file = dir.resolve("result.json");
        SyntheticAb.document(new double[] {1, 100, 101, 99, 100}).write(file);
        com.fasterxml.jackson.databind.ObjectMapper m = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode tree = (com.fasterxml.jackson.databind.node.ObjectNode) m.readTree(file.toFile());
        tree.get("verdicts").forEach(v -> ((com.fasterxml.jackson.databind.node.ObjectNode) v).remove("explain"));
        m.writeValue(file.toFile(), tree);
        AbDocument d = AbDocument.read(file);
        assertNull(d.verdicts().get(0).explain());
        assertTrue(io.clusterbench.report.AbExplainText.lines(d).isEmpty());
    }

    /** The sample facts' hardware node says what this host says. */
    private static final class HardwareNotSupported {
        static final String REASON = io.clusterbench.result.HardwareCounters.NOT_SUPPORTED;
    }

    @Test
    void twoPairsShowNoIntervalAndResolveNothing() {
        double[][] pairs = {{100, 300, 10, 50}, {102, 100, 11, 10}};
        ExplainChange e = AbVerdicts.of(runs(pairs, "MYSQLparse", "ut_delay")).get(0).explain();
        assertEquals(2, e.pairs());
        assertFalse(e.anyResolved(), "below " + ExplainChange.MIN_PAIRS + " pairs nothing is resolved");
        String text = String.join("\n", AbText.verdicts(SyntheticAb.document(new double[] {1, 1, 1})
                .withRuns(runs(pairs, "MYSQLparse", "ut_delay"))));
        assertTrue(text.matches("(?s).*server CPU/event \\(us\\)\\s+101\\.0\\s+200\\.0\\s+too few pairs for an interval "
                + "\\(2; it needs 3\\).*"), text);
        assertTrue(!text.contains("e+") && !text.matches("(?s).*\\d{5,}%.*"), "no astronomical interval:\n" + text);
    }

    @Test
    void aShareDifferencesIntervalIsCutToThePossibleRange() {
        // 3 pairs with a wild lock share: at the block's simultaneous level the interval would pass ±100 points
        double[][] pairs = {{100, 101, 1, 90}, {102, 100, 80, 2}, {99, 100.5, 3, 85}};
        ExplainChange e = AbVerdicts.of(runs(pairs, "MYSQLparse", "MYSQLparse")).get(0).explain();
        PairedDifference lock = e.lockSharePoints().change();
        assertTrue(lock.clamped(), lock.toString());
        assertTrue(lock.low() >= -100 && lock.high() <= 100, lock.toString());
        assertTrue(lock.text(" pts", 2).endsWith("[-100.00, +100.00] pts (cut to the possible range)"),
                lock.text(" pts", 2));
        PairedDifference raw = PairedDifference.of(List.of(1.0, 80.0, 3.0), List.of(90.0, 2.0, 85.0), null, 0.999);
        assertTrue(raw.low() < -100 && raw.high() > 100 && !raw.clamped(), raw.toString());
    }

    /**
     * {@code pairs} pairs, ABBA, at one thread count, equal in everything but the profile's function list, which
     * {@code functions} gives per step (side, repeat).
     */
    private static List<AbRun> profiled(int pairs, long samples,
                                        java.util.function.BiFunction<Side, Integer, List<CpuProfile.Share>> functions) {
        List<AbRun> runs = new ArrayList<>();
        for (AbStep s : AbSchedule.of(List.of(1), pairs, OrderMode.ABBA, 1)) {
            AbRun r = SyntheticAb.run(s.index(), 1, s.repeat(), s.side(), 1000, 0.1);
            io.clusterbench.result.Facts facts = ExplainSamples.withFunctions(ExplainSamples.facts(10_000,
                    100 + s.repeat() % 3, 10 + s.repeat() % 2, "MYSQLparse", 5000), samples,
                    functions.apply(s.side(), s.repeat()));
            runs.add(new AbRun(r.step(), r.startedSeconds(), ExplainSamples.with(r.run(), facts), r.serverCpuSeconds(),
                    null));
        }
        return runs;
    }

    private static CpuProfile.Share share(String name, long samples, long of) {
        return new CpuProfile.Share(name, samples, 100.0 * samples / of);
    }

    @Test
    void aFunctionSeenInAFewSamplesOfOneOrdersBStepsIsNotResolved() {
        // the same server on both sides; a function holds 3 of 89 samples in B's steps of the two AB pairs and none
        // elsewhere: the crossover fit explains that exactly (a difference plus an order effect), so its residual
        // spread is far below what 3 samples of 89 can tell apart
        ExplainChange e = AbVerdicts.of(profiled(4, 89, (side, repeat) -> side == Side.B && repeat % 2 == 1
                ? List.of(share("MYSQLparse", 40, 89), share("my_hash_sort_simple_nopad", 3, 89))
                : List.of(share("MYSQLparse", 40, 89)))).get(0).explain();
        ExplainChange.Shift f = e.functions().stream().filter(x -> x.name().equals("my_hash_sort_simple_nopad"))
                .findFirst().orElseThrow();
        assertFalse(f.change().resolved(), f.toString());
        assertFalse(e.anyResolved(), e.toString());
        // the counting floor: the pairs' mean binomial variance of B − A, (2 × 0.0337 × 0.9663 / 89) × 10^4 / 4 pts²
        PairedDifference bare = PairedDifference.ofBlocks(List.of(0.0, 0.0, 0.0, 0.0), List.of(3.37, 0.0, 3.37, 0.0),
                PairOrder.ofBFirst(List.of(false, true, false, true)), f.change().confidence());
        assertTrue(bare.resolved(), "without the floor the same values resolve: " + bare);
    }

    @Test
    void aFunctionACutListLeavesOutIsNotCountedAsNone() {
        // 20 functions listed per step, the smallest at 1.8%; a function at 1.6% makes B's list but not A's, where it
        // lies anywhere from 0 to 1.8%: counted as 0 it would be a resolved +1.6 points in every pair
        java.util.function.BiFunction<Side, Integer, List<CpuProfile.Share>> lists = (side, repeat) -> {
            List<CpuProfile.Share> l = new ArrayList<>();
            for (int i = 0; i < (side == Side.B ? 19 : 20); i++) {
                l.add(new CpuProfile.Share("f" + i, 0, 3.7 - i * 0.1 - (repeat % 3) * 0.01));
            }
            if (side == Side.B) {
                l.add(new CpuProfile.Share("row_search_mvcc", 0, 1.6 + (repeat % 2) * 0.01));
            }
            return l;
        };
        ExplainChange e = AbVerdicts.of(profiled(10, 20_000, lists)).get(0).explain();
        ExplainChange.Shift f = e.functions().stream().filter(x -> x.name().equals("row_search_mvcc")).findFirst()
                .orElseThrow();
        assertTrue(f.meanA() > 0.8 && f.meanA() < 1, "A counts half its list's smallest share: " + f);
        assertFalse(f.change().resolved(), f.toString());
    }
}
