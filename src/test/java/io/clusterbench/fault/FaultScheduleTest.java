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

    @Test
    void relayActionsTakeTheirArgument() {
        FaultSchedule s = FaultSchedule.parse("2s partition n3; 9s heal 3; 10s link n3 40ms; 12s slow n3 30%; 14s link n3 off", 3);
        assertEquals("2s partition n3; 9s heal n3; 10s link n3 40ms; 12s slow n3 30%; 14s link n3 off", s.describe());
        assertEquals(30, FaultSchedule.slowPercent(s.steps().get(3)));
        assertEquals(FaultSchedule.Action.PARTITION, s.steps().get(0).action());
        UserException e = assertThrows(UserException.class,
                () -> FaultSchedule.parse("1s link n3; 2s slow n3 95%; 3s partition n3 5ms; 4s link n3 fast", 3));
        for (String part : new String[]{"'1s link n3'", "'2s slow n3 95%'", "'3s partition n3 5ms'", "'4s link n3 fast'"}) {
            assertTrue(e.getMessage().contains(part), e.getMessage());
        }
    }
}
