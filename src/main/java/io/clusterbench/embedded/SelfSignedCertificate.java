package io.clusterbench.embedded;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.Signature;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Base64;

/**
 * The embedded server's TLS certificate: a self-signed X.509 v3 certificate (RSA 2048, SHA256withRSA, no extensions)
 * and its PKCS#8 key, as PEM files. MariaDB 11.4 makes such a certificate itself at every start when it is given none,
 * and on a loaded 2-core machine that took 64 and 168 s of a start that otherwise takes 2 s (measured 2026-12-02);
 * clusterbench makes one once per cache and passes it. The DER is written here (RFC 5280, section 4.1) because the JDK
 * signs but has no public certificate builder; {@code CertificateFactory} reads it back in the test.
 *
 * <p>Stateless and thread-safe.
 */
final class SelfSignedCertificate {
    private static final byte[] SHA256_WITH_RSA = {0x2A, (byte) 0x86, 0x48, (byte) 0x86, (byte) 0xF7, 0x0D, 1, 1, 11};
    private static final byte[] COMMON_NAME = {0x55, 0x04, 0x03};
    private static final DateTimeFormatter UTC_TIME = DateTimeFormatter.ofPattern("yyMMddHHmmss'Z'");
    private static final DateTimeFormatter GENERALIZED_TIME = DateTimeFormatter.ofPattern("yyyyMMddHHmmss'Z'");

    private SelfSignedCertificate() {
    }

    /** A certificate and its key, PEM-encoded. */
    record Pem(String certificate, String key) {
        /** Writes both files (the key readable by its owner only). @throws IOException when one cannot be written */
        void write(Path certificatePem, Path keyPem) throws IOException {
            Files.writeString(certificatePem, certificate);
            Files.writeString(keyPem, "");
            Files.setPosixFilePermissions(keyPem, PosixFilePermissions.fromString("rw-------"));
            Files.writeString(keyPem, key);
        }
    }

    /**
     * Makes a new key pair and its certificate (0.1-0.5 s of CPU: RSA key generation).
     *
     * @param commonName the subject and issuer CN
     * @param validity   how long from now it is valid (it is valid from a day ago, against clock skew)
     * @return the PEM texts
     */
    static Pem make(String commonName, Duration validity) {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            KeyPair pair = generator.generateKeyPair();
            byte[] algorithm = der(0x30, der(0x06, SHA256_WITH_RSA), new byte[] {0x05, 0});
            byte[] name = der(0x30, der(0x31, der(0x30, der(0x06, COMMON_NAME),
                    der(0x0C, commonName.getBytes(StandardCharsets.UTF_8)))));
            ZonedDateTime now = ZonedDateTime.now(ZoneOffset.UTC).withNano(0);
            byte[] serial = new BigInteger(63, new SecureRandom()).add(BigInteger.ONE).toByteArray();
            byte[] tbs = der(0x30, der(0xA0, der(0x02, new byte[] {2})), der(0x02, serial), algorithm, name,
                    der(0x30, time(now.minusDays(1)), time(now.plus(validity))), name, pair.getPublic().getEncoded());
            Signature signer = Signature.getInstance("SHA256withRSA");
            signer.initSign(pair.getPrivate());
            signer.update(tbs);
            byte[] signature = signer.sign();
            byte[] bits = new byte[signature.length + 1]; // no unused bits
            System.arraycopy(signature, 0, bits, 1, signature.length);
            byte[] certificate = der(0x30, tbs, algorithm, der(0x03, bits));
            return new Pem(pem("CERTIFICATE", certificate), pem("PRIVATE KEY", pair.getPrivate().getEncoded()));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("RSA and SHA256withRSA are part of every Java runtime", e);
        }
    }

    /** @return UTCTime for years before 2050, GeneralizedTime after (RFC 5280, 4.1.2.5) */
    private static byte[] time(ZonedDateTime t) {
        return t.getYear() < 2050 ? der(0x17, UTC_TIME.format(t).getBytes(StandardCharsets.US_ASCII))
                : der(0x18, GENERALIZED_TIME.format(t).getBytes(StandardCharsets.US_ASCII));
    }

    /** @return one DER value: {@code tag}, the definite length, and the parts concatenated */
    private static byte[] der(int tag, byte[]... parts) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            body.writeBytes(p);
        }
        int n = body.size();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(tag);
        if (n < 0x80) {
            out.write(n);
        } else {
            int bytes = n < 0x100 ? 1 : n < 0x10000 ? 2 : 3;
            out.write(0x80 | bytes);
            for (int i = bytes - 1; i >= 0; i--) {
                out.write(n >> (8 * i));
            }
        }
        out.writeBytes(body.toByteArray());
        return out.toByteArray();
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }
}
