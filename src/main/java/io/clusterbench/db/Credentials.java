package io.clusterbench.db;

import io.clusterbench.UserException;

import java.nio.file.Path;
import java.util.Map;

/**
 * Who to log in as and the default port, combined as the mysql client does: a flag wins, then the
 * {@code MYSQL_PWD} environment variable (password only), then the {@code [client]} group of
 * {@code ~/.my.cnf}, then the built-in default.
 *
 * <p>Immutable. The password is never part of {@link #toString()}.
 *
 * @param user        user name
 * @param password    password, or "" for none
 * @param defaultPort TCP port for endpoints given without one (1-65535)
 */
public record Credentials(String user, String password, int defaultPort) {
    /** User when neither a flag nor the option file names one (sysbench's default). */
    public static final String DEFAULT_USER = "sbtest";
    /** The MySQL protocol's default TCP port. */
    public static final int DEFAULT_PORT = 3306;

    /**
     * @param userFlag     {@code --user}, or null when not given
     * @param passwordFlag {@code --password}, or null when not given
     * @param env          environment variables (for {@code MYSQL_PWD})
     * @param home         the user's home directory (for {@code .my.cnf}), or null
     * @throws UserException when {@code port=} in the option file is not a number
     */
    public static Credentials resolve(String userFlag, String passwordFlag, Map<String, String> env, Path home) {
        OptionFile cnf = OptionFile.read(home == null ? null : home.resolve(".my.cnf"));
        String user = userFlag != null ? userFlag : cnf.get("user") != null ? cnf.get("user") : DEFAULT_USER;
        String password = passwordFlag != null ? passwordFlag
                : env.get("MYSQL_PWD") != null ? env.get("MYSQL_PWD")
                : cnf.get("password") != null ? cnf.get("password") : "";
        int port = cnf.get("port") != null ? parsePort(cnf.get("port")) : DEFAULT_PORT;
        return new Credentials(user, password, port);
    }

    private static int parsePort(String s) {
        try {
            return Integer.parseInt(s.strip());
        } catch (NumberFormatException e) {
            throw new UserException("port= in ~/.my.cnf is not a number ('" + s + "')", "fix the option file");
        }
    }

    @Override
    public String toString() {
        return "Credentials[user=" + user + ", defaultPort=" + defaultPort + "]";
    }
}
