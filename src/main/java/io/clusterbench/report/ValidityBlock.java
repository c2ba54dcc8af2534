package io.clusterbench.report;

import io.clusterbench.result.FactKeys;
import io.clusterbench.result.RunRecord;
import io.clusterbench.result.Validity;
import io.clusterbench.result.ValidityFlag;

import java.util.ArrayList;
import java.util.List;

import static io.clusterbench.Format.f;

/**
 * The validity verdict as the console and the HTML report print it (docs/metrics.md, "Validity"): one line
 * {@code Validity: no flag (host CPU 42.0%, client 18.3% of the host)} or {@code Validity: N flags (...)} followed
 * by one indented line per flag with its evidence. Stateless.
 */
public final class ValidityBlock {
    private ValidityBlock() {
    }

    /** @return the run's block with a leading blank line and a trailing newline, or "" without a verdict */
    public static String render(RunRecord run) {
        Validity v = run.observerFacts().get(FactKeys.VALIDITY);
        if (v == null) {
            return "";
        }
        StringBuilder b = new StringBuilder("\n");
        for (String line : lines(v)) {
            b.append(line).append('\n');
        }
        return b.toString();
    }

    /** @return the verdict's lines: the heading line, then one per flag */
    public static List<String> lines(Validity v) {
        List<String> out = new ArrayList<>();
        out.add(f("Validity: %s%s", v.clean() ? "no flag" : v.flags().size() + (v.flags().size() == 1 ? " flag"
                : " flags"), host(v)));
        for (ValidityFlag flag : v.flags()) {
            out.add(f("    %s: %s", flag.flag(), flag.evidence()));
        }
        return out;
    }

    private static String host(Validity v) {
        List<String> parts = new ArrayList<>();
        if (v.hostCpuPercent() != null) {
            parts.add(f("host CPU %.1f%%", v.hostCpuPercent()));
        }
        if (v.clientCpuPercentOfHost() != null) {
            parts.add(f("client %.1f%% of the host", v.clientCpuPercentOfHost()));
        }
        if (v.serverOnThisHost()) {
            parts.add("server on the same host");
        }
        return parts.isEmpty() ? "" : " (" + String.join(", ", parts) + ")";
    }
}
