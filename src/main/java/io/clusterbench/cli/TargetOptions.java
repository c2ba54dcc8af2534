package io.clusterbench.cli;

import picocli.CommandLine.Option;

import java.util.List;

/**
 * Where to connect: picocli mixin shared by every command that talks to a server. sysbench's
 * {@code --mysql-*} spellings are accepted (see {@link ArgNormalizer}).
 *
 * <p>Confined to the command's thread.
 */
final class TargetOptions {
    @Option(names = "--host", split = ",", paramLabel = "HOST[,HOST...]",
            description = "Server host(s); connections go round-robin over the endpoints. "
                    + "Default: none, which starts an embedded MariaDB in a temporary directory.")
    List<String> hosts;

    @Option(names = "--port", split = ",", paramLabel = "PORT[,PORT...]",
            description = "TCP port(s), paired with --host by position; one port applies to every host. "
                    + "Default: 3306 (or port= in ~/.my.cnf [client]).")
    List<Integer> ports;

    @Option(names = "--socket", split = ",", paramLabel = "PATH[,PATH...]",
            description = "Unix socket path(s) instead of TCP. Default: none.")
    List<String> sockets;

    @Option(names = "--user", paramLabel = "USER",
            description = "User. Default: user= in ~/.my.cnf [client], else sbtest (root on the embedded server).")
    String user;

    @Option(names = "--password", paramLabel = "PASSWORD",
            description = "Password. Default: MYSQL_PWD, else password= in ~/.my.cnf [client], else none. "
                    + "Never written to any output file.")
    String password;

    @Option(names = "--db", paramLabel = "NAME", description = "Database holding the tables. Default: sbtest.")
    String database;

    @Option(names = {"--ssl-mode", "--ssl"}, paramLabel = "MODE",
            description = "TLS: DISABLED, PREFERRED (TLS when the server offers it), REQUIRED (server certificate "
                    + "not checked), VERIFY_CA (checked against --ssl-ca), VERIFY_IDENTITY (also the host name). "
                    + "sysbench's --mysql-ssl=on|off means REQUIRED|DISABLED. Default: DISABLED, as sysbench.")
    String sslMode;

    @Option(names = "--ssl-ca", paramLabel = "PEM", description = "CA certificate for VERIFY_CA/VERIFY_IDENTITY "
            + "(sysbench: --mysql-ssl-ca). Default: the JDK's trust store.")
    java.nio.file.Path sslCa;

    @Option(names = "--ssl-cert", paramLabel = "PEM", description = "Client certificate, with --ssl-key. Default: none.")
    java.nio.file.Path sslCert;

    @Option(names = "--ssl-key", paramLabel = "PEM", description = "Client private key (PKCS#8 PEM), with --ssl-cert. "
            + "Default: none.")
    java.nio.file.Path sslKey;

    @Option(names = "--db-ps-mode", paramLabel = "auto|disable", defaultValue = "auto",
            description = "auto: server-side prepared statements (binary protocol), as sysbench; "
                    + "disable: client-side. Default: ${DEFAULT-VALUE}.")
    String psMode;

    @Option(names = "--connect-timeout", paramLabel = "SECONDS", defaultValue = "5",
            description = "Connect timeout in seconds (> 0). Default: ${DEFAULT-VALUE}.")
    int connectTimeoutSeconds;

    @Option(names = "--server-pid", paramLabel = "PID", defaultValue = "0",
            description = "Process id of the server when it runs on this host, for its CPU and disk figures. "
                    + "Default: found from the port of the first endpoint when that is a local address.")
    long serverPid;

    @Option(names = "--keep", description = "Embedded server only: keep its data directory on exit "
            + "(the path is printed). Default: removed.")
    boolean keep;

    boolean embedded() {
        return (hosts == null || hosts.isEmpty()) && (sockets == null || sockets.isEmpty());
    }
}
