package io.clusterbench.testing;

import io.clusterbench.cli.CliEnv;
import io.clusterbench.cli.Main;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs the CLI in-process as a user would type it and captures its output.
 *
 * <p>Thread-safe: each call has its own writers.
 */
public final class Cli {
    private Cli() {
    }

    /** What one command printed and returned. */
    public record Result(int exitCode, String out, String err) {
        /** @return stderr's non-empty lines */
        public List<String> errLines() {
            List<String> lines = new ArrayList<>();
            for (String l : err.split("\n")) {
                if (!l.isBlank()) {
                    lines.add(l);
                }
            }
            return lines;
        }
    }

    /** Runs {@code args} with an empty environment and no home directory. */
    public static Result run(String... args) {
        return run(Map.of(), null, args);
    }

    /** Runs {@code args} with the given environment variables and home directory. */
    public static Result run(Map<String, String> vars, Path home, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CliEnv env = new CliEnv(vars, home, new PrintWriter(out, true), new PrintWriter(err, true),
                io.clusterbench.lifecycle.Lifecycle.detached(), List.of());
        int code = Main.execute(args, env);
        return new Result(code, out.toString(), err.toString());
    }

    /** Joins fixed arguments and a list (e.g. {@link TestServer#cliTarget}). */
    public static String[] args(List<String> tail, String... head) {
        List<String> all = new ArrayList<>(List.of(head));
        all.addAll(tail);
        return all.toArray(new String[0]);
    }

    /**
     * The command that starts a child {@code java} with SIGINT at its default action: a process started in
     * the background of a shell without job control inherits SIGINT as ignored, and the JVM then installs
     * no Ctrl-C handler, so a test of Ctrl-C would test how it was launched rather than the product
     * (coreutils {@code env --default-signal}).
     *
     * @return {@code env --default-signal=INT java}, to which the JVM arguments are appended
     */
    public static List<String> java() {
        return new java.util.ArrayList<>(List.of("env", "--default-signal=INT", "java"));
    }
}
