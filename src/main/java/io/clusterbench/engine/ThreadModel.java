package io.clusterbench.engine;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Locale;

/**
 * How worker threads are made: platform threads with a small stack (the default at every thread count), or
 * virtual threads where the runtime has them (Java 21+) and {@code -Dclusterbench.threads=virtual} asks for them.
 *
 * <p>Measured side by side with sysbench on a 2-core machine against MariaDB under the benchmark lock (issue 9,
 * oltp_point_select, docs/metrics.md "Thread model"): Java 17 platform threads used 30–50 µs of client CPU per
 * event in the measured time at 256–1024 threads, virtual threads on Java 25 57–98 µs (their carriers wake each
 * other through futexes, every blocking read re-arms the poller with epoll_ctl, and parking copies the stack),
 * and drove 1.1–1.6× fewer point selects; Java 25 platform threads sat between the two. So {@code auto} is
 * platform threads everywhere; {@code -Dclusterbench.threads=platform|virtual} (e.g. through
 * {@code CLUSTERBENCH_JAVA_OPTS}) forces one. Immutable and thread-safe.
 */
public final class ThreadModel {
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
     * @return virtual threads when {@code -Dclusterbench.threads=virtual} asks for them on a runtime that has
     *         them; platform threads otherwise ({@code auto}, the default, and {@code platform})
     */
    public static ThreadModel choose() {
        String forced = System.getProperty(PROPERTY, "auto").toLowerCase(Locale.ROOT);
        return new ThreadModel("virtual".equals(forced) && OF_VIRTUAL != null);
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
