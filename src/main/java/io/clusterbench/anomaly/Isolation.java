package io.clusterbench.anomaly;

import io.clusterbench.UserException;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The transaction isolation levels a history can be run at ({@code --isolation}), each with the portable level it is
 * judged by ({@link Guarantee}): the server's level of the same name may promise less (InnoDB's REPEATABLE READ does
 * not prevent lost updates with plain reads; docs/consistency.md, "What each setting promises").
 *
 * <p>Immutable.
 */
public enum Isolation {
    /** READ COMMITTED, judged as PL-2. */
    READ_COMMITTED("RC", "READ COMMITTED", "READ-COMMITTED", Guarantee.READ_COMMITTED),
    /** REPEATABLE READ, judged as PL-2.99. */
    REPEATABLE_READ("RR", "REPEATABLE READ", "REPEATABLE-READ", Guarantee.REPEATABLE_READ),
    /** SERIALIZABLE, judged as PL-3. */
    SERIALIZABLE("SER", "SERIALIZABLE", "SERIALIZABLE", Guarantee.SERIALIZABLE);

    private final String shortName;
    private final String sqlName;
    private final String variableValue;
    private final Guarantee guarantee;

    Isolation(String shortName, String sqlName, String variableValue, Guarantee guarantee) {
        this.shortName = shortName;
        this.sqlName = sqlName;
        this.variableValue = variableValue;
        this.guarantee = guarantee;
    }

    /** @return {@code RC}, {@code RR} or {@code SER} */
    public String shortName() {
        return shortName;
    }

    /** @return the level as SQL names it, e.g. {@code REPEATABLE READ} */
    public String sqlName() {
        return sqlName;
    }

    /** @return the value of {@code tx_isolation}/{@code transaction_isolation}, e.g. {@code REPEATABLE-READ} */
    public String variableValue() {
        return variableValue;
    }

    /** @return the portable level the history is judged by */
    public Guarantee guarantee() {
        return guarantee;
    }

    /**
     * @param text {@code RC}, {@code RR}, {@code SER}, or a full name ({@code READ-COMMITTED}, {@code repeatable read},
     *             {@code SERIALIZABLE}); case and the separator (space, dash, underscore) do not matter
     * @throws UserException for anything else
     */
    public static Isolation parse(String text) {
        String t = text.strip().toUpperCase(Locale.ROOT).replace('-', ' ').replace('_', ' ');
        for (Isolation i : values()) {
            if (t.equals(i.shortName) || t.equals(i.sqlName)) {
                return i;
            }
        }
        throw new UserException("invalid --isolation '" + text + "'",
                "give RC, RR or SER (READ-COMMITTED, REPEATABLE-READ, SERIALIZABLE), comma-separated for several");
    }

    /**
     * @param list a comma list as given, e.g. {@code RC,RR,SER}
     * @return the levels in the order given
     * @throws UserException for an unknown or repeated level
     */
    public static List<Isolation> list(String list) {
        List<Isolation> out = new ArrayList<>();
        for (String part : list.split(",", -1)) {
            Isolation i = parse(part);
            if (out.contains(i)) {
                throw new UserException("invalid --isolation '" + list + "': " + i.shortName + " is given twice",
                        "list each level once, e.g. --isolation RC,RR,SER");
            }
            out.add(i);
        }
        return out;
    }
}
