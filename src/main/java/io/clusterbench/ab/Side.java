package io.clusterbench.ab;

/** The two sides of an A/B comparison: A is the baseline, B the candidate. Immutable. */
public enum Side {
    A, B;

    /** @return the other side */
    public Side other() {
        return this == A ? B : A;
    }
}
