package io.clusterbench.sandbox;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.clusterbench.UserException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * What a sandbox directory holds, kept in {@value #FILE} inside it so that later commands
 * ({@code status}, {@code stop}, {@code kill n2}) find the nodes again.
 *
 * <p>Immutable; {@link #write} replaces the file atomically.
 *
 * @param schema      always {@value #SCHEMA}
 * @param flavor      {@code galera}
 * @param clusterName {@code wsrep_cluster_name}
 * @param user        SQL user created for clients (no password), e.g. {@code sbtest}
 * @param database    database created for clients, e.g. {@code sbtest}
 * @param basePort    SQL port of node 1
 * @param flushLogAtTrxCommit the {@code innodb_flush_log_at_trx_commit} the nodes run with
 * @param nodes       the nodes, in order
 * @param relay       true when the nodes reach each other through the relay daemon (docs/relay.md); false in
 *                    files written before the relay existed
 */
public record SandboxState(String schema, String flavor, String clusterName, String user, String database,
                           int basePort, int flushLogAtTrxCommit, List<SandboxNode> nodes, boolean relay) {
    /** Name of the state file in the sandbox directory. */
    public static final String FILE = "sandbox.json";
    /** Schema identifier of the state file. */
    public static final String SCHEMA = "clusterbench.sandbox/1";

    /**
     * The state file's mapper, made on first read or write: every local run asks {@link #exists} of each directory
     * under /tmp (to find a sandbox by port), and building a mapper there cost every plain run about 0.1 CPU s.
     */
    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    }

    /** A sandbox whose nodes talk directly over loopback. */
    public SandboxState(String schema, String flavor, String clusterName, String user, String database, int basePort,
                        int flushLogAtTrxCommit, List<SandboxNode> nodes) {
        this(schema, flavor, clusterName, user, database, basePort, flushLogAtTrxCommit, nodes, false);
    }

    /** @return true when {@code dir} holds a sandbox state file */
    public static boolean exists(Path dir) {
        return Files.isRegularFile(dir.resolve(FILE));
    }

    /**
     * @throws UserException when the directory holds no sandbox or the file is unreadable
     */
    public static SandboxState read(Path dir) {
        Path file = dir.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            throw new UserException("no sandbox in " + dir.toAbsolutePath(),
                    "deploy one with 'clusterbench sandbox galera --dir " + dir + "', or pass the --dir it used");
        }
        try {
            SandboxState s = Json.MAPPER.readValue(file.toFile(), SandboxState.class);
            if (!SCHEMA.equals(s.schema())) {
                throw new UserException(file + " is not a clusterbench sandbox (schema " + s.schema() + ")", null);
            }
            return s;
        } catch (IOException e) {
            throw new UserException("cannot read " + file + ": " + e.getMessage(), "remove the directory by hand", e);
        }
    }

    /** Writes the state atomically. @throws UncheckedIOException when the file cannot be written */
    public void write(Path dir) {
        Path tmp = dir.resolve(FILE + ".tmp");
        try {
            Json.MAPPER.writeValue(tmp.toFile(), this);
            Files.move(tmp, dir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + dir.resolve(FILE) + ": " + e.getMessage(), e);
        }
    }

    /** @return a copy where the node with {@code node.index()} is replaced */
    public SandboxState with(SandboxNode node) {
        List<SandboxNode> copy = new ArrayList<>(nodes);
        copy.set(node.index() - 1, node);
        return new SandboxState(schema, flavor, clusterName, user, database, basePort, flushLogAtTrxCommit,
                List.copyOf(copy), relay);
    }

    /**
     * @param name {@code n2} or {@code 2}
     * @throws UserException for an unknown node
     */
    public SandboxNode node(String name) {
        for (SandboxNode n : nodes) {
            if (n.name().equals(name) || Integer.toString(n.index()).equals(name)) {
                return n;
            }
        }
        List<String> names = new ArrayList<>();
        nodes.forEach(n -> names.add(n.name()));
        throw new UserException("no node '" + name + "' in this sandbox", "choose one of " + String.join(", ", names));
    }

    /** @return the client connection options, e.g. {@code --host 127.0.0.1 --port 5500,5510,5520 --user sbtest} */
    public String clientOptions() {
        List<String> ports = new ArrayList<>();
        nodes.forEach(n -> ports.add(Integer.toString(n.sqlPort())));
        return "--host 127.0.0.1 --port " + String.join(",", ports) + " --user " + user + " --db " + database;
    }
}
