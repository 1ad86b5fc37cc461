/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi.apps;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import org.grandejdk.bench.rmi.ServerProcess;

/**
 * A worker JVM of {@link Hamming}: a {@link Multiplier} for each prime of
 * its arguments, bound as {@code multiplier-P}. Prints {@code PORT n} (its
 * registry's port) when ready; unexports everything and exits when its
 * standard input ends.
 */
public final class HammingServer {

    static final class MultiplierImpl extends AppServiceImpl implements Multiplier {
        private final long prime;
        private long bound;
        private long[] sequence = new long[64];
        private int length;
        private int index;

        MultiplierImpl(long prime) {
            this.prime = prime;
        }

        // Synchronized although one master thread calls it at a time: RMI
        // may run its successive calls in different threads.
        @Override
        public synchronized long start(long bound) {
            this.bound = bound;
            sequence[0] = 1;
            length = 1;
            index = 0;
            return Hamming.times(prime, 1, bound);
        }

        @Override
        public synchronized long accept(long value) {
            if (length == 0 || value <= sequence[length - 1]) {
                throw new IllegalArgumentException("the multiplier of " + prime + " got " + value
                        + (length == 0 ? " before start" : " after " + sequence[length - 1]));
            }
            if (length == sequence.length) {
                sequence = Arrays.copyOf(sequence, 2 * length);
            }
            sequence[length++] = value;
            // Ends at the latest at value itself: prime * value > value.
            long candidate;
            while ((candidate = Hamming.times(prime, sequence[index], bound)) <= value) {
                index++;
            }
            return candidate;
        }
    }

    private HammingServer() {
    }

    /** The name of the multiplier of prime in its worker's registry. */
    static String name(long prime) {
        return "multiplier-" + prime;
    }

    public static void main(String[] args) {
        ServerProcess.runServer(() -> {
            Map<String, MultiplierImpl> multipliers = new LinkedHashMap<>();
            for (String arg : args) {
                long prime = Long.parseLong(arg);
                multipliers.put(name(prime), new MultiplierImpl(prime));
            }
            Workers.serve(multipliers);
        });
    }
}
