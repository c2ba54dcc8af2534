package io.clusterbench.db;

import io.clusterbench.UserException;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.Locale;
import java.util.UUID;

/**
 * How connections use TLS: the MySQL client's {@code --ssl-mode} levels and PEM files, turned into
 * MariaDB Connector/J URL parameters.
 *
 * <p>Immutable. Modes: {@code DISABLED} (plain, the default, as sysbench's {@code --mysql-ssl=off});
 * {@code PREFERRED} (TLS without verifying the server, plain when the server has no TLS); {@code REQUIRED}
 * (TLS, the server's certificate not verified); {@code VERIFY_CA} (the certificate must chain to
 * {@code --ssl-ca}); {@code VERIFY_IDENTITY} (also the host name must match it). With a password, MariaDB
 * 11.4+ and Connector/J also accept a certificate the CA did not sign when the server proves it knows the
 * account's password hash ("zero-configuration TLS"): the server is authenticated either way.
 *
 * @param mode     the level
 * @param ca       PEM file of the CA that signed the server certificate, or null (then the JDK's trust store)
 * @param keyStore PKCS#12 file built from {@code --ssl-cert} and {@code --ssl-key} (client certificate), or null
 * @param keyStorePassword password of {@code keyStore} (random, made by {@link #withClientKey}), or null
 */
public record Tls(Mode mode, String ca, String keyStore, String keyStorePassword) {
    /** Plain connections. */
    public static final Tls DISABLED = new Tls(Mode.DISABLED, null, null, null);

    /** The MySQL client's {@code --ssl-mode} levels. */
    public enum Mode { DISABLED, PREFERRED, REQUIRED, VERIFY_CA, VERIFY_IDENTITY }

    /**
     * Reads a mode in the MySQL client's spelling ({@code --ssl-mode}) or sysbench's ({@code --mysql-ssl}:
     * {@code on}/{@code off} and the same level names, any case).
     *
     * @return the mode, or null when {@code text} is none of them
     */
    public static Mode parseMode(String text) {
        String t = text.strip().toUpperCase(Locale.ROOT).replace('-', '_');
        return switch (t) {
            case "ON", "1", "TRUE", "YES" -> Mode.REQUIRED;
            case "OFF", "0", "FALSE", "NO" -> Mode.DISABLED;
            default -> {
                try {
                    yield Mode.valueOf(t);
                } catch (IllegalArgumentException e) {
                    yield null;
                }
            }
        };
    }

    /**
     * Adds a client certificate: builds a PKCS#12 key store (in the temporary directory, removed at exit)
     * from a PEM certificate and a PEM PKCS#8 private key ({@code BEGIN PRIVATE KEY}, RSA or EC).
     *
     * @throws UserException when a file cannot be read or is not in that form
     */
    public Tls withClientKey(Path certPem, Path keyPem) {
        try {
            Certificate[] chain = CertificateFactory.getInstance("X.509")
                    .generateCertificates(Files.newInputStream(certPem)).toArray(new Certificate[0]);
            PrivateKey key = readKey(keyPem);
            String password = UUID.randomUUID().toString();
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry("client", key, password.toCharArray(), chain);
            Path file = Files.createTempFile("clusterbench-client-", ".p12");
            file.toFile().deleteOnExit();
            try (OutputStream out = Files.newOutputStream(file)) {
                store.store(out, password.toCharArray());
            }
            return new Tls(mode, ca, file.toString(), password);
        } catch (IOException | GeneralSecurityException e) {
            throw new UserException("cannot use --ssl-cert " + certPem + " with --ssl-key " + keyPem + ": " + e.getMessage(),
                    "give a PEM certificate and a PEM PKCS#8 key (openssl pkcs8 -topk8 -nocrypt converts one)", e);
        }
    }

    private static PrivateKey readKey(Path pem) throws IOException, GeneralSecurityException {
        String text = Files.readString(pem, StandardCharsets.US_ASCII);
        if (!text.contains("-----BEGIN PRIVATE KEY-----")) {
            throw new GeneralSecurityException("not an unencrypted PKCS#8 key (BEGIN PRIVATE KEY)");
        }
        String body = text.substring(text.indexOf("-----BEGIN PRIVATE KEY-----") + 27, text.indexOf("-----END PRIVATE KEY-----"));
        byte[] der = Base64.getMimeDecoder().decode(body);
        GeneralSecurityException last = null;
        for (String algorithm : new String[]{"RSA", "EC", "Ed25519"}) {
            try {
                return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
            } catch (GeneralSecurityException e) {
                last = e;
            }
        }
        throw last;
    }

    /**
     * @param tlsOn for {@code PREFERRED}: true for the first attempt (TLS), false for the plain fallback
     * @return URL parameters, each starting with {@code &}
     */
    String urlParameters(boolean tlsOn) {
        StringBuilder p = new StringBuilder("&sslMode=").append(switch (mode) {
            case DISABLED -> "disable";
            case PREFERRED -> tlsOn ? "trust" : "disable";
            case REQUIRED -> "trust";
            case VERIFY_CA -> "verify-ca";
            case VERIFY_IDENTITY -> "verify-full";
        });
        if (ca != null && (mode == Mode.VERIFY_CA || mode == Mode.VERIFY_IDENTITY)) {
            p.append("&serverSslCert=").append(ca);
        }
        if (keyStore != null && mode != Mode.DISABLED) {
            p.append("&keyStore=").append(keyStore).append("&keyStoreType=PKCS12&keyStorePassword=")
                    .append(keyStorePassword);
        }
        return p.toString();
    }

    /** @return a description without the key store password, for messages and results */
    @Override
    public String toString() {
        return mode + (ca != null ? " ca=" + ca : "") + (keyStore != null ? " client-cert" : "");
    }
}
