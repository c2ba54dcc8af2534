package io.clusterbench.workload.joins;

import java.util.SplittableRandom;

/**
 * Renders a {@link JoinScenario} into the SQL text that runs: the main table number, the forcing form and
 * the parameter values, drawn from the caller's seeded generator in the order their tokens appear. The
 * same generator state, table and form always give the same text (reproducible parameter streams).
 * Parameters are inlined as literals from fixed domains ({@link JoinValues}), as the reference sends its
 * joins as text queries; so the text is also what EXPLAIN sees.
 *
 * <p>Thread-safe (stateless); the generator is the caller's.
 */
public final class JoinSql {
    /** How forcing variants ask for their join order. */
    public enum Form {
        /** {@code /*+ JOIN_ORDER(alias, …) *}{@code /}: MySQL 8.0+ optimizer hints. */
        HINT,
        /** {@code SELECT STRAIGHT_JOIN} with the tables written in the wanted order (MariaDB, where hints are comments). */
        STRAIGHT_JOIN
    }

    private JoinSql() {
    }

    /**
     * @param scenario the scenario
     * @param table    main table number, 1-based
     * @param form     how {@code *_forcing_order} variants force their order
     * @param rng      the session's generator; one draw per parameter token
     * @return the statement text
     */
    public static String render(JoinScenario scenario, int table, Form form, SplittableRandom rng) {
        return substitute(template(scenario, form), table, rng);
    }

    /** @return the statement with tokens left in place ({@code {m}}, {@code {c}} …) */
    static String template(JoinScenario s, Form form) {
        if (s.kind() == JoinScenario.Kind.WRITE) {
            return s.from();
        }
        String modifier = "";
        String from = s.from();
        boolean straight = s.force() == JoinScenario.Force.STRAIGHT
                || s.force() == JoinScenario.Force.ORDER && form == Form.STRAIGHT_JOIN;
        if (straight) {
            modifier = "STRAIGHT_JOIN ";
            if (s.levelsFirstFrom() != null) {
                from = s.levelsFirstFrom();
            }
        } else if (s.force() == JoinScenario.Force.ORDER) {
            modifier = "/*+ JOIN_ORDER(" + String.join(", ", s.order()) + ") */ ";
        }
        return "SELECT " + modifier + s.select() + " FROM " + from + s.where() + s.tail();
    }

    /** @return the form a forcing variant runs in: the hint, or STRAIGHT_JOIN (straight variants, or ORDER under STRAIGHT_JOIN) */
    public static String formLabel(JoinScenario s, Form form) {
        return switch (s.force()) {
            case NONE -> "plain";
            case STRAIGHT -> "straight_join";
            case ORDER -> form == Form.HINT ? "hint" : "straight_join";
        };
    }

    /** @return {@code template} with {@code {m}} set to {@code main<table>} and each value token drawn from {@code rng} */
    static String substitute(String template, int table, SplittableRandom rng) {
        StringBuilder out = new StringBuilder(template.length() + 64);
        int i = 0;
        while (i < template.length()) {
            char ch = template.charAt(i);
            int close = ch == '{' ? template.indexOf('}', i) : -1;
            if (close < 0) {
                out.append(ch);
                i++;
                continue;
            }
            String token = template.substring(i + 1, close);
            switch (token) {
                case "m" -> out.append("main").append(table);
                case "c" -> out.append(JoinValues.quote(JoinValues.pick(rng, JoinValues.CONTINENTS)));
                case "s", "e" -> out.append(JoinValues.quote(JoinValues.pick(rng, JoinValues.STATUSES)));
                case "col" -> out.append(JoinValues.quote(JoinValues.pick(rng, JoinValues.COLORS)));
                case "v" -> out.append(JoinValues.quote("upd-" + Long.toHexString(rng.nextLong())));
                default -> throw new IllegalArgumentException("unknown token {" + token + "} in " + template);
            }
            i = close + 1;
        }
        return out.toString();
    }
}
