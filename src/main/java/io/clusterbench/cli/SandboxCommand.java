package io.clusterbench.cli;

import io.clusterbench.relay.LinkSpec;
import io.clusterbench.sandbox.GaleraSandbox;
import io.clusterbench.sandbox.SandboxNetwork;
import io.clusterbench.sandbox.NodeStatus;
import io.clusterbench.sandbox.SandboxDir;
import io.clusterbench.sandbox.SandboxText;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

import java.util.List;

/**
 * {@code clusterbench sandbox SUBCOMMAND}: a local cluster on loopback for trying and testing.
 * {@code galera} deploys one ({@link SandboxGaleraCommand}); the others act on an existing sandbox
 * directory and each call one method of {@link GaleraSandbox}.
 *
 * <p>Confined to the main thread.
 */
@Command(name = "sandbox",
        description = "Local clusters on loopback: deploy (galera), status, start, stop, destroy, and per node "
                + "kill (SIGKILL), pause (SIGSTOP), resume (SIGCONT), restart; with the relay also link, partition, "
                + "heal and slow.",
        subcommands = {SandboxGaleraCommand.class})
final class SandboxCommand implements Runnable {
    private final CliEnv env;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    SandboxCommand(CliEnv env) {
        this.env = env;
    }

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(), "missing subcommand: choose galera, "
                + "status, start, stop, destroy, kill, pause, resume, restart, link, partition, heal or slow");
    }

    @Command(name = "status", mixinStandardHelpOptions = true, description = "Show each node's process and wsrep state. Exit 3 when a node is not Synced.")
    int status(@Mixin SandboxDir dir) {
        GaleraSandbox sb = GaleraSandbox.open(dir.path(), env.lifecycle());
        List<NodeStatus> nodes = sb.status();
        SandboxText.status(sb, nodes).forEach(env.out()::println);
        return nodes.stream().allMatch(NodeStatus::synced) ? ExitCode.OK.code() : ExitCode.CHECK_FAILED.code();
    }

    @Command(name = "start", mixinStandardHelpOptions = true, description = "Start every node that is down (bootstraps from the node marked safe "
            + "to bootstrap when none runs) and wait until each is Synced.")
    int start(@Mixin SandboxDir dir) {
        GaleraSandbox sb = GaleraSandbox.open(dir.path(), env.lifecycle());
        sb.start(env.out()::println);
        env.out().println(NodeStatus.table(sb.status()));
        return ExitCode.OK.code();
    }

    @Command(name = "stop", mixinStandardHelpOptions = true, description = "Stop every node cleanly (SIGTERM, last node first); data is kept.")
    int stop(@Mixin SandboxDir dir) {
        GaleraSandbox.open(dir.path(), env.lifecycle()).stop(env.out()::println);
        env.out().println("Stopped.");
        return ExitCode.OK.code();
    }

    @Command(name = "destroy", mixinStandardHelpOptions = true, description = "Stop every node and delete the sandbox directory.")
    int destroy(@Mixin SandboxDir dir) {
        GaleraSandbox.open(dir.path(), env.lifecycle()).destroy(env.out()::println);
        env.out().println("Destroyed.");
        return ExitCode.OK.code();
    }

    @Command(name = "kill", mixinStandardHelpOptions = true, description = "SIGKILL one node (a crash).")
    int kill(@Parameters(paramLabel = "NODE", description = "n1, n2, ... (or 1, 2, ...)") String node,
             @Mixin SandboxDir dir) {
        GaleraSandbox.open(dir.path(), env.lifecycle()).kill(node);
        env.out().println("Killed " + node + ".");
        return ExitCode.OK.code();
    }

    @Command(name = "pause", mixinStandardHelpOptions = true, description = "SIGSTOP one node (a hang: sockets stay open, nothing answers).")
    int pause(@Parameters(paramLabel = "NODE", description = "n1, n2, ...") String node,
              @Mixin SandboxDir dir) {
        GaleraSandbox.open(dir.path(), env.lifecycle()).pause(node);
        env.out().println("Paused " + node + ".");
        return ExitCode.OK.code();
    }

    @Command(name = "resume", mixinStandardHelpOptions = true, description = "SIGCONT one paused node and wait until it is Synced again "
            + "(exit 2 when it died).")
    int resume(@Parameters(paramLabel = "NODE", description = "n1, n2, ...") String node,
               @Mixin SandboxDir dir) {
        var transfer = GaleraSandbox.open(dir.path(), env.lifecycle()).resume(node);
        env.out().println(transfer == null ? io.clusterbench.sandbox.StateTransferLog.nothingToUndo(node, "resume")
                : "Resumed " + node + ": " + io.clusterbench.sandbox.StateTransferLog.describe(node, transfer));
        return ExitCode.OK.code();
    }

    @Command(name = "restart", mixinStandardHelpOptions = true, description = "Stop one node cleanly if it runs, start it and wait until it is Synced.")
    int restart(@Parameters(paramLabel = "NODE", description = "n1, n2, ...") String node,
                @Mixin SandboxDir dir) {
        GaleraSandbox.open(dir.path(), env.lifecycle()).restart(node, env.out()::println);
        return ExitCode.OK.code();
    }

    @Command(name = "link", mixinStandardHelpOptions = true, description = "Set a node's link on a sandbox with the relay: one-way delay added in "
            + "each direction, e.g. 40ms, 25ms±5ms, 25ms,10mbit, or off.")
    int link(@Parameters(index = "0", paramLabel = "NODE", description = "n1, n2, ...") String node,
             @Parameters(index = "1", paramLabel = "LINK", description = "DELAY[±JITTER][,RATE] or off") String link,
             @Mixin SandboxDir dir) {
        LinkSpec spec = LinkSpec.parse(link);
        env.out().println(new SandboxNetwork(GaleraSandbox.open(dir.path(), env.lifecycle())).link(node, spec) + ".");
        return ExitCode.OK.code();
    }

    @Command(name = "partition", mixinStandardHelpOptions = true, description = "Cut a node's group and IST traffic both ways (its SQL port stays "
            + "up: clients see non-Primary, 1047/1180); the majority goes on.")
    int partition(@Parameters(paramLabel = "NODE", description = "n1, n2, ...") String node, @Mixin SandboxDir dir) {
        env.out().println(new SandboxNetwork(GaleraSandbox.open(dir.path(), env.lifecycle())).partition(node) + ".");
        return ExitCode.OK.code();
    }

    @Command(name = "heal", mixinStandardHelpOptions = true, description = "End a node's partition and wait until it is Synced again (exit 2 when "
            + "it is not in time).")
    int heal(@Parameters(paramLabel = "NODE", description = "n1, n2, ...") String node, @Mixin SandboxDir dir) {
        var transfer = new SandboxNetwork(GaleraSandbox.open(dir.path(), env.lifecycle())).heal(node);
        env.out().println(transfer == null ? io.clusterbench.sandbox.StateTransferLog.nothingToUndo(node, "heal")
                : "Healed " + node + ": " + io.clusterbench.sandbox.StateTransferLog.describe(node, transfer));
        return ExitCode.OK.code();
    }

    @Command(name = "slow", mixinStandardHelpOptions = true, description = "Slow a node down: frozen PERCENT%% of every 500 ms (cgroup v1 freezer, "
            + "else SIGSTOP/SIGCONT), so it falls behind and sends flow control; 0%% ends it.")
    int slow(@Parameters(index = "0", paramLabel = "NODE", description = "n1, n2, ...") String node,
             @Parameters(index = "1", paramLabel = "PERCENT", description = "0-90, e.g. 30%%") String percent,
             @Mixin SandboxDir dir) {
        int share = SandboxNetwork.share(percent);
        env.out().println(new SandboxNetwork(GaleraSandbox.open(dir.path(), env.lifecycle())).slow(node, share) + ".");
        return ExitCode.OK.code();
    }
}
