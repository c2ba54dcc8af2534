package io.clusterbench.cli;

import io.clusterbench.testing.Cli;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Table chores without --host, where the target is the embedded server that starts empty on every command. */
class EmbeddedChoresTest {
    @Test
    void cleanupWithoutAHostSaysTheEmbeddedServerStartsEmptyAndStartsNone() {
        Cli.Result r = Cli.run("cleanup", "oltp_read_write");
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("Nothing to clean up: without --host the target is an embedded MariaDB, which "
                + "starts empty on every command"), r.out());
        assertFalse(r.out().contains("starting an embedded"), "no server was started for nothing: " + r.out());
        assertTrue(r.out().contains("kept with prepare --keep stays until you remove it"), r.out());
    }
}
