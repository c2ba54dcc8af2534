package io.clusterbench.engine;

import io.clusterbench.UserException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ErrorPolicyTest {
    @Test
    void defaultListAllAndNone() {
        ErrorPolicy p = ErrorPolicy.parse("1213,1205,1020");
        assertTrue(p.ignores(1213));
        assertFalse(p.ignores(1062));
        assertTrue(ErrorPolicy.parse("all").ignores(1062));
        assertFalse(ErrorPolicy.parse("none").ignores(1213));
        assertThrows(UserException.class, () -> ErrorPolicy.parse("1213,deadlock"));
    }

    @Test
    void groupReplicationCertificationRollbackIsRetriedLikeADeadlock() {
        assertTrue(ErrorPolicy.parse("1213,1205,1020").ignores(3101));
        assertFalse(ErrorPolicy.parse("1205").ignores(3101));
        assertTrue(ErrorPolicy.parse("3101").ignores(3101));
    }
}
