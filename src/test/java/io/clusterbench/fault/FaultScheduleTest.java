package io.clusterbench.fault;

import io.clusterbench.UserException;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FaultScheduleTest {
    @Test
    void stepsAreParsedSortedAndNormalised() {
        FaultSchedule s = FaultSchedule.parse("25s restart n3; 10 kill 3;1500ms sql:n1:SET GLOBAL wsrep_desync=ON; 1m resume n2", 3);
        assertEquals(4, s.steps().size());
        assertEquals(Duration.ofMillis(1500), s.steps().get(0).at());
        assertEquals(FaultSchedule.Action.SQL, s.steps().get(0).action());
        assertEquals("SET GLOBAL wsrep_desync=ON", s.steps().get(0).statement());
        assertEquals("kill n3", s.steps().get(1).describe());
        assertEquals(Duration.ofSeconds(60), s.steps().get(3).at());
        assertEquals("1.5s sql n1: SET GLOBAL wsrep_desync=ON; 10s kill n3; 25s restart n3; 60s resume n2", s.describe());
    }

    @Test
    void everyBadStepIsNamedInOneUserError() {
        UserException e = assertThrows(UserException.class,
                () -> FaultSchedule.parse("10s explode n3; soon kill n1; 5s kill n7; 3s sql:n1:", 3));
        String m = e.getMessage();
        assertTrue(m.contains("unknown action 'explode'"), m);
        assertTrue(m.contains("bad time 'soon'"), m);
        assertTrue(m.contains("does not exist (3 nodes)"), m);
        assertTrue(m.contains("sql:NODE:STATEMENT"), m);
    }

    @Test
    void emptyIsNone() {
        assertTrue(FaultSchedule.parse(" ", 0).isEmpty());
        assertTrue(FaultSchedule.parse(null, 0).isEmpty());
    }
}
