package io.clusterbench.report;

import io.clusterbench.ab.AbDocument;
import io.clusterbench.ab.AbRun;
import io.clusterbench.ab.SyntheticAb;
import io.clusterbench.result.ExplainSamples;
import io.clusterbench.result.NamedResult;
import io.clusterbench.result.SyntheticResults;
import io.clusterbench.testing.Chromium;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The flame graphs render in headless Chromium from the step folders' folded stacks, with data and no script
 * error: one per step of a sweep, one differential per A/B thread count. Screenshots are kept in target/.
 */
class FlameGraphChromiumIT {
    @TempDir
    Path dir;

    private static String folded(int parse, int spin) {
        return "mariadbd;do_command;dispatch_command;mysql_parse;MYSQLparse " + parse + "\n"
                + "mariadbd;do_command;dispatch_command;mysql_execute_command;JOIN::exec;row_search_mvcc 400\n"
                + "mariadbd;do_command;dispatch_command;mysql_execute_command;trx_commit;log_write_up_to;ut_delay " + spin + "\n"
                + "mariadbd;do_command;my_net_read;vio_read;__recv;tcp_recvmsg_[k] 150\n";
    }

    @Test
    void aStepsFlameGraphAndTheAbDifferentialOneRender() throws Exception {
        Chromium chromium = Chromium.require();
        Path sweep = dir.resolve("sweep");
        Files.createDirectories(sweep.resolve("steps/t0004-r1"));
        Files.writeString(sweep.resolve("steps/t0004-r1/profile.folded"), folded(300, 50));
        Path page = sweep.resolve("report.html");
        io.clusterbench.result.ResultDocument doc = SyntheticResults.builder().runs(4, 100).build();
        io.clusterbench.result.RunRecord profiled = doc.runs().get(0);
        io.clusterbench.result.Facts facts = ExplainSamples.facts(1000, 100, 5, "MYSQLparse", 0);
        io.clusterbench.result.CpuProfile.Node node = facts.get(io.clusterbench.result.FactKeys.CPU_PROFILE).nodes().get(0);
        String warning = io.clusterbench.result.CpuProfile.warning(900, 5100L, 3, null);
        profiled = ExplainSamples.with(profiled, facts.with(io.clusterbench.result.FactKeys.CPU_PROFILE,
                new io.clusterbench.result.CpuProfile(List.of(ExplainSamples.profile(node, "n1", warning)))));
        doc = new io.clusterbench.result.ResultDocument(doc.schema(), doc.tool(), doc.startedAt(), doc.command(),
                doc.target(), doc.server(), List.of(profiled), doc.preflight(), doc.tables());
        HtmlReport.write(page, List.of(new NamedResult("A", sweep.toString(), doc)), "2024-01-01T00:00:00Z");
        Chromium.Rendered r = chromium.render(page);
        assertEquals(List.of(), r.errors(), "script errors on the page");
        assertTrue(r.dom().contains("On-CPU flame graphs") && r.dom().contains("steps/t0004-r1/profile.folded"), r.dom());
        assertTrue(r.dom().contains("row_search_mvcc — 400 samples"), "each box says its samples");
        assertTrue(r.dom().contains("profile warning") && r.dom().contains("3 samples lost"), "the step's warning is "
                + "shown with its flame graph");
        chromium.screenshot(page, Path.of("target", "flamegraph-step-screenshot.png"), 1280, 1600);

        Path ab = dir.resolve("ab");
        List<AbRun> runs = new ArrayList<>();
        AbDocument d = SyntheticAb.document(new double[] {1, 100, 110, 102, 111});
        for (AbRun run : d.runs()) {
            Path step = ab.resolve("steps").resolve(run.step().dirName());
            Files.createDirectories(step);
            boolean b = run.step().side() == io.clusterbench.ab.Side.B;
            Files.writeString(step.resolve("profile.folded"), b ? folded(100, 600) : folded(300, 50));
            runs.add(new AbRun(run.step(), run.startedSeconds(), ExplainSamples.with(run.run(),
                    ExplainSamples.facts(1000, 100, 5, "MYSQLparse", 0)), run.serverCpuSeconds(), null));
        }
        Path abPage = ab.resolve("report.html");
        AbHtml.write(abPage, d.withRuns(runs), "2024-01-01T00:00:00Z");
        Chromium.Rendered rab = chromium.render(abPage);
        assertEquals(List.of(), rab.errors(), "script errors on the A/B page");
        assertEquals(rab.expectedCharts(), rab.drawnCharts());
        assertTrue(rab.dom().contains("Differential flame graphs, B vs A"), rab.dom());
        assertTrue(rab.dom().contains("explain: what changed, B vs A") && rab.dom().contains("server CPU/event (us)"),
                "the A/B page has the explain table the console prints");
        // B spends 600 of 1250 samples in ut_delay, A 50 of 900: +42.4 points, drawn full red
        assertTrue(rab.dom().contains("ut_delay — B 48.00%, A 5.56% of samples (+42.44 points)"), rab.dom());
        assertTrue(Files.readString(abPage).contains("fill=\"rgb(255,0,0)\""), "the grown frame is red");
        chromium.screenshot(abPage, Path.of("target", "flamegraph-ab-screenshot.png"), 1280, 2400);
    }
}
