package io.clusterbench;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Counts in printed lines agree with their number: "1 connection opened", never "1 connections". */
class FormatTest {
    @Test
    void aCountOfOneTakesTheSingular() {
        assertEquals("1 connection", Format.count(1, "connection"));
        assertEquals("0 connections", Format.count(0, "connection"));
        assertEquals("16 connections", Format.count(16, "connection"));
        assertEquals("1 marker commit", Format.count(1, "marker commit"));
    }
}
