package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.clusterbench.embedded.EmbeddedServer;
import io.clusterbench.testing.Cli;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * TLS against a real server whose certificate is signed by a CA made here with openssl: an account
 * {@code REQUIRE SSL}, an account {@code REQUIRE X509}, sysbench's and MySQL's spellings, and the
 * negotiated protocol and cipher in result.json.
 */
class TlsIT {
    private static Path dir;
    private static EmbeddedServer server;

    @BeforeAll
    static void startServerWithOwnCa() throws Exception {
        dir = Files.createTempDirectory("clusterbench-tls-");
        openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2",
                "-subj", "/CN=clusterbench test CA");
        openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "other-ca.key", "-out", "other-ca.pem",
                "-days", "2", "-subj", "/CN=some other CA");
        Files.writeString(dir.resolve("san.ext"), "subjectAltName=IP:127.0.0.1\n");
        for (String who : new String[]{"server", "client"}) {
            openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", who + ".key", "-out", who + ".csr",
                    "-subj", "/CN=127.0.0.1");
            openssl("x509", "-req", "-in", who + ".csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
                    "-out", who + ".pem", "-days", "2", "-extfile", "san.ext");
        }
        server = io.clusterbench.testing.TestServer.startOwn(false, List.of("--ssl-ca=" + dir.resolve("ca.pem"),
                "--ssl-cert=" + dir.resolve("server.pem"), "--ssl-key=" + dir.resolve("server.key")));
        try (Connection c = DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + server.port() + "/", "root", "");
             Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE tls");
            s.execute("CREATE USER 'secure'@'127.0.0.1' IDENTIFIED BY 'pw' REQUIRE SSL");
            s.execute("GRANT ALL ON tls.* TO 'secure'@'127.0.0.1'");
            s.execute("CREATE USER 'certified'@'127.0.0.1' IDENTIFIED BY 'pw' REQUIRE X509");
            s.execute("GRANT ALL ON tls.* TO 'certified'@'127.0.0.1'");
        }
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static void openssl(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("openssl"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), out);
    }

    private static Cli.Result run(String user, String... tls) {
        List<String> args = new ArrayList<>(List.of("prepare", "oltp_point_select", "--table-size=20", "--force",
                "--host=127.0.0.1", "--port=" + server.port(), "--user=" + user, "--password=pw", "--db=tls"));
        args.addAll(List.of(tls));
        return Cli.run(args.toArray(new String[0]));
    }

    @Test
    void requireSslAccountIsRefusedPlainWithTheOptionThatHelps() {
        Cli.Result r = run("secure");
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertTrue(r.err().contains("--ssl-mode=REQUIRED"), r.err());
    }

    @Test
    void requireSecureTransportRefusesPlainAndTakesTls() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + server.port() + "/", "root", "");
             Statement s = c.createStatement()) {
            s.execute("CREATE USER IF NOT EXISTS 'anyway'@'127.0.0.1' IDENTIFIED BY 'pw'");
            s.execute("GRANT ALL ON tls.* TO 'anyway'@'127.0.0.1'");
            s.execute("SET GLOBAL require_secure_transport = ON");
        }
        Cli.Result plain;
        Cli.Result secure;
        Cli.Result sysbenchSpelling;
        try {
            plain = run("anyway");
            secure = run("anyway", "--ssl-mode=REQUIRED");
            sysbenchSpelling = run("anyway", "--mysql-ssl=on");
        } finally {
            try (Connection c = DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + server.port()
                    + "/?sslMode=trust", "root", ""); Statement s = c.createStatement()) {
                s.execute("SET GLOBAL require_secure_transport = OFF");
            }
        }
        assertEquals(2, plain.exitCode(), plain.out() + plain.err());
        assertEquals(1, plain.errLines().size(), plain.err());
        String line = plain.errLines().get(0);
        assertTrue(line.contains("require_secure_transport") && line.contains("--ssl-mode=REQUIRED"), line);
        assertTrue(!line.contains("--password") && !line.contains("access denied"), "not a credentials hint: " + line);
        assertEquals(0, secure.exitCode(), secure.err());
        assertEquals(0, sysbenchSpelling.exitCode(), sysbenchSpelling.err());
    }

    @Test
    void everySpellingOfTlsConnects() {
        String ca = dir.resolve("ca.pem").toString();
        String[][] spellings = {{"--mysql-ssl=on"}, {"--ssl-mode", "REQUIRED"}, {"--mysql-ssl=PREFERRED"},
                {"--ssl-mode=VERIFY_CA", "--ssl-ca=" + ca}, {"--ssl-mode", "verify_identity", "--mysql-ssl-ca=" + ca}};
        for (String[] tls : spellings) {
            Cli.Result r = run("secure", tls);
            assertEquals(0, r.exitCode(), String.join(" ", tls) + ": " + r.err());
        }
    }

    /**
     * Without a password (root here): with one, MariaDB 11.4 and Connector/J also accept a certificate the CA did
     * not sign when the server proves it knows the password hash (zero-configuration TLS).
     */
    @Test
    void aForeignCaIsNotTrustedAndTheTlsFailureIsOneLine() {
        Cli.Result r = Cli.run("prepare", "oltp_point_select", "--table-size=20", "--force", "--host=127.0.0.1",
                "--port=" + server.port(), "--user=root", "--db=tls", "--ssl-mode=VERIFY_CA",
                "--ssl-ca=" + dir.resolve("other-ca.pem"));
        assertEquals(2, r.exitCode(), r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().startsWith("error: cannot connect to 127.0.0.1:" + server.port() + ": TLS handshake failed: ")
                && r.err().contains(" (2026) — check --ssl-ca"), "a TLS failure named as such, in one line: " + r.err());
        assertEquals(0, Cli.run("prepare", "oltp_point_select", "--table-size=20", "--force", "--host=127.0.0.1",
                "--port=" + server.port(), "--user=root", "--db=tls", "--ssl-mode=VERIFY_CA",
                "--ssl-ca=" + dir.resolve("ca.pem")).exitCode());
    }

    @Test
    void clientCertificateFromPemFiles() {
        Cli.Result r = run("certified", "--ssl-mode=VERIFY_CA", "--ssl-ca=" + dir.resolve("ca.pem"),
                "--ssl-cert=" + dir.resolve("client.pem"), "--ssl-key=" + dir.resolve("client.key"));
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(2, run("certified", "--ssl-mode=REQUIRED").exitCode());
    }

    @Test
    void resultRecordsTheNegotiatedProtocolAndCipher() throws Exception {
        assertEquals(0, run("secure", "--mysql-ssl=on").exitCode());
        Path out = Files.createTempDirectory(dir, "out");
        Cli.Result r = Cli.run("run", "oltp_point_select", "--table-size=20", "--time=1", "--host=127.0.0.1",
                "--port=" + server.port(), "--user=secure", "--password=pw", "--db=tls", "--ssl-mode=REQUIRED",
                "--out=" + out);
        assertEquals(0, r.exitCode(), r.err());
        JsonNode tls = ResultFiles.read(out).path("target").path("tls");
        assertEquals("REQUIRED", tls.path("mode").asText(), tls.toString());
        assertTrue(tls.path("version").asText().startsWith("TLSv1."), tls.toString());
        assertTrue(!tls.path("cipher").asText().isEmpty() && !tls.path("cipher").asText().equals("none"), tls.toString());
    }
}
