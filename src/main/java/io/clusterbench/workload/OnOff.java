package io.clusterbench.workload;

import java.util.Locale;

/**
 * sysbench-style boolean option values: {@code on/off}, {@code true/false}, {@code yes/no}, {@code 1/0}.
 *
 * <p>Thread-safe (stateless).
 */
public final class OnOff {
    private OnOff() {
    }

    /** @return the boolean, or null when {@code value} is not a recognised spelling */
    public static Boolean parse(String value) {
        return switch (value == null ? "" : value.toLowerCase(Locale.ROOT)) {
            case "on", "true", "yes", "1" -> Boolean.TRUE;
            case "off", "false", "no", "0" -> Boolean.FALSE;
            default -> null;
        };
    }
}
