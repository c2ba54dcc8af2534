package io.clusterbench.fault;

import io.clusterbench.UserException;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A fault schedule as given with {@code --fault}: steps separated by {@code ;}, each {@code TIME ACTION NODE}
 * ({@code 10s kill n3}, {@code 2.5s pause 2}) or {@code TIME sql:NODE:STATEMENT}
 * ({@code 5s sql:n1:SET GLOBAL wsrep_desync=ON}). TIME is seconds after the measured start ({@code 10},
 * {@code 10s}, {@code 1500ms}, {@code 1m}); NODE is a sandbox node name {@code nK} or the 1-based endpoint
 * number {@code K}.
 *
 * <p>Immutable. Steps are sorted by time (stable for equal times).
 *
 * @param steps the steps, by time
 */
public record FaultSchedule(List<Step> steps) {
    /** What a step does to its node. */
    public enum Action {
        /** SIGKILL: a crash. */
        KILL,
        /** SIGSTOP: a hang (sockets stay open, nothing answers). */
        PAUSE,
        /** SIGCONT after a pause. */
        RESUME,
        /** Clean shutdown. */
        STOP,
        /** Start a node that is down. */
        START,
        /** Clean shutdown (when running), then start. */
        RESTART,
        /** Run one SQL statement on the node. */
        SQL,
        /** Cut the node's group and IST traffic both ways; its SQL port stays up (sandbox relay). */
        PARTITION,
        /** End a partition and wait until the node is Synced (sandbox relay). */
        HEAL,
        /** Set the node's link, argument e.g. {@code 40ms} or {@code off} (sandbox relay). */
        LINK,
        /** Freeze the node for a share of every 500 ms, argument e.g. {@code 30%}, {@code 0%} ends it (sandbox relay). */
        SLOW;

        /** @return true when the action takes an argument after the node ({@code link n3 40ms}, {@code slow n3 30%}) */
        public boolean takesArgument() {
            return this == LINK || this == SLOW;
        }

        /** @return the lower-case spelling used in schedules, results and the console */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * One step.
     *
     * @param at        offset from the measured start
     * @param action    what to do
     * @param node      node as written ({@code n3} or {@code 3}), normalised to {@code nK}
     * @param statement the SQL statement for {@link Action#SQL}, the argument for {@link Action#LINK} ({@code 40ms})
     *                  and {@link Action#SLOW} ({@code 30%}), else null
     */
    public record Step(Duration at, Action action, String node, String statement) {
        /** @return e.g. {@code kill n3}, {@code link n3 40ms} or {@code sql n1: SET GLOBAL wsrep_desync=ON} */
        public String describe() {
            return action == Action.SQL ? "sql " + node + ": " + statement
                    : action.label() + " " + node + (statement == null ? "" : " " + statement);
        }

        /** @return the 1-based node number */
        public int nodeIndex() {
            return Integer.parseInt(node.substring(1));
        }
    }

    private static final Pattern TIME = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m)?");
    private static final Pattern NODE = Pattern.compile("n?(\\d+)");

    /** @return a schedule with no steps */
    public static FaultSchedule none() {
        return new FaultSchedule(List.of());
    }

    /** @return true when there is no step */
    public boolean isEmpty() {
        return steps.isEmpty();
    }

    /**
     * Parses {@code --fault}.
     *
     * @param spec  the schedule; null or blank for none
     * @param nodes number of nodes (endpoints or sandbox nodes) a step may name, 0 when unknown (not checked)
     * @return the schedule
     * @throws UserException naming every step that cannot be parsed
     */
    public static FaultSchedule parse(String spec, int nodes) {
        if (spec == null || spec.isBlank()) {
            return none();
        }
        List<Step> steps = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (String raw : spec.split(";")) {
            String part = raw.strip();
            if (part.isEmpty()) {
                continue;
            }
            try {
                steps.add(step(part, nodes));
            } catch (IllegalArgumentException e) {
                problems.add("'" + part + "': " + e.getMessage());
            }
        }
        if (!problems.isEmpty()) {
            throw new UserException("invalid --fault step " + String.join("; ", problems),
                    "write steps like '10s kill n3; 25s restart n3' (actions: kill, pause, resume, stop, start, "
                            + "restart, partition, heal, link NODE DELAY, slow NODE PERCENT, sql:NODE:STATEMENT)");
        }
        steps.sort(Comparator.comparing(Step::at));
        return new FaultSchedule(List.copyOf(steps));
    }

    private static Step step(String part, int nodes) {
        String[] words = part.split("\\s+", 2);
        if (words.length < 2) {
            throw new IllegalArgumentException("expected TIME ACTION NODE");
        }
        Duration at = time(words[0]);
        String rest = words[1].strip();
        if (rest.regionMatches(true, 0, "sql:", 0, 4)) {
            int colon = rest.indexOf(':', 4);
            if (colon < 0 || rest.substring(colon + 1).isBlank()) {
                throw new IllegalArgumentException("expected sql:NODE:STATEMENT");
            }
            return new Step(at, Action.SQL, node(rest.substring(4, colon).strip(), nodes),
                    rest.substring(colon + 1).strip());
        }
        String[] actionNode = rest.split("\\s+");
        if (actionNode.length != 2 && actionNode.length != 3) {
            throw new IllegalArgumentException("expected TIME ACTION NODE");
        }
        Action action;
        try {
            action = Action.valueOf(actionNode[0].toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown action '" + actionNode[0] + "'");
        }
        if (action == Action.SQL) {
            throw new IllegalArgumentException("write sql steps as sql:NODE:STATEMENT");
        }
        if (action.takesArgument() != (actionNode.length == 3)) {
            throw new IllegalArgumentException(action.takesArgument() ? "expected TIME " + action.label()
                    + " NODE " + (action == Action.LINK ? "DELAY (e.g. 40ms, off)" : "PERCENT (e.g. 30%)")
                    : "expected TIME ACTION NODE");
        }
        String argument = actionNode.length == 3 ? argument(action, actionNode[2]) : null;
        return new Step(at, action, node(actionNode[1], nodes), argument);
    }

    /** @return the argument of a link or slow step, checked; @throws IllegalArgumentException when it is bad */
    private static String argument(Action action, String word) {
        if (action == Action.LINK) {
            try {
                return io.clusterbench.relay.LinkSpec.parse(word).describe();
            } catch (UserException e) {
                throw new IllegalArgumentException(e.getMessage());
            }
        }
        Matcher m = Pattern.compile("(\\d{1,2})%?").matcher(word);
        if (!m.matches() || Integer.parseInt(m.group(1)) > 90) {
            throw new IllegalArgumentException("bad slow share '" + word + "' (0-90%, e.g. 30%)");
        }
        return Integer.parseInt(m.group(1)) + "%";
    }

    /** @return the share of a slow step, 0–90 */
    public static int slowPercent(Step step) {
        return Integer.parseInt(step.statement().replace("%", ""));
    }

    private static Duration time(String word) {
        Matcher m = TIME.matcher(word.toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("bad time '" + word + "' (e.g. 10s, 1500ms, 1m)");
        }
        double value = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        double millis = switch (unit) {
            case "ms" -> value;
            case "m" -> value * 60_000;
            default -> value * 1000;
        };
        return Duration.ofMillis(Math.round(millis));
    }

    private static String node(String word, int nodes) {
        Matcher m = NODE.matcher(word.toLowerCase(Locale.ROOT));
        if (!m.matches() || Integer.parseInt(m.group(1)) < 1) {
            throw new IllegalArgumentException("bad node '" + word + "' (n1, n2, ... or 1, 2, ...)");
        }
        int index = Integer.parseInt(m.group(1));
        if (nodes > 0 && index > nodes) {
            throw new IllegalArgumentException("node '" + word + "' does not exist (" + nodes + " nodes)");
        }
        return "n" + index;
    }

    /** @return the schedule as one line, e.g. {@code 10s kill n3; 25s restart n3} */
    public String describe() {
        List<String> parts = new ArrayList<>();
        for (Step s : steps) {
            parts.add(String.format(Locale.ROOT, "%ss %s", trim(s.at().toMillis() / 1000.0), s.describe()));
        }
        return String.join("; ", parts);
    }

    private static String trim(double seconds) {
        return seconds == Math.rint(seconds) ? Long.toString((long) seconds) : Double.toString(seconds);
    }
}
