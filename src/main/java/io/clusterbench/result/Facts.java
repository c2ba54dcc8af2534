package io.clusterbench.result;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;

import java.io.IOException;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The whole-run facts of one run (what the observers, checks and the run itself found about the whole step:
 * topology, faults, the lost-commit ledger, checksums, conflicts, Galera totals, ...), each under its typed
 * {@link FactKey}. Written to result.json as the object {@code observerFacts}, one field per fact in the order
 * the facts were added; read back with every fact of {@link FactKeys} converted to its type, so a run read from
 * a file and a run in memory answer {@link #get} alike. A field of the file that no key names (a newer or older
 * version's fact) is kept as it was read and written back unchanged; a known field whose shape does not fit its
 * type is kept the same way and reads as absent.
 *
 * <p>Immutable and thread-safe: {@link #with} returns a new instance. Usage:
 * <pre>{@code
 * Facts facts = Facts.NONE.with(FactKeys.READ_TIMEOUT_MILLIS, 10_000);
 * FaultReport faults = run.observerFacts().get(FactKeys.FAULTS); // null when the run had no fault schedule
 * }</pre>
 */
@JsonSerialize(using = Facts.Writer.class)
@JsonDeserialize(using = Facts.Reader.class)
public final class Facts {
    /** No facts. */
    public static final Facts NONE = new Facts(new LinkedHashMap<>());

    /** Fact name to value: a value of its key's type, or the JSON tree of a field no key could read. */
    private final Map<String, Object> values;

    private Facts(LinkedHashMap<String, Object> values) {
        this.values = Collections.unmodifiableMap(values);
    }

    /**
     * @return the fact under {@code key}, or null when the run has none (or the file held it in another shape)
     */
    public <T> T get(FactKey<T> key) {
        Object v = values.get(key.name());
        return v != null && key.holds(v) ? key.cast(v) : null;
    }

    /** @return true when the run has a readable fact under {@code key} */
    public boolean has(FactKey<?> key) {
        return get(key) != null;
    }

    /**
     * @param value the fact; null removes it
     * @return these facts with {@code key} set to {@code value}: in its old place when it was there, else last
     */
    public <T> Facts with(FactKey<T> key, T value) {
        LinkedHashMap<String, Object> copy = new LinkedHashMap<>(values);
        if (value == null) {
            copy.remove(key.name());
        } else {
            copy.put(key.name(), value);
        }
        return new Facts(copy);
    }

    /** @return these facts, then every fact of {@code later} (which replaces one of the same name in place) */
    public Facts withAll(Facts later) {
        if (later.values.isEmpty()) {
            return this;
        }
        LinkedHashMap<String, Object> copy = new LinkedHashMap<>(values);
        copy.putAll(later.values);
        return new Facts(copy);
    }

    /** @return the names of the facts held, in order */
    public Set<String> names() {
        return values.keySet();
    }

    /** @return true when there is no fact */
    public boolean isEmpty() {
        return values.isEmpty();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Facts f && f.values.equals(values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return "Facts" + values.keySet();
    }

    /** Writes the facts as one JSON object, in order. */
    static final class Writer extends JsonSerializer<Facts> {
        @Override
        public void serialize(Facts facts, JsonGenerator gen, SerializerProvider provider) throws IOException {
            gen.writeStartObject();
            for (Map.Entry<String, Object> e : facts.values.entrySet()) {
                gen.writeFieldName(e.getKey());
                provider.defaultSerializeValue(e.getValue(), gen);
            }
            gen.writeEndObject();
        }
    }

    /** Reads the JSON object back, each field a key of {@link FactKeys} names as that key's type. */
    static final class Reader extends JsonDeserializer<Facts> {
        @Override
        public Facts deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            JsonNode tree = p.readValueAsTree();
            LinkedHashMap<String, Object> values = new LinkedHashMap<>();
            if (tree == null || !tree.isObject()) {
                return NONE;
            }
            ObjectMapper mapper = (ObjectMapper) p.getCodec();
            for (Iterator<Map.Entry<String, JsonNode>> it = tree.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                values.put(field.getKey(), typed(mapper, field.getKey(), field.getValue()));
            }
            return new Facts(values);
        }

        @Override
        public Facts getNullValue(DeserializationContext ctxt) {
            return NONE;
        }

        private static Object typed(ObjectMapper mapper, String name, JsonNode node) {
            FactKey<?> key = FactKeys.byName(name);
            if (key == null || node.isNull()) {
                return node;
            }
            try {
                Object v = mapper.convertValue(node, mapper.getTypeFactory().constructType(key.type()));
                return v == null ? node : v;
            } catch (IllegalArgumentException notThatShape) {
                return node;
            }
        }
    }
}
