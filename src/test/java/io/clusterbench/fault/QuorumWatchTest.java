package io.clusterbench.fault;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Quorum is back only when a node's Primary stands against what the other nodes say (QuorumWatch). */
class QuorumWatchTest {
    @Test
    void aPrimaryOfThreeContradictedByTwoNonPrimaryNodesIsAStaleViewNotQuorumBack() {
        assertEquals(0, QuorumWatch.primaryHolds(List.of("non-Primary", "non-Primary", "Primary"), List.of(1, 1, 3),
                List.of(true, true, true)));
    }

    @Test
    void aMajorityComponentHoldsWhileTheCutOffNodeSaysNonPrimary() {
        assertEquals(2, QuorumWatch.primaryHolds(List.of("Primary", "Primary", "non-Primary"), List.of(2, 2, 1),
                List.of(true, true, true)));
    }

    @Test
    void aJoinerThatSaysNonPrimaryDuringItsStateTransferDoesNotUnseatTheMajority() {
        assertEquals(3, QuorumWatch.primaryHolds(List.of("Primary", "Primary", "non-Primary"), List.of(3, 3, 0),
                List.of(true, true, true)), "seen on the sandbox: n3 'Joining: receiving State Transfer/non-Primary'");
    }

    @Test
    void everyNodeBackInOneComponentHolds() {
        assertEquals(3, QuorumWatch.primaryHolds(List.of("Primary", "Primary", "Primary"), List.of(3, 3, 3),
                List.of(true, true, true)));
    }

    @Test
    void aNodeThatHasJustAnsweredAgainIsNotYetBelieved() {
        assertEquals(0, QuorumWatch.primaryHolds(List.of("non-Primary", "?", "Primary"), List.of(1, 0, 2),
                List.of(true, false, false)));
        assertEquals(2, QuorumWatch.primaryHolds(List.of("non-Primary", "?", "Primary"), List.of(1, 0, 2),
                List.of(true, false, true)), "n3 with the unanswering n2 may be a component of 2");
    }
}
