/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench;

/**
 * What the set-ups of every area share: a set-up that cleans up after
 * itself when it fails, and the name of the configuration a benchmark
 * class stands for.
 */
public final class Lifecycle {

    private Lifecycle() {
    }

    /** A set-up, a tear-down or a server's main, which may fail. */
    @FunctionalInterface
    public interface Body {
        void run() throws Exception;
    }

    /**
     * Runs a set-up; if it fails, runs the tear-down (a failure of which is
     * suppressed in the set-up's) and rethrows, so that a failed set-up
     * leaves no server JVM, thread, socket or endpoint behind.
     */
    public static void setUpOrTearDown(Body tearDown, Body setUp) throws Exception {
        try {
            setUp.run();
        } catch (Exception | Error e) {
            try {
                tearDown.run();
            } catch (Exception | Error suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /**
     * A tear-down: closes every resource that is not null, in order, all of
     * them even when one fails; throws the first failure, with the later
     * ones suppressed.
     */
    public static void closeAll(AutoCloseable... resources) throws Exception {
        Exception failure = null;
        for (AutoCloseable resource : resources) {
            if (resource == null) {
                continue;
            }
            try {
                resource.close();
            } catch (Exception e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    /**
     * A resource the trials of an in-process run share (a server): closed
     * by a shutdown hook of the given thread name when the JVM exits, not
     * by a tear-down; a failure to close is printed.
     */
    public static <T extends AutoCloseable> T closedAtExit(T resource, String threadName) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                resource.close();
            } catch (Exception e) {
                e.printStackTrace();
            }
        }, threadName));
        return resource;
    }

    /**
     * The simple name of the benchmark class that bench is an instance of:
     * the configuration, serializer or way of calling it stands for, not
     * the subclass that JMH generates (in a package {@code *.jmh_generated}).
     */
    public static String configurationName(Object bench) {
        Class<?> c = bench.getClass();
        while (c.getPackageName().endsWith(".jmh_generated")) {
            c = c.getSuperclass();
        }
        return c.getSimpleName();
    }
}
