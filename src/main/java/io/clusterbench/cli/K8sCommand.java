package io.clusterbench.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code clusterbench k8s}: commands for running on Kubernetes; only {@code job} so far ({@link K8sJobCommand}).
 *
 * <p>Confined to the main thread.
 */
@Command(name = "k8s", mixinStandardHelpOptions = true,
        description = "Kubernetes: print the manifests of a run split over several client pods (docs/kubernetes.md).",
        subcommands = {K8sJobCommand.class})
final class K8sCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command: choose job");
    }
}
