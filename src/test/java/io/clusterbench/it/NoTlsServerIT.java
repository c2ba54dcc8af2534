package io.clusterbench.it;

import io.clusterbench.embedded.EmbeddedServer;
import io.clusterbench.testing.Cli;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A TLS mode that requires TLS against a server that offers none (started with {@code --skip-ssl}) is named as
 * such, with the options that help, instead of "check --host/--port and that the server is running".
 */
class NoTlsServerIT {
    private static EmbeddedServer server;

    @BeforeAll
    static void start() {
        server = io.clusterbench.testing.TestServer.startOwn(false, List.of("--skip-ssl"));
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void requiredTlsOnAServerWithoutTlsSaysSo() {
        for (String mode : List.of("--ssl-mode=REQUIRED", "--mysql-ssl=on")) {
            Cli.Result r = Cli.run("run", "oltp_point_select", "--host=127.0.0.1", "--port=" + server.port(),
                    "--user=root", mode, "--time=1");
            assertEquals(2, r.exitCode(), r.err());
            assertEquals(1, r.errLines().size(), r.err());
            String line = r.errLines().get(0);
            assertTrue(line.contains("does not offer TLS") && line.contains("--ssl-mode=PREFERRED"), line);
            assertTrue(!line.contains("that the server is running"), line);
        }
    }
}
