package io.clusterbench.fault;

import io.clusterbench.UserException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CommandControlTest {
    @Test
    void placeholdersAndEnvironmentReachTheCommand(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        CommandControl c = CommandControl.parse(List.of("kill=echo {node} {index} {host} {port} $CB_NODE >> " + out,
                "pause=exit 3"), List.of("10.0.0.1:3306", "10.0.0.2:3307"));
        NodeControl.Outcome ok = c.act(FaultSchedule.Action.KILL, "n2", System.nanoTime());
        assertTrue(ok.ok(), ok.detail());
        assertEquals("n2 2 10.0.0.2 3307 n2", Files.readString(out).strip());
        NodeControl.Outcome failed = c.act(FaultSchedule.Action.PAUSE, "n1", System.nanoTime());
        assertFalse(failed.ok());
        assertTrue(failed.detail().contains("exited 3"), failed.detail());
        assertFalse(c.act(FaultSchedule.Action.RESUME, "n1", 0).ok(), "no command for resume");
    }

    @Test
    void badSpecsAreUserErrors() {
        assertThrows(UserException.class, () -> CommandControl.parse(List.of("explode=true"), List.of()));
        assertThrows(UserException.class, () -> CommandControl.parse(List.of("kill="), List.of()));
        assertThrows(UserException.class, () -> CommandControl.parse(List.of("sql=true"), List.of()));
    }
}
