package io.clusterbench.prom;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * dashboards/clusterbench.json parses and queries only metrics the endpoint exposes; docs/monitoring.md defines
 * every exposed metric (STYLE rule 8, as FigureDocTest does for printed figures).
 */
public class DashboardTest {
    static final Path DASHBOARD = Path.of("dashboards/clusterbench.json");
    private static final Pattern METRIC = Pattern.compile("\\bclusterbench_[a-z_]+");

    /** @return the PromQL of every panel target, with Grafana's variables as written ({@code $run}, …) */
    public static List<String> panelQueries() throws Exception {
        JsonNode root = new ObjectMapper().readTree(Files.readString(DASHBOARD));
        List<String> out = new ArrayList<>();
        root.get("panels").forEach(p -> p.path("targets").forEach(t -> out.add(t.get("expr").asText())));
        return out;
    }

    /** @return every query of the dashboard: panel targets and query variables ({@code label_values(…)}) */
    static List<String> queries() throws Exception {
        JsonNode root = new ObjectMapper().readTree(Files.readString(DASHBOARD));
        List<String> out = new ArrayList<>();
        root.get("panels").forEach(p -> p.path("targets").forEach(t -> out.add(t.get("expr").asText())));
        root.path("templating").path("list").forEach(v -> {
            if (v.path("query").has("query")) {
                out.add(v.get("query").get("query").asText());
            }
        });
        return out;
    }

    static Set<String> exposedSeries() {
        Set<String> names = new HashSet<>();
        for (PromMetric m : PromMetric.values()) {
            names.addAll(m.seriesNames());
        }
        return names;
    }

    @Test
    void everyQueryNamesOnlyExposedMetrics() throws Exception {
        List<String> queries = queries();
        assertTrue(queries.size() >= 20, "throughput, latency, errors, per-node panels: " + queries.size());
        Set<String> exposed = exposedSeries();
        for (String q : queries) {
            Matcher m = METRIC.matcher(q);
            boolean any = false;
            while (m.find()) {
                any = true;
                assertTrue(exposed.contains(m.group()), m.group() + " is not exposed by the endpoint, in: " + q);
            }
            assertTrue(any, "a query names no clusterbench metric: " + q);
        }
    }

    @Test
    void variablesForRunAndNode() throws Exception {
        JsonNode root = new ObjectMapper().readTree(Files.readString(DASHBOARD));
        Set<String> vars = new HashSet<>();
        root.get("templating").get("list").forEach(v -> vars.add(v.get("name").asText()));
        assertTrue(vars.containsAll(Set.of("run", "node", "datasource")), vars.toString());
        String text = Files.readString(DASHBOARD);
        assertTrue(text.contains("clusterbench_node_flow_control_paused_ratio"), "a per-node cluster panel");
        assertTrue(text.contains("histogram_quantile(0.95"), "a latency percentile panel");
    }

    @Test
    void everyExposedMetricIsDefinedInMonitoringDoc() throws Exception {
        String doc = Files.readString(Path.of("docs/monitoring.md"));
        for (PromMetric m : PromMetric.values()) {
            assertTrue(doc.contains("`" + m.promName() + "`"), m + " is not defined in docs/monitoring.md as `"
                    + m.promName() + "`");
        }
        for (String label : MetricsServer.RUN_LABELS) {
            assertTrue(doc.contains("| `" + label + "` |"), "run label " + label + " is not in docs/monitoring.md");
        }
        assertFalse(doc.contains("TODO"), "docs/monitoring.md is finished");
    }
}
