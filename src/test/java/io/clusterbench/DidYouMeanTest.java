package io.clusterbench;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The nearest valid names to a mistyped option or command, and none for a word that is near nothing. */
class DidYouMeanTest {
    private static final List<String> OPTIONS = List.of("--threads", "--time", "--tables", "--table-size", "--rate");

    @Test
    void aMistypedOptionGetsTheNearestOne() {
        assertEquals(" (did you mean --threads?)", DidYouMean.hint("--thread", OPTIONS));
        assertEquals(" (did you mean --table-size?)", DidYouMean.hint("--table_sise=100", OPTIONS));
        assertEquals(" (did you mean --threads?)", DidYouMean.hint("--THREADS2", OPTIONS));
    }

    @Test
    void aSwapOfTwoLettersIsOneEdit() {
        assertEquals(List.of("run"), DidYouMean.nearest("rnu", List.of("prepare", "run", "cleanup", "check")));
        assertEquals(List.of("run"), DidYouMean.nearest("runn", List.of("prepare", "run", "cleanup", "check")));
    }

    @Test
    void aWordNearNothingOrAValidOneGetsNoSuggestion() {
        assertEquals("", DidYouMean.hint("--bogus", OPTIONS));
        assertEquals("", DidYouMean.hint("--x", OPTIONS), "a short word is not near everything");
        assertEquals(List.of(), DidYouMean.nearest("--time", OPTIONS));
    }

    @Test
    void tiesAreAllOffered() {
        assertEquals(" (did you mean --time or --tim2?)", DidYouMean.hint("--tim", List.of("--time", "--tim2")));
    }
}
