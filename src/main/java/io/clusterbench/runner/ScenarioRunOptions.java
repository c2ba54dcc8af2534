package io.clusterbench.runner;

import io.clusterbench.db.VendorCodes;
import picocli.CommandLine.Option;

/**
 * The run options a scenario may set for itself after its definition ({@code --scenario-file} lines, the presets):
 * {@code --reconnect} and {@code --ignore-errors}, with the meaning they have for the run (docs/usage.md,
 * "Scenarios"). A picocli mixin parsed once per scenario by the command.
 *
 * <p>Confined to the command's thread.
 */
public final class ScenarioRunOptions {
    @Option(names = "--reconnect", paramLabel = "N", defaultValue = "0",
            description = "Each of the scenario's threads reconnects after every N of its events; 0 = never.")
    long reconnectEvery;

    @Option(names = "--ignore-errors", paramLabel = "CODES|all|none", defaultValue = VendorCodes.DEFAULT_IGNORED,
            description = "Statement errors that restart the scenario's event instead of stopping it.")
    String ignoreErrors = VendorCodes.DEFAULT_IGNORED;

    /** @return {@code --reconnect}: events per thread between reconnects; 0 = never */
    public long reconnectEvery() {
        return reconnectEvery;
    }

    /** @return {@code --ignore-errors} as typed */
    public String ignoreErrors() {
        return ignoreErrors;
    }
}
