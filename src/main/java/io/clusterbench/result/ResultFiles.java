package io.clusterbench.result;

import io.clusterbench.UserException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the RESULT arguments of {@code compare} and {@code report}: each a {@code result.json} or a result
 * directory holding one. Labels them A, B, … in the order given.
 *
 * <p>Thread-safe (stateless).
 */
public final class ResultFiles {
    private ResultFiles() {
    }

    /**
     * @param args files or directories as typed
     * @return the results, labelled in order
     * @throws UserException when one is missing or not a clusterbench result (all problems in one message)
     */
    public static List<NamedResult> read(List<Path> args) {
        List<ResultDocument> docs = new ArrayList<>();
        List<String> sources = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (Path arg : args) {
            Path file = Files.isDirectory(arg) ? arg.resolve("result.json") : arg;
            if (ProbeDocument.locate(arg) != null) {
                problems.add(arg + " holds a stale-read probe result (probe.json), which only report reads, one at a time");
                continue;
            }
            if (!Files.isRegularFile(file)) {
                problems.add(file + " does not exist");
                continue;
            }
            try {
                docs.add(ResultJson.read(file));
                sources.add(file.toString());
            } catch (IOException | RuntimeException e) {
                problems.add("cannot read " + file + ": " + firstLine(e.getMessage()));
            }
        }
        if (!problems.isEmpty()) {
            throw new UserException(String.join("; ", problems),
                    "give result.json files (or result directories) written by clusterbench run or sweep");
        }
        return NamedResult.of(sources, docs);
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unreadable";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
