package io.clusterbench.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code clusterbench probe SUBCOMMAND}: direct consistency measurements ({@code stale-reads}, {@code anomalies}).
 *
 * <p>Confined to the main thread.
 */
@Command(name = "probe",
        description = "Measure consistency directly: stale-reads commits a marker on one node and reads it at once "
                + "on another, for every ordered node pair; anomalies runs transaction histories on every node and "
                + "checks them for isolation anomalies (G0 ... G2-item, lost updates, stale reads).",
        subcommands = {ProbeStaleReadsCommand.class, ProbeAnomaliesCommand.class})
final class ProbeCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing subcommand: choose stale-reads or anomalies");
    }
}
