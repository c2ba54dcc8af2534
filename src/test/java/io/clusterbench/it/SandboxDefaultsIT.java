package io.clusterbench.it;

import io.clusterbench.result.Finding;
import io.clusterbench.result.FindingLevel;
import io.clusterbench.result.ResultJson;
import io.clusterbench.sandbox.GaleraInstall;
import io.clusterbench.testing.Cli;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A fresh sandbox passes the tool's own pre-flight checks: deployed as a user would ({@code sandbox galera}), loaded
 * and run against as README shows, it gives no pre-flight warning or error (its gcache holds the writes it sees,
 * its Performance Schema is on for explain, its appliers and flow-control limit fit). Skips without the Galera
 * packages (fails in CI).
 */
class SandboxDefaultsIT {
    @TempDir
    Path tmp;

    @Test
    void aRunAgainstAFreshSandboxHasNoPreflightWarningAboutItsOwnDefaults() throws Exception {
        List<String> missing = GaleraInstall.missingPackages();
        if (!missing.isEmpty() && !"1".equals(System.getenv("CLUSTERBENCH_REQUIRE_GALERA"))) {
            Assumptions.assumeTrue(false, "sandbox tests need " + String.join(", ", missing));
        }
        // the nodes run as user mysql when started by root: the directory must be one it can enter
        java.nio.file.Files.setPosixFilePermissions(tmp,
                java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        Path dir = tmp.resolve("sandbox");
        int base = freeBase();
        Cli.Result d = Cli.run("sandbox", "galera", "--dir", dir.toString(), "--base-port", Integer.toString(base));
        try {
            assertEquals(0, d.exitCode(), d.out() + d.err());
            List<String> target = List.of("--host=127.0.0.1", "--port=" + base + "," + (base + 10) + "," + (base + 20),
                    "--user=sbtest", "--db=sbtest", "--tables=2", "--table-size=10000");
            Cli.Result p = Cli.run(Cli.args(target, "prepare", "oltp_read_write", "--threads=2"));
            assertEquals(0, p.exitCode(), p.out() + p.err());
            Path out = tmp.resolve("run");
            Cli.Result r = Cli.run(Cli.args(target, "run", "oltp_read_write", "--threads=4", "--time=5",
                    "--out=" + out));
            assertEquals(0, r.exitCode(), r.out() + r.err());
            List<String> findings = ResultJson.read(out.resolve("result.json")).preflight().stream()
                    .filter(f -> f.level() != FindingLevel.INFO).map(Finding::toString).toList();
            assertEquals(List.of(), findings, "pre-flight warnings and errors against the sandbox's own defaults:\n"
                    + r.out());
        } finally {
            Cli.run("sandbox", "destroy", "--dir", dir.toString());
        }
    }

    private static int freeBase() {
        for (int b = 36_000 + (int) (ProcessHandle.current().pid() % 40) * 100; b < 60_000; b += 100) {
            boolean free = true;
            for (int i = 0; i < 30 && free; i++) {
                try (ServerSocket s = new ServerSocket(b + i, 1, InetAddress.getLoopbackAddress())) {
                    s.setReuseAddress(true);
                } catch (IOException e) {
                    free = false;
                }
            }
            if (free) {
                return b;
            }
        }
        throw new IllegalStateException("no free port range");
    }
}
