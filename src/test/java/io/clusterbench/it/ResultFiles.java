package io.clusterbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/** Reads a run's result.json as a tree, as a user's script would. */
final class ResultFiles {
    private ResultFiles() {
    }

    static JsonNode read(Path dir) {
        try {
            return new ObjectMapper().readTree(dir.resolve("result.json").toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static JsonNode run(Path dir) {
        return read(dir).get("runs").get(0);
    }

    static JsonNode summary(Path dir) {
        return run(dir).get("summary");
    }
}
