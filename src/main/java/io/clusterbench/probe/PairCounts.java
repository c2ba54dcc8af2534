package io.clusterbench.probe;

/**
 * Counts of one ordered node pair (writer A → reader B) at one consistency level.
 *
 * <p>Immutable.
 *
 * @param writer   node name of A
 * @param reader   node name of B
 * @param samples  first reads taken (= fresh + stale)
 * @param stale    first reads that did not return the marker just committed on A
 * @param timeouts stale reads whose marker was still not visible on B when the visibility timeout ran out
 * @param errors   samples lost to an error (write or read failed); not in {@code samples}
 */
public record PairCounts(String writer, String reader, long samples, long stale, long timeouts, long errors) {
}
