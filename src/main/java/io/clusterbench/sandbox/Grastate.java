package io.clusterbench.sandbox;

import io.clusterbench.UserException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads {@code grastate.dat} to choose the node a stopped cluster may be bootstrapped from
 * (galera-local.md §3 pitfall 3: bootstrap only from the node with {@code safe_to_bootstrap: 1}; forcing
 * another one can reverse history).
 *
 * <p>Thread-safe (stateless).
 */
final class Grastate {
    private Grastate() {
    }

    /** @return true when the node's grastate.dat says {@code safe_to_bootstrap: 1} */
    static boolean safeToBootstrap(Path dir, SandboxNode node) {
        try {
            for (String line : Files.readAllLines(node.dataDir(dir).resolve("grastate.dat"))) {
                if (line.replace(" ", "").equals("safe_to_bootstrap:1")) {
                    return true;
                }
            }
        } catch (IOException e) {
            return false;
        }
        return false;
    }

    /** @throws UserException when the node is not safe to bootstrap from */
    static void requireSafeToBootstrap(Path dir, SandboxNode node) {
        if (!safeToBootstrap(dir, node)) {
            throw new UserException("no other node runs and " + node.name() + " is not marked safe_to_bootstrap",
                    "start the whole sandbox with 'clusterbench sandbox start --dir " + dir + "'");
        }
    }

    /**
     * @return the node marked safe to bootstrap
     * @throws UserException when none is (all nodes crashed): recovery is manual
     */
    static SandboxNode bootstrapCandidate(Path dir, List<SandboxNode> nodes) {
        for (SandboxNode n : nodes) {
            if (safeToBootstrap(dir, n)) {
                return n;
            }
        }
        throw new UserException("no node of " + dir + " is marked safe_to_bootstrap (every node crashed)",
                "find the node with the highest seqno (mariadbd --wsrep-recover), set safe_to_bootstrap: 1 in its "
                        + "grastate.dat, then run sandbox start again — or destroy and deploy a new sandbox");
    }
}
