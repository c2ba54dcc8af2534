package io.clusterbench.workload;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The option objects of every registered workload family for one command, by type: a family reads its own
 * and, where it shares them, another family's (the joins and tpcc families read {@code --tables} from the
 * OLTP options).
 *
 * <p>Confined to the command's thread.
 */
public final class FamilyOptions {
    private final Map<Class<?>, Object> byType = new LinkedHashMap<>();

    /** Adds one family's option object (a picocli mixin); a second object of the same type replaces it. */
    public void put(Object options) {
        byType.put(options.getClass(), options);
    }

    /**
     * @return the option object of that type
     * @throws IllegalStateException when no family registered options of that type
     */
    public <T> T get(Class<T> type) {
        Object o = byType.get(type);
        if (o == null) {
            throw new IllegalStateException("no workload options of type " + type.getName() + " registered");
        }
        return type.cast(o);
    }
}
