package io.clusterbench.prom;

import io.clusterbench.result.Observations;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The scenarios' interval figures as series labelled {@code scenario}: events and errors summed, tps and p95 the last. */
class ScenarioSeriesTest {
    private static Map<String, Object> interval(long readsEvents, double readsTps, double p95Millis) {
        Map<String, Object> reads = new LinkedHashMap<>();
        reads.put("events", readsEvents);
        reads.put("tps", readsTps);
        reads.put("errors", 1L);
        reads.put("p95Millis", p95Millis);
        Map<String, Object> scenarios = new LinkedHashMap<>();
        scenarios.put("reads", reads);
        scenarios.put("writes", Map.of("events", 10L, "tps", 10.0, "errors", 0L));
        return Map.of("scenarios", scenarios);
    }

    @Test
    void eachScenarioIsASeriesOfItsOwn() throws Exception {
        try (MetricsServer server = MetricsServer.start(MetricsServerTest.ANY_PORT, line -> { })) {
            StepSeries step = server.step(MetricsServerTest.labels("1"), List.of("point_select"));
            ScenarioSeries.add(Observations.of(interval(400, 400.0, 2.0)), step);
            ScenarioSeries.add(Observations.of(interval(300, 300.0, 4.0)), step);
            step.finished();
            String text = MetricsServerTest.scrape(server.port());
            String run = "repeat=\"1\",run=\"r1\",scenario=\"reads\",shard=\"none\",step=\"1\",threads=\"4\","
                    + "workload=\"oltp_point_select\"";
            assertTrue(text.contains("clusterbench_scenario_events_total{consistency=\"none\"," + run + "} 700.0"), text);
            assertTrue(text.contains("clusterbench_scenario_errors_total{consistency=\"none\"," + run + "} 2.0"), text);
            assertTrue(text.contains("clusterbench_scenario_tps{consistency=\"none\"," + run + "} 300.0"), text);
            assertTrue(text.contains("clusterbench_scenario_p95_seconds{consistency=\"none\"," + run + "} 0.004"), text);
            assertTrue(text.contains("scenario=\"writes\""), "the other scenario: " + text);
        }
    }
}
