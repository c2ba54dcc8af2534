package io.clusterbench.cli;

import io.clusterbench.anomaly.Isolation;
import io.clusterbench.result.AnomalyDocument;
import io.clusterbench.result.AnomalySetting;
import io.clusterbench.testing.AnomalyFixtures;
import io.clusterbench.testing.Cli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code compare A B} of two {@code probe anomalies} folders puts each setting's anomalies side by side, a forbidden
 * finding marked and a zero with its bound; a probe folder mixed with a run's result is one clear line, exit 2.
 */
class CompareAnomaliesTest {
    @TempDir
    Path dir;

    @Test
    void twoProbesAreComparedPerSettingWithTheirAnomaliesSideBySide() throws Exception {
        AnomalySetting lost = AnomalyFixtures.setting(1, AnomalyFixtures.lostUpdate(), Isolation.REPEATABLE_READ, "0");
        AnomalySetting serial = AnomalyFixtures.setting(1, AnomalyFixtures.staleRead(), Isolation.REPEATABLE_READ, "0");
        Path a = folder("a", AnomalyFixtures.document(List.of(lost)));
        Path b = folder("b", AnomalyFixtures.document(List.of(serial)));

        Cli.Result r = Cli.run("compare", a.toString(), b.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("Anomaly results compared per setting:"), r.out());
        assertTrue(r.out().contains("A = " + a.resolve(AnomalyDocument.FILE)), r.out());
        assertTrue(r.out().contains("Setting " + lost.name() + ", append:"), r.out());
        String row = r.out().lines().filter(l -> l.trim().startsWith("lost-update")).findFirst().orElse("");
        assertTrue(row.matches("\\s*lost-update\\s+1 \\*\\s+0 in \\d+ \\(≤ [0-9.]+%\\)\\s*"),
                "A found one (forbidden at RR), B none with its bound: '" + row + "'\n" + r.out());
    }

    @Test
    void aProbeFolderMixedWithARunResultIsRefusedInOneLine() throws Exception {
        Path a = folder("a", AnomalyFixtures.document(List.of(
                AnomalyFixtures.setting(1, AnomalyFixtures.lostUpdate(), Isolation.REPEATABLE_READ, "0"))));
        Path run = Files.createDirectories(dir.resolve("run"));
        Files.writeString(run.resolve("result.json"), "{}");
        Cli.Result r = Cli.run("compare", a.toString(), run.toString());
        assertEquals(2, r.exitCode(), r.out() + r.err());
        assertEquals(1, r.errLines().size(), r.err());
        assertTrue(r.err().contains("mixed with other results"), r.err());
    }

    private Path folder(String name, AnomalyDocument doc) throws Exception {
        Path d = Files.createDirectories(dir.resolve(name));
        AnomalyDocument.write(d.resolve(AnomalyDocument.FILE), doc.bytes());
        return d;
    }
}
