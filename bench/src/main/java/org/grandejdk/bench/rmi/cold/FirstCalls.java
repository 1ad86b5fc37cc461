/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi.cold;

import java.util.Locale;

/**
 * What the first-calls drivers ({@link ColdStart},
 * {@code jmx.JmxColdStart}) share: their settings and the row they print.
 */
public final class FirstCalls {

    private FirstCalls() {
    }

    /** {@code cold.calls}: how many calls are timed (default 3000, at least 1000). */
    public static int calls() {
        int calls = Integer.getInteger("cold.calls", 3000);
        if (calls < 1000) {
            throw new IllegalArgumentException("cold.calls must be at least 1000: " + calls);
        }
        return calls;
    }

    /** {@code cold.serverSettleMillis}: how long the server is up before the clock starts (default 2000). */
    public static long serverSettleMillis() {
        return Long.getLong("cold.serverSettleMillis", 2000);
    }

    /**
     * The line {@code ROW | label | kind | ms from start to ready | first
     * call (µs) | µs per call of calls 1-100 | 1-1000 | all | the last
     * 1000 | waiter | configuration}; marks[i] is System.nanoTime() after
     * call i, marks[0] before the first.
     */
    public static String row(String label, String kind, long start, long ready, long[] marks, String waiter,
                             String configuration) {
        int calls = marks.length - 1;
        return String.format(Locale.ROOT, "ROW | %s | %s | %.1f | %.0f | %.1f | %.1f | %.1f | %.2f | %s | %s",
                             label, kind, (ready - start) / 1e6, (marks[1] - marks[0]) / 1e3,
                             perCall(marks, 0, 100), perCall(marks, 0, 1000), perCall(marks, 0, calls),
                             perCall(marks, calls - 1000, calls), waiter, configuration);
    }

    /* Mean microseconds per call of calls from+1 to to. */
    private static double perCall(long[] marks, int from, int to) {
        return (marks[to] - marks[from]) / 1e3 / (to - from);
    }
}
