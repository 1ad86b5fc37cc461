/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi.busy;

/**
 * A compute thread, the neighbour of the calls: floating-point rounds of
 * fixed work, counted, until the JVM ends (a daemon). What the calls take
 * from it shows as rounds it does not make.
 */
final class Compute {

    /** Multiply-adds a round: about a millisecond on this machine's cores. */
    private static final int WORK = 1 << 20;

    private volatile long rounds;
    @SuppressWarnings("unused")
    private volatile double sink;

    private Compute() {
    }

    /** Starts a compute thread. */
    static Compute start(String name) {
        Compute compute = new Compute();
        Thread thread = new Thread(compute::run, name);
        thread.setDaemon(true);
        thread.start();
        return compute;
    }

    long rounds() {
        return rounds;
    }

    private void run() {
        double x = 1.0;
        while (true) {
            for (int i = 0; i < WORK; i++) {
                x = x * 0.999_999_9 + 1e-7;
            }
            sink = x;
            rounds++;       // one writer
        }
    }
}
