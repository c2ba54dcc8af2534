package io.clusterbench.anomaly;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One step of a witness: an edge from one transaction to another, with its evidence.
 *
 * <p>Immutable.
 *
 * @param from      id of the transaction the edge leaves
 * @param to        id of the transaction it enters
 * @param type      what orders them
 * @param key       the key of the evidence; null for a real-time edge
 * @param fromValue the value on {@code from}'s side: the value it appended (ww), the value {@code to} observed (wr),
 *                  the last value it read (rw; null when it read an empty list)
 * @param toValue   the value on {@code to}'s side: the value it appended (ww, rw); null for wr and rt
 * @param text      the evidence in one sentence, e.g. {@code T3 read key 1 = [5, 6] and T8 appended 9 next}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Link(long from, long to, DepType type, Long key, Long fromValue, Long toValue, String text) {
}
