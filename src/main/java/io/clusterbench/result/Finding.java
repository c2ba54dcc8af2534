package io.clusterbench.result;

/**
 * One thing {@code inspect} found that will distort the benchmark, printed as
 * {@code LEVEL code: what — why it matters — what to do} (issue 17). The codes and thresholds are listed in
 * docs/inspect.md.
 *
 * <p>Immutable.
 *
 * @param level    how much it matters
 * @param code     stable kebab-case name, e.g. "max-connections"
 * @param endpoint the endpoint label it concerns (e.g. "127.0.0.1:3306"), "" for the target or host as a whole
 * @param what     what was found, with the figures
 * @param why      why it matters for the benchmark
 * @param todo     what to do about it
 */
public record Finding(FindingLevel level, String code, String endpoint, String what, String why, String todo) {

    /** @return the one-line form, e.g. {@code ERROR max-connections: 127.0.0.1:3306 max_connections = 151 ...} */
    public String line() {
        String where = endpoint.isEmpty() ? "" : endpoint + " ";
        return level.label() + " " + code + ": " + where + what + " \u2014 " + why + " \u2014 " + todo;
    }
}
