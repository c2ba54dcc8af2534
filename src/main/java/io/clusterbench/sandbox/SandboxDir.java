package io.clusterbench.sandbox;

import picocli.CommandLine.Option;

import java.nio.file.Path;

/**
 * {@code --dir}: the sandbox directory, shared by every {@code sandbox} subcommand. Picocli mixin.
 *
 * <p>Confined to the command's thread.
 */
public final class SandboxDir {
    @Option(names = "--dir", paramLabel = "DIR", defaultValue = GaleraSandbox.DEFAULT_DIR,
            description = "Sandbox directory (data, logs and sandbox.json; sandbox galera wants it empty or missing). Default: ${DEFAULT-VALUE}.")
    Path dir;

    /** @return the sandbox directory */
    public Path path() {
        return dir;
    }
}
