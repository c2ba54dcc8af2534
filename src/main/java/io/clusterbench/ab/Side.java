package io.clusterbench.ab;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * One named side of an {@code ab} comparison: {@link #A} and {@link #B} for the two-sided spellings
 * ({@code --a}, {@code --b-server}, …), any name given with {@code --sides}. Written to result.json as its name
 * ({@code "side": "A"}), so a two-sided result reads as before. Equal by name. Immutable.
 */
public final class Side {
    /** The baseline of a two-sided comparison. */
    public static final Side A = new Side("A");
    /** The candidate of a two-sided comparison. */
    public static final Side B = new Side("B");
    /** Names a side cannot take: the other entries of an {@code ab} result folder. */
    private static final List<String> RESERVED = List.of("steps", "result.json", "result.json.tmp", "report.html");

    private final String name;

    private Side(String name) {
        this.name = name;
    }

    /**
     * @param name a side's name as given ({@code --sides o3,pgo1}) or read from result.json
     * @return the side
     * @throws IllegalArgumentException when {@link #problem} finds the name unusable
     */
    @JsonCreator
    public static Side of(String name) {
        String p = problem(name);
        if (p != null) {
            throw new IllegalArgumentException(p);
        }
        return name.equals("A") ? A : name.equals("B") ? B : new Side(name);
    }

    /**
     * A name is 1–32 characters of letters, digits, '_', '-', '+' and '.', starting with a letter or digit (it names
     * the side's folder and its step folders), and none of the folder's own entries (steps, result.json,
     * report.html).
     *
     * @return what is wrong with {@code name}, or null when it can name a side
     */
    public static String problem(String name) {
        if (name == null || !name.matches("[A-Za-z0-9][A-Za-z0-9_+.-]{0,31}")) {
            return "'" + name + "' cannot name a side (1-32 letters, digits, _ - + . starting with a letter or digit)";
        }
        if (RESERVED.contains(name.toLowerCase(Locale.ROOT))) {
            return "'" + name + "' cannot name a side (the result folder has an entry of that name)";
        }
        return null;
    }

    /** @return the name, e.g. {@code A} or {@code pgo1} */
    @JsonValue
    public String name() {
        return name;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Side s && s.name.equals(name);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name);
    }

    /** @return the name */
    @Override
    public String toString() {
        return name;
    }
}
