package io.clusterbench.result;

import com.fasterxml.jackson.core.type.TypeReference;

import java.lang.reflect.Type;
import java.util.Objects;

/**
 * The key of one whole-run fact: its name under {@code observerFacts} in result.json and the type it is held and
 * written as. A fact is read and written only through its key ({@link Facts#get}, {@link Facts#with}), so a
 * renamed field or a changed type fails to compile on both sides instead of reading null at run time. Every key
 * is declared once in {@link FactKeys}, which is also what {@link Facts} uses to read a result file back into
 * typed values.
 *
 * <p>Immutable and thread-safe. Usage:
 * <pre>{@code
 * Facts facts = Facts.NONE.with(FactKeys.HOST, new HostFacts(2, 4711, true));
 * HostFacts host = facts.get(FactKeys.HOST); // null when the run has no such fact
 * }</pre>
 *
 * @param <T> the fact's type: a record of this package, or a JDK value type (Integer, a map of longs)
 */
public final class FactKey<T> {
    private final String name;
    private final Class<? super T> rawType;
    private final Type type;

    private FactKey(String name, Class<? super T> rawType, Type type) {
        this.name = Objects.requireNonNull(name);
        this.rawType = Objects.requireNonNull(rawType);
        this.type = Objects.requireNonNull(type);
    }

    /**
     * @param name the field name under {@code observerFacts}, e.g. {@code faults}
     * @param type the class the fact is held as
     * @return the key
     */
    public static <T> FactKey<T> of(String name, Class<T> type) {
        return new FactKey<>(name, type, type);
    }

    /**
     * A key whose type is generic (a map of counts): the type token carries the type arguments that reading the
     * fact back from JSON needs.
     *
     * @param name  the field name under {@code observerFacts}
     * @param raw   the erased class the value is an instance of (e.g. {@code Map.class})
     * @param token the full type, e.g. {@code new TypeReference<Map<String, Map<String, Long>>>() {}}
     * @return the key
     */
    public static <T> FactKey<T> of(String name, Class<? super T> raw, TypeReference<T> token) {
        return new FactKey<>(name, raw, token.getType());
    }

    /** @return the field name under {@code observerFacts} */
    public String name() {
        return name;
    }

    /** @return the full type a value read from JSON is converted to */
    Type type() {
        return type;
    }

    /**
     * @return {@code value} as this key's type
     * @throws ClassCastException when it is not an instance of the key's class
     */
    @SuppressWarnings("unchecked")
    T cast(Object value) {
        return (T) rawType.cast(value);
    }

    /** @return true when {@code value} is an instance of the key's class (a value held in memory, not yet JSON) */
    boolean holds(Object value) {
        return rawType.isInstance(value);
    }

    @Override
    public String toString() {
        return "fact " + name;
    }
}
