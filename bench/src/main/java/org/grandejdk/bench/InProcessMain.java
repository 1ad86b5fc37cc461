/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench;

/**
 * JMH's command line for an in-process run ({@code -f 0}, see
 * {@link ForkGroups}): JMH's main returns when the benchmarks are done, but
 * the JVM would not end while a benchmark's non-daemon threads remain (RMI
 * keeps some as long as an object is exported); this one exits, which also
 * runs the shutdown hooks that end shared servers. JMH exits non-zero by
 * itself on a failure.
 */
public final class InProcessMain {

    private InProcessMain() {
    }

    public static void main(String[] args) throws Exception {
        org.openjdk.jmh.Main.main(args);
        System.exit(0);
    }
}
