package io.clusterbench.report;

import io.clusterbench.db.DbFailure;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The report finds causal-read keys by the same mark the classification writes. */
class CausalReadLineTest {
    @Test
    void markMatchesTheClassification() {
        assertEquals(DbFailure.CAUSAL_READ_KEY, CausalReadLine.MARK);
    }
}
