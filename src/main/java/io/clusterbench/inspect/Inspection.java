package io.clusterbench.inspect;

import io.clusterbench.result.Finding;
import io.clusterbench.result.FindingLevel;
import io.clusterbench.db.Endpoint;
import io.clusterbench.db.Target;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The result of {@code inspect}: every endpoint read once and every check run over them (issue 17).
 *
 * <p>Immutable.
 *
 * @param findings  what was found, errors first, then warnings, then info; empty for a clean target
 * @param snapshots what each endpoint said, in the target's endpoint order
 */
public record Inspection(List<Finding> findings, List<EndpointSnapshot> snapshots) {

    public Inspection {
        findings = List.copyOf(findings);
        snapshots = List.copyOf(snapshots);
    }

    /**
     * Reads every endpoint of {@code target} and runs every check against {@code plan}.
     *
     * @throws io.clusterbench.UserException when an endpoint cannot be reached
     * @throws SQLException                  when a server fails a query
     */
    public static Inspection of(Target target, InspectPlan plan) throws SQLException {
        List<EndpointSnapshot> snapshots = new ArrayList<>();
        for (Endpoint e : target.endpoints()) {
            snapshots.add(EndpointSnapshot.read(target, e, plan.database()));
        }
        return check(snapshots, plan, HostFacts.read());
    }

    /** @return the findings of the checks over already-read snapshots */
    public static Inspection check(List<EndpointSnapshot> snapshots, InspectPlan plan, HostFacts host) {
        List<Finding> findings = new ArrayList<>();
        for (EndpointSnapshot s : snapshots) {
            findings.addAll(ServerChecks.of(s, plan, snapshots.size()));
        }
        findings.addAll(CapacityChecks.of(snapshots, plan));
        findings.addAll(ServerChecks.host(snapshots, host));
        findings.addAll(ClusterChecks.of(snapshots, host));
        findings.sort(Comparator.comparing(Finding::level));
        return new Inspection(findings, snapshots);
    }

    /** @return true when a finding at level {@link Level#ERROR} is present */
    public boolean hasErrors() {
        return findings.stream().anyMatch(f -> f.level() == FindingLevel.ERROR);
    }

    /** @return the findings at {@code level} or more severe */
    public List<Finding> atLeast(FindingLevel level) {
        return findings.stream().filter(f -> f.level().compareTo(level) <= 0).toList();
    }
}
