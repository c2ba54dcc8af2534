package io.clusterbench.runner;

import java.nio.file.Path;
import java.util.Map;

/**
 * What the run stage may take from the process, implemented by the command line: where lines go, the command's
 * lifecycle (Ctrl-C, what to close with a deadline), and the environment and home directory for credentials. The runner never touches
 * {@code System} itself.
 *
 * <p>Implementations are thread-safe: lines may come from the command's thread and a shutdown hook.
 */
public interface Console {
    /** Prints {@code text} and a line break on standard output. */
    void line(String text);

    /** Prints {@code text} as it is (it carries its own line breaks) on standard output. */
    void print(String text);

    /** Prints {@code text} and a line break on standard error. */
    void error(String text);

    /** @return the command's stop coordinator: what can block is owned by it, a Ctrl-C reaches the command through it */
    io.clusterbench.lifecycle.Lifecycle lifecycle();

    /** @return environment variables (for {@code MYSQL_PWD}) */
    Map<String, String> variables();

    /** @return the user's home directory (for {@code ~/.my.cnf}), or null */
    Path home();
}
