package io.clusterbench.engine;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Locale;

/**
 * How worker threads are made: platform threads with a small stack, or virtual threads where the runtime has
 * them (Java 21+) and the thread count is high enough for them to win.
 *
 * <p>Measured side by side on a 2-core machine against MariaDB (issue 9): at 1024 threads virtual threads
 * drove about 1.3–1.5× the point selects of platform threads at less client CPU and RSS; at 8 threads they
 * were slower. {@code auto} therefore uses virtual threads from {@value #VIRTUAL_FROM_THREADS} threads on,
 * when the runtime has them. The choice can be forced with {@code -Dclusterbench.threads=platform|virtual}
 * (e.g. through {@code CLUSTERBENCH_JAVA_OPTS}). Immutable and thread-safe.
 */
public final class ThreadModel {
    /** Thread count from which {@code auto} uses virtual threads (when the runtime has them). */
    public static final int VIRTUAL_FROM_THREADS = 256;
    /**
     * Stack of a platform worker thread, bytes: the worker loop plus the JDBC driver's call depth need far
     * less than the JVM's 1 MiB default; reserved address space, only touched pages count in RSS.
     */
    public static final long PLATFORM_STACK_BYTES = 512 * 1024;
    private static final String PROPERTY = "clusterbench.threads";
    private static final MethodHandle OF_VIRTUAL = ofVirtual();

    private final boolean virtual;

    private ThreadModel(boolean virtual) {
        this.virtual = virtual;
    }

    /**
     * @param threads the run's worker threads
     * @return virtual threads when forced, or when {@code auto} and {@code threads} &ge;
     *         {@value #VIRTUAL_FROM_THREADS} on a runtime that has them; platform threads otherwise
     */
    public static ThreadModel choose(int threads) {
        String forced = System.getProperty(PROPERTY, "auto").toLowerCase(Locale.ROOT);
        boolean available = OF_VIRTUAL != null;
        return switch (forced) {
            case "platform" -> new ThreadModel(false);
            case "virtual" -> new ThreadModel(available);
            default -> new ThreadModel(available && threads >= VIRTUAL_FROM_THREADS);
        };
    }

    /** @return {@code virtual} or {@code platform}, as recorded in result.json */
    public String name() {
        return virtual ? "virtual" : "platform";
    }

    /** @return the feature version of the running Java, e.g. 17 or 25 */
    public static int javaVersion() {
        return Runtime.version().feature();
    }

    /**
     * @param task the worker loop
     * @param name thread name
     * @return an unstarted daemon thread of this model
     */
    Thread newThread(Runnable task, String name) {
        if (virtual) {
            try {
                Thread t = (Thread) OF_VIRTUAL.invoke(task);
                t.setName(name);
                return t;
            } catch (Throwable e) {
                throw new IllegalStateException("cannot create a virtual thread", e);
            }
        }
        Thread t = new Thread(null, task, name, PLATFORM_STACK_BYTES);
        t.setDaemon(true);
        return t;
    }

    /** @return {@code Thread.ofVirtual().unstarted(Runnable)} as a handle, or null before Java 21 */
    private static MethodHandle ofVirtual() {
        try {
            Class<?> builder = Class.forName("java.lang.Thread$Builder$OfVirtual");
            MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            MethodHandle of = lookup.findStatic(Thread.class, "ofVirtual", MethodType.methodType(builder));
            MethodHandle unstarted = lookup.findVirtual(Class.forName("java.lang.Thread$Builder"), "unstarted",
                    MethodType.methodType(Thread.class, Runnable.class));
            Object b = of.invoke();
            return unstarted.bindTo(b);
        } catch (Throwable e) {
            return null;
        }
    }
}
