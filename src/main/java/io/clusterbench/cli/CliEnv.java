package io.clusterbench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;

/**
 * Everything a command may take from the process, gathered by {@link Main} (the only class that touches
 * the process): environment variables, the home directory, the output streams and a way to run code on
 * Ctrl-C.
 *
 * <p>Immutable; the writers are thread-safe (auto-flushing {@link PrintWriter}s).
 *
 * @param vars  environment variables (e.g. {@code MYSQL_PWD})
 * @param home  the user's home directory (for {@code ~/.my.cnf})
 * @param out   standard output
 * @param err   standard error
 * @param hooks shutdown hooks
 * @param command the command line as typed, password values masked (set by {@link Main})
 */
public record CliEnv(Map<String, String> vars, Path home, PrintWriter out, PrintWriter err, Hooks hooks,
                     java.util.List<String> command) implements io.clusterbench.runner.Console {

    /**
     * Prints a line, unless the process is ending on a Ctrl-C that came before the measured phase
     * ({@link Interrupts#exitingNow}): what the command still prints then comes from work the exit is breaking
     * (a check whose server was just stopped, a verdict table of nothing) and would follow the one line that
     * says nothing was measured.
     */
    @Override
    public void line(String text) {
        if (!Interrupts.exitingNow()) {
            out.println(text);
        }
    }

    /**
     * As {@link #line}, without the line break; flushed at once (an auto-flushing writer flushes on println only, so a
     * sweep's "[step N/M]" header, printed before the step, showed up only with the step's result).
     */
    @Override
    public void print(String text) {
        if (!Interrupts.exitingNow()) {
            out.print(text);
            out.flush();
        }
    }

    /** As {@link #line}, on standard error. */
    @Override
    public void error(String text) {
        if (!Interrupts.exitingNow()) {
            err.println(text);
        }
    }

    @Override
    public io.clusterbench.runner.Console.Registration onStop(Runnable onStop) {
        Hooks.Registration r = hooks.onStop(onStop);
        return new io.clusterbench.runner.Console.Registration() {
            @Override
            public void close() {
                r.close();
            }

            @Override
            public void exitNow() {
                r.exitNow();
            }

            @Override
            public void beforeHalt(Runnable lastWrite) {
                r.beforeHalt(lastWrite);
            }
        };
    }

    @Override
    public Map<String, String> variables() {
        return vars;
    }

    /** @return a copy carrying the (masked) command line */
    public CliEnv withCommand(java.util.List<String> maskedCommand) {
        return new CliEnv(vars, home, out, err, hooks, maskedCommand);
    }

    /** Registers code to run when the process is asked to stop (SIGINT, SIGTERM). */
    public interface Hooks {
        /**
         * @param onStop runs on a shutdown-hook thread; should return within a few seconds
         * @return a handle to close when the command's work is completely done (results written, summary
         *         printed, servers stopped): the process does not exit on Ctrl-C before that, up to 30 s
         */
        Registration onStop(Runnable onStop);

        /** A registered stop hook. */
        interface Registration extends AutoCloseable {
            @Override
            void close();

            /** As {@link io.clusterbench.runner.Console.Registration#exitNow}; the default does nothing. */
            default void exitNow() {
            }

            /** As {@link io.clusterbench.runner.Console.Registration#beforeHalt}; the default does nothing. */
            default void beforeHalt(Runnable lastWrite) {
            }
        }

        /** Hooks that never fire, for in-process tests. */
        Hooks NONE = onStop -> () -> { };
    }
}
