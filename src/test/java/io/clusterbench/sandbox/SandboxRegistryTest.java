package io.clusterbench.sandbox;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** A sandbox is found by its SQL ports wherever its directory is; stale entries are ignored (SandboxRegistry). */
class SandboxRegistryTest {
    private static SandboxState state(int basePort) {
        return new SandboxState(SandboxState.SCHEMA, "galera", "clusterbench", "sbtest", "sbtest", basePort, 2,
                List.of(SandboxNode.planned(1, basePort), SandboxNode.planned(2, basePort),
                        SandboxNode.planned(3, basePort)), true);
    }

    @Test
    void aSandboxDeepUnderAnyDirectoryIsFoundByItsPortsUntilItIsDestroyed(@TempDir Path tmp) throws Exception {
        Path root = tmp.resolve("registry");
        Path dir = tmp.resolve("far/away/sandbox");
        Files.createDirectories(dir);
        SandboxState s = state(6100);
        s.write(dir);
        SandboxRegistry.register(root, dir, s);
        assertEquals(dir.toAbsolutePath().normalize(), SandboxRegistry.find(root, List.of(6100, 6110, 6120)));
        assertEquals(dir.toAbsolutePath().normalize(), SandboxRegistry.find(root, List.of(6110)), "one node's port");
        assertNull(SandboxRegistry.find(root, List.of(6100, 7100)), "a port of no sandbox");
        SandboxRegistry.unregister(root, dir, s);
        assertNull(SandboxRegistry.find(root, List.of(6100)));
    }

    @Test
    void anEntryWhoseSandboxIsGoneOrRedeployedElsewhereIsIgnored(@TempDir Path tmp) throws Exception {
        Path root = tmp.resolve("registry");
        Path dir = tmp.resolve("a");
        Files.createDirectories(dir);
        SandboxState s = state(6200);
        s.write(dir);
        SandboxRegistry.register(root, dir, s);
        Files.delete(dir.resolve(SandboxState.FILE)); // removed by hand, not by destroy
        assertNull(SandboxRegistry.find(root, List.of(6200)));
        Path other = tmp.resolve("b");
        Files.createDirectories(other);
        state(6300).write(other);
        SandboxRegistry.register(root, other, state(6300));
        Files.writeString(root.resolve("port-6200"), other.toString()); // points at a sandbox without that port
        assertNull(SandboxRegistry.find(root, List.of(6200)));
    }
}
