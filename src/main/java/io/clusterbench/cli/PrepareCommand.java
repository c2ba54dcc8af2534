package io.clusterbench.cli;

import io.clusterbench.runner.Validation;
import io.clusterbench.chores.TableChores;
import io.clusterbench.UserException;
import io.clusterbench.workload.KeyDistributionOptions;
import io.clusterbench.workload.PrepareMode;
import io.clusterbench.workload.Workload;
import io.clusterbench.runner.WorkloadRegistry;
import io.clusterbench.workload.oltp.OltpOptions;
import io.clusterbench.workload.tpcc.TpccFamily;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.Locale;

/**
 * {@code clusterbench prepare WORKLOAD [options]}: create and load the workload's tables.
 *
 * <p>Confined to the main thread.
 */
@Command(name = "prepare", mixinStandardHelpOptions = true, customSynopsis = "clusterbench prepare WORKLOAD [OPTIONS]", sortOptions = false,
        description = "Create and load the workload's tables (sysbench-compatible: either tool can use them). "
                + "Refuses to touch existing tables unless --force is given.")
final class PrepareCommand extends WorkloadCommand {
    @Option(names = "--threads", paramLabel = "N", defaultValue = "1",
            description = "Loader connections; tables load in parallel. Default: ${DEFAULT-VALUE}.")
    int threads;

    @Option(names = "--force", description = "Drop the workload's own tables first when they exist.")
    boolean force;

    @Option(names = "--resume", description = "Complete an interrupted load: keep the rows and indexes that are "
            + "there, load the missing chunks and build the missing indexes (oltp_* workloads).")
    boolean resume;

    /** sysbench's prepare draws k with sb_rand(1, table_size): the --rand-* options shape the table. */
    @Mixin
    KeyDistributionOptions keys;

    PrepareCommand(CliEnv env) {
        super(env);
    }

    @Override
    String workloadHelp() {
        return "workload whose tables to create";
    }

    @Override
    public Integer call() {
        Validation.check(target, null, families());
        if (threads < 1) {
            throw new UserException("invalid options: --threads must be >= 1", "see --help");
        }
        if (force && resume) {
            throw new UserException("invalid options: --force and --resume exclude each other",
                    "--force reloads everything, --resume completes what is there");
        }
        noteNotApplying(false, workload());
        PrepareMode mode = resume ? PrepareMode.RESUME : force ? PrepareMode.DROP : PrepareMode.REFUSE;
        Workload w = WorkloadRegistry.create(workload(), families(), keys.distribution(), 1);
        TableChores.Prepared done = TableChores.prepare(target.spec(), w, threads, mode, env.command(), env);
        if (done.interrupted()) {
            return ExitCode.INTERRUPTED.code();
        }
        if (!workload().equals(TpccFamily.NAME)) { // the tpcc loader prints its own rows and rows/s
            long rows = (long) w.tables().size() * families().get(OltpOptions.class).tableSize();
            env.out().printf(Locale.ROOT, "Prepared %d table(s), %d rows in %.1f s (%.0f rows/s)%n",
                    w.tables().size(), rows, done.seconds(), rows / Math.max(done.seconds(), 1e-9));
        }
        if (done.embedded() && !target.keep()) {
            env.out().println("Note: the embedded server is removed on exit; 'run' prepares its own tables. "
                    + "Use --keep to keep this data, or --host for your own server.");
        } else if (done.dataDir() != null) {
            printKept(done.dataDir(), done.binary());
        }
        return ExitCode.OK.code();
    }

    /**
     * How to use the data directory {@code --keep} leaves: ab's template, or a server started on it with the embedded
     * server's own options that matter (its base directory, loopback only, no TLS certificate to make: MariaDB 11.4
     * makes one at every start without it, taking minutes here; TCP logins as 'root'@'127.0.0.1'). The commands keep
     * the workload options as typed (--table-size), so the tables match.
     */
    private void printKept(java.nio.file.Path data, java.nio.file.Path binary) {
        java.nio.file.Path base = binary.getParent().getParent();
        String asRoot = "root".equals(System.getProperty("user.name")) ? " --user=root" : "";
        String workload = String.join(" ", TableChores.workloadOptions(env.command()));
        env.out().println("Kept: " + data + " holds the tables (its server is stopped). To use them,");
        env.out().println("  compare builds on copies of it: clusterbench ab " + workload + " --a-server " + binary
                + " --datadir-template " + data);
        env.out().println("  or start a server on it:        " + binary + " --no-defaults --basedir=" + base
                + " --datadir=" + data + " --port=3307 --bind-address=127.0.0.1 --socket="
                + data.getParent().resolve("mysqld.sock") + " --skip-ssl --skip-name-resolve" + asRoot + " &");
        env.out().println("                                  clusterbench run " + workload
                + " --host 127.0.0.1 --port 3307 --user root");
        env.out().println("  and when done (after stopping that server): rm -rf " + data.getParent());
    }
}
