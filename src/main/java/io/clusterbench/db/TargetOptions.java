package io.clusterbench.db;

import io.clusterbench.Defaults;
import picocli.CommandLine.Option;

import java.util.List;

/**
 * Where to connect: picocli mixin shared by every command that talks to a server. sysbench's
 * {@code --mysql-*} spellings are accepted (see {@code cli.ArgNormalizer}).
 *
 * <p>Confined to the command's thread.
 */
public final class TargetOptions {
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

    @Option(names = "--db-ps-mode", paramLabel = "auto|disable", defaultValue = Defaults.DB_PS_MODE,
            description = "auto: server-side prepared statements (binary protocol), as sysbench; "
                    + "disable: client-side. Default: ${DEFAULT-VALUE}.")
    String psMode;

    @Option(names = "--connect-timeout", paramLabel = "SECONDS", defaultValue = "" + Defaults.CONNECT_TIMEOUT_SECONDS,
            description = "Connect timeout in seconds (> 0). Default: ${DEFAULT-VALUE}.")
    int connectTimeoutSeconds;

    @Option(names = "--server-pid", paramLabel = "PID", defaultValue = "0",
            description = "Process id of the server when it runs on this host, for its CPU and disk figures. "
                    + "Default: found from the port of the first endpoint when that is a local address.")
    long serverPid;

    @Option(names = "--keep", description = "Embedded server only: keep its data directory on exit "
            + "(the path is printed). Default: removed.")
    boolean keep;

    /** Set by {@code ab}: null for other commands; true when its sides are endpoints (--a HOST:PORT, --side-host). */
    private Boolean abEndpoints;

    /**
     * Marks these options as {@code ab}'s, whose sides name their servers: --user, --password and TLS serve sides that
     * are endpoints, and nothing else here names a server.
     *
     * @param endpoints true when the sides are endpoints the user runs; false for servers clusterbench starts
     */
    public void forAb(boolean endpoints) {
        abEndpoints = endpoints;
    }

    /** @return true for {@code --keep}: the embedded server's data directory stays */
    public boolean keep() {
        return keep;
    }

    /** @return true when neither --host nor --socket is given: the embedded server is the target */
    public boolean embedded() {
        return (hosts == null || hosts.isEmpty()) && (sockets == null || sockets.isEmpty());
    }

    /** @return the target as given, for the runner */
    public TargetSpec spec() {
        return new TargetSpec(hosts, ports, sockets, user, password, database, psMode, connectTimeoutSeconds, serverPid,
                keep, tls());
    }

    /** @return the TLS settings: --ssl-mode (default DISABLED, or VERIFY_CA when only --ssl-ca is given) */
    private Tls tls() {
        Tls.Mode mode = sslMode != null && Tls.parseMode(sslMode) != null ? Tls.parseMode(sslMode)
                : sslCa != null ? Tls.Mode.VERIFY_CA : sslCert != null ? Tls.Mode.REQUIRED : Tls.Mode.DISABLED;
        Tls tls = new Tls(mode, sslCa == null ? null : sslCa.toAbsolutePath().toString(), null, null);
        return sslCert != null ? tls.withClientKey(sslCert, sslKey) : tls;
    }

    /** Adds every problem with the target options to {@code problems}, without connecting. */
    public void validate(List<String> problems) {
        validate(problems, true);
    }

    /**
     * As {@link #validate(List)}, for a command that may refuse the embedded server itself.
     *
     * @param embeddedServes false when the command does not run on the embedded server and says so in its own line
     *                       (give --host): then options given without --host are not named again
     */
    public void validate(List<String> problems, boolean embeddedServes) {
        TargetOptions o = this;
        if (!o.psMode.equals("auto") && !o.psMode.equals("disable")) {
            problems.add("--db-ps-mode must be auto or disable (got '" + o.psMode + "')");
        }
        if (o.connectTimeoutSeconds <= 0) {
            problems.add("--connect-timeout must be > 0 seconds");
        }
        if (o.ports != null) {
            for (int p : o.ports) {
                if (p < 1 || p > 65535) {
                    problems.add("--port " + p + " is not a TCP port (1-65535)");
                }
            }
            int hosts = o.hosts == null ? 0 : o.hosts.size();
            if (o.ports.size() > 1 && hosts > 1 && o.ports.size() != hosts) {
                problems.add("--port lists " + o.ports.size() + " ports for " + hosts
                        + " hosts; give one port, or one per host");
            }
        }
        if (o.hosts != null && o.hosts.isEmpty()) {
            problems.add("--host has an empty or blank entry; give host names separated by commas");
        }
        if (o.hosts != null) {
            for (String h : o.hosts) {
                String host = h.strip();
                int colon = host.lastIndexOf(':');
                boolean hostPort = colon > 0 && host.indexOf(':') == colon;
                if (host.isEmpty() || host.contains(" ") || host.equals(":")) {
                    problems.add("--host has an empty or blank entry ('" + h + "'); give host names separated by commas");
                } else if (hostPort && !host.substring(colon + 1).matches("\\d{1,5}")) {
                    problems.add("--host " + host + ": the part after ':' is not a port");
                }
            }
        }
        int endpoints = Math.max(o.hosts == null ? 0 : o.hosts.size(), o.sockets == null ? 0 : o.sockets.size());
        if (o.user != null && o.user.contains(",") && endpoints > 1) {
            problems.add("--user " + o.user + ": one user serves every endpoint (per-host users are not supported);"
                    + " give a single --user that exists on each host");
        }
        if (o.sslMode != null && Tls.parseMode(o.sslMode) == null) {
            problems.add("--ssl-mode must be DISABLED, PREFERRED, REQUIRED, VERIFY_CA or VERIFY_IDENTITY"
                    + " (sysbench --mysql-ssl: on or off); got '" + o.sslMode + "'");
        }
        if ((o.sslCert == null) != (o.sslKey == null)) {
            problems.add("--ssl-cert and --ssl-key go together; give both or neither");
        }
        for (java.nio.file.Path p : new java.nio.file.Path[]{o.sslCa, o.sslCert, o.sslKey}) {
            if (p != null && !java.nio.file.Files.isReadable(p)) {
                problems.add("TLS file " + p + " cannot be read");
            }
        }
        if (o.database != null && !o.database.matches("[A-Za-z0-9_$]+")) {
            problems.add("--db must be a plain database name (got '" + o.database + "')");
        }
        List<String> unused = o.embedded() && embeddedServes ? o.givenForAServer() : List.of();
        if (!unused.isEmpty()) {
            problems.add(unusedProblem(unused));
        }
    }

    /** @return the line for options given that no server of this command would take */
    private String unusedProblem(List<String> unused) {
        String them = unused.size() == 1 ? "it" : "them";
        String named = String.join(", ", unused);
        if (abEndpoints == null) {
            return named + " given without --host or --socket, where the target is the embedded MariaDB, which would "
                    + "ignore " + them + "; give --host (sysbench's default is localhost: --host 127.0.0.1) or leave "
                    + them + " out";
        }
        if (abEndpoints) {
            return named + " not taken by ab: give each side as --a=HOST:PORT, --b=HOST:PORT (a local side's server is "
                    + "found from its port)";
        }
        return named + " given without --a/--b or --side-host: ab's sides are servers it starts (the embedded one, or "
                + "--a-server), which would ignore " + them + "; give the sides as --a=HOST:PORT --b=HOST:PORT or leave "
                + them + " out";
    }

    /** @return the options given that only a server the user names takes (ab's endpoint sides take some of them) */
    private List<String> givenForAServer() {
        List<String> given = new java.util.ArrayList<>();
        if (ports != null) {
            given.add("--port");
        }
        if (abEndpoints == null || !abEndpoints) {
            if (user != null) {
                given.add("--user");
            }
            if (password != null) {
                given.add("--password");
            }
            if (sslMode != null && Tls.parseMode(sslMode) != null && Tls.parseMode(sslMode) != Tls.Mode.DISABLED) {
                given.add("--ssl-mode " + sslMode);
            }
            if (sslCa != null) {
                given.add("--ssl-ca");
            }
            if (sslCert != null || sslKey != null) {
                given.add("--ssl-cert/--ssl-key");
            }
        }
        if (serverPid != 0) {
            given.add("--server-pid");
        }
        return given;
    }

}
