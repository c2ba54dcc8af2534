package io.clusterbench.anomaly;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * One operation on the counter row: an autocommit increment ({@code n = n + 1}) or a read of {@code n}.
 *
 * <p>Immutable.
 *
 * @param kind           increment or read
 * @param id             unique among the history's counter operations
 * @param session        the client session
 * @param node           the endpoint
 * @param invokeMicros   statement sent, µs from the history's origin
 * @param completeMicros answer received (or given up), µs from the origin
 * @param outcome        what the client learnt
 * @param value          for an acknowledged read, the value read; else 0
 * @param finalRead      true for the reads taken after the load stopped and the node caught up
 * @param error          for a failed or unknown outcome, {@code code/SQLSTATE message}; else null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CounterOp(Kind kind, long id, int session, String node, long invokeMicros, long completeMicros,
                        Outcome outcome, long value, @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean finalRead,
                        String error) implements HistoryRecord {
    /** Increment or read. */
    public enum Kind {
        INCREMENT("increment"), READ("read");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        /** @return the word written in the history file */
        @JsonValue
        public String label() {
            return label;
        }
    }
}
