package io.clusterbench.sandbox;

import io.clusterbench.UserException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The locally installed MariaDB server and Galera provider a sandbox runs on (Debian packages
 * {@code mariadb-server}, {@code galera-4}, {@code rsync}; paths from galera-local.md).
 *
 * <p>Immutable.
 *
 * @param mariadbd  the server binary
 * @param installDb {@code mariadb-install-db}
 * @param provider  {@code libgalera_smm.so}
 */
public record GaleraInstall(Path mariadbd, Path installDb, Path provider) {
    private static final List<Path> SERVERS = List.of(Path.of("/usr/sbin/mariadbd"), Path.of("/usr/bin/mariadbd"),
            Path.of("/usr/local/mysql/bin/mariadbd"));
    private static final List<Path> INSTALL_DBS = List.of(Path.of("/usr/bin/mariadb-install-db"),
            Path.of("/usr/bin/mysql_install_db"), Path.of("/usr/local/mysql/scripts/mariadb-install-db"));
    private static final List<Path> PROVIDERS = List.of(Path.of("/usr/lib/galera/libgalera_smm.so"),
            Path.of("/usr/lib/libgalera_smm.so"), Path.of("/usr/lib64/galera-4/libgalera_smm.so"),
            Path.of("/usr/lib64/galera/libgalera_smm.so"));
    private static final List<Path> RSYNCS = List.of(Path.of("/usr/bin/rsync"), Path.of("/bin/rsync"));
    private static final List<Path> SST_SCRIPTS = List.of(Path.of("/usr/bin/wsrep_sst_rsync"));

    /** @return the packages that are missing, by Debian package name (empty when all are there) */
    public static List<String> missingPackages() {
        List<String> missing = new ArrayList<>();
        if (first(SERVERS) == null || first(INSTALL_DBS) == null || first(SST_SCRIPTS) == null) {
            missing.add("mariadb-server");
        }
        if (first(PROVIDERS) == null) {
            missing.add("galera-4");
        }
        if (first(RSYNCS) == null) {
            missing.add("rsync");
        }
        return missing;
    }

    /**
     * Finds the installation.
     *
     * @throws UserException naming the packages to install when something is missing
     */
    public static GaleraInstall locate() {
        List<String> missing = missingPackages();
        if (!missing.isEmpty()) {
            throw new UserException("a Galera sandbox needs " + String.join(", ", missing) + " (not installed)",
                    "install them, e.g. 'apt-get install " + String.join(" ", missing) + "' on Debian/Ubuntu");
        }
        return new GaleraInstall(first(SERVERS), first(INSTALL_DBS), first(PROVIDERS));
    }

    private static Path first(List<Path> candidates) {
        for (Path p : candidates) {
            if (Files.isExecutable(p) || Files.isRegularFile(p)) {
                return p;
            }
        }
        return null;
    }
}
