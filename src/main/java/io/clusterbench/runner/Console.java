package io.clusterbench.runner;

import java.nio.file.Path;
import java.util.Map;

/**
 * What the run stage may take from the process, implemented by the command line: where lines go, how to
 * learn of Ctrl-C, and the environment and home directory for credentials. The runner never touches
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

    /**
     * @param onStop runs on a shutdown-hook thread when the process is asked to stop (SIGINT, SIGTERM)
     * @return a handle to close when the work is completely done
     */
    Registration onStop(Runnable onStop);

    /** @return environment variables (for {@code MYSQL_PWD}) */
    Map<String, String> variables();

    /** @return the user's home directory (for {@code ~/.my.cnf}), or null */
    Path home();

    /** A registered stop hook; closing it says the command's work is done. */
    interface Registration extends AutoCloseable {
        @Override
        void close();

        /**
         * The command has nothing to save yet (the stop came before its measured phase): ends the process now
         * with the interrupted status (130) instead of waiting for the command's current step, which may be a
         * server start or a statement on a server that does not answer. Shutdown hooks still run (an embedded
         * server being started or running is stopped and its directory removed); no hook waits for the
         * command. Returns at once; may be called from a shutdown hook. Does nothing where the process is not
         * this command's (in-process tests): the command then stops at its next check.
         */
        default void exitNow() {
        }

        /**
         * Sets what a second Ctrl-C, which ends the process at once, runs first (for at most a second, on its own
         * thread): the running step writes its result.json with the intervals it finished. Replaces any earlier
         * one; null for none. Does nothing in-process.
         */
        default void beforeHalt(Runnable lastWrite) {
        }
    }
}
