package io.clusterbench.cli;

import io.clusterbench.lifecycle.Lifecycle;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;

/**
 * Everything a command may take from the process, gathered by {@link Main} (the only class that touches
 * the process): environment variables, the home directory, the output streams and the command's
 * {@link Lifecycle} (Ctrl-C and SIGTERM reach the command through it).
 *
 * <p>Immutable; the writers are thread-safe (auto-flushing {@link PrintWriter}s).
 *
 * @param vars      environment variables (e.g. {@code MYSQL_PWD})
 * @param home      the user's home directory (for {@code ~/.my.cnf})
 * @param out       standard output
 * @param err       standard error
 * @param lifecycle the command's stop coordinator ({@link Lifecycle#detached()} in-process)
 * @param command   the command line as typed, password values masked (set by {@link Main})
 */
public record CliEnv(Map<String, String> vars, Path home, PrintWriter out, PrintWriter err, Lifecycle lifecycle,
                     java.util.List<String> command) implements io.clusterbench.runner.Console {

    /**
     * Prints a line, unless the process is ending on a stop that came before the measured phase
     * ({@link Lifecycle#ending}): what the command still prints then comes from work the exit is breaking
     * (a check whose server was just stopped, a verdict table of nothing) and would follow the one line that
     * says nothing was measured.
     */
    @Override
    public void line(String text) {
        if (!lifecycle.ending()) {
            out.println(text);
        }
    }

    /**
     * As {@link #line}, without the line break; flushed at once (an auto-flushing writer flushes on println only, so a
     * sweep's "[step N/M]" header, printed before the step, showed up only with the step's result).
     */
    @Override
    public void print(String text) {
        if (!lifecycle.ending()) {
            out.print(text);
            out.flush();
        }
    }

    /** As {@link #line}, on standard error. */
    @Override
    public void error(String text) {
        if (!lifecycle.ending()) {
            err.println(text);
        }
    }

    @Override
    public Map<String, String> variables() {
        return vars;
    }

    /** @return a copy carrying the (masked) command line */
    public CliEnv withCommand(java.util.List<String> maskedCommand) {
        return new CliEnv(vars, home, out, err, lifecycle, maskedCommand);
    }

    /** @return an environment for in-process use: no variables, no home, a lifecycle that never ends the process */
    public static CliEnv inProcess(PrintWriter out, PrintWriter err) {
        return new CliEnv(Map.of(), null, out, err, Lifecycle.detached(), java.util.List.of());
    }
}
