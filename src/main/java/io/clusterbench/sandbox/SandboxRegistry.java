package io.clusterbench.sandbox;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collection;

/**
 * Where the local sandboxes live, by SQL port, so that a run on a sandbox's ports finds its directory (its relay's
 * links and counters, its nodes for {@code --fault}) wherever it was deployed: one small file per node,
 * {@code /tmp/clusterbench-sandboxes/port-<SQL port>}, holding the sandbox directory's absolute path. Written when a
 * sandbox is deployed or started, removed when it is destroyed (docs/relay.md, "Finding the sandbox"). An entry
 * whose directory no longer holds a sandbox with that port is stale and ignored.
 *
 * <p>Thread-safe (stateless); an entry is replaced atomically. A registry that cannot be written (a read-only
 * {@code /tmp}) costs only the look-up: {@code --sandbox DIR} still names the sandbox.
 */
public final class SandboxRegistry {
    /** The registry directory: host-wide, as the ports are. */
    public static final Path ROOT = Path.of("/tmp", "clusterbench-sandboxes");

    private SandboxRegistry() {
    }

    private static Path entry(Path root, int port) {
        return root.resolve("port-" + port);
    }

    /** Registers every node port of the sandbox in {@code dir}; never throws. */
    static void register(Path dir, SandboxState state) {
        register(ROOT, dir, state);
    }

    static void register(Path root, Path dir, SandboxState state) {
        try {
            Files.createDirectories(root);
            for (SandboxNode n : state.nodes()) {
                Path tmp = Files.createTempFile(root, "port-" + n.sqlPort(), ".tmp");
                Files.writeString(tmp, dir.toAbsolutePath().normalize().toString(), StandardCharsets.UTF_8);
                try {
                    Files.move(tmp, entry(root, n.sqlPort()), StandardCopyOption.ATOMIC_MOVE,
                            StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, entry(root, n.sqlPort()), StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (IOException e) {
            // the registry is a convenience: --sandbox DIR still works
        }
    }

    /** Removes the entries that point at {@code dir}; never throws. */
    static void unregister(Path dir, SandboxState state) {
        unregister(ROOT, dir, state);
    }

    static void unregister(Path root, Path dir, SandboxState state) {
        String abs = dir.toAbsolutePath().normalize().toString();
        for (SandboxNode n : state.nodes()) {
            Path e = entry(root, n.sqlPort());
            try {
                if (Files.exists(e) && Files.readString(e, StandardCharsets.UTF_8).strip().equals(abs)) {
                    Files.delete(e);
                }
            } catch (IOException ignored) {
                // stale entries are ignored by find
            }
        }
    }

    /**
     * @param ports the SQL ports of a run's local endpoints
     * @return the directory of the one registered sandbox that has every one of these ports, or null when none
     *         (not registered, stale, or the ports belong to different sandboxes)
     */
    public static Path find(Collection<Integer> ports) {
        return find(ROOT, ports);
    }

    static Path find(Path root, Collection<Integer> ports) {
        Path dir = null;
        for (int port : ports) {
            Path e = entry(root, port);
            Path d;
            try {
                d = Files.exists(e) ? Path.of(Files.readString(e, StandardCharsets.UTF_8).strip()) : null;
            } catch (IOException | RuntimeException unreadable) {
                d = null;
            }
            if (d == null || dir != null && !dir.equals(d)) {
                return null;
            }
            dir = d;
        }
        if (dir == null || !SandboxState.exists(dir)) {
            return null;
        }
        try {
            java.util.Set<Integer> sandboxPorts = new java.util.HashSet<>();
            SandboxState.read(dir).nodes().forEach(n -> sandboxPorts.add(n.sqlPort()));
            return sandboxPorts.containsAll(ports) ? dir : null;
        } catch (RuntimeException unreadable) {
            return null;
        }
    }
}
