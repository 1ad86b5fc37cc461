/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi.apps;

import java.rmi.RemoteException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.grandejdk.bench.rmi.RmiConfiguration;
import org.grandejdk.bench.rmi.ServerProcess;

/**
 * A worker JVM of {@link Sor}: a {@link SorService}, one band of the
 * grid, bound as {@value #NAME}. Prints {@code PORT n} (its registry's
 * port) when ready; unexports everything and exits when its standard input
 * ends.
 */
public final class SorServer {

    static final String NAME = "sor";

    static final class SorServiceImpl extends AppServiceImpl implements SorService {
        /** Guards received; never held by a thread that calls out. */
        private final Object mailbox = new Object();
        /** The neighbours' border rows by 2 * phase + (from above ? 1 : 0). */
        private final Map<Integer, double[]> received = new HashMap<>();

        // The band, guarded by this (the master's calls, one at a time).
        private SorService above;
        private SorService below;
        private volatile int first;   // read by border for its messages
        private double[][] rows;

        @Override
        public synchronized void connect(SorService above, SorService below) {
            for (SorService neighbour : new SorService[] {above, below}) {
                if (neighbour != null) {
                    RmiConfiguration.check("worker " + NAME + " neighbour", neighbour);
                }
            }
            this.above = above;
            this.below = below;
        }

        @Override
        public synchronized void setBand(int first, double[][] rows) {
            if (rows.length < 3) {
                throw new IllegalArgumentException("a band of " + (rows.length - 2) + " rows");
            }
            this.first = first;
            this.rows = rows;
            synchronized (mailbox) {
                received.clear();
            }
        }

        @Override
        public synchronized void solve(int iterations, double omega) throws RemoteException {
            if (rows == null) {
                throw new IllegalStateException("solve before setBand");
            }
            int last = rows.length - 2;
            int phases = 2 * iterations;
            for (int phase = 0; phase < phases; phase++) {
                int colour = phase & 1;
                for (int i = 1; i <= last; i++) {
                    Sor.relax(rows[i - 1], rows[i], rows[i + 1], first + i - 1, colour, omega);
                }
                if (phase + 1 < phases) {
                    // Both sends before either wait: each neighbour waits
                    // for this band's row as this band waits for its own.
                    if (above != null) {
                        above.border(phase, false, rows[1]);
                    }
                    if (below != null) {
                        below.border(phase, true, rows[last]);
                    }
                    if (above != null) {
                        rows[0] = take(phase, true);
                    }
                    if (below != null) {
                        rows[last + 1] = take(phase, false);
                    }
                }
            }
            synchronized (mailbox) {
                if (!received.isEmpty()) {
                    throw new IllegalStateException("band " + first + ": border rows left after "
                            + "the last phase: " + received.keySet());
                }
            }
        }

        /**
         * The border row of phase from the neighbour above or below, waited
         * for at most the timeout.
         */
        private double[] take(int phase, boolean fromAbove) {
            int key = 2 * phase + (fromAbove ? 1 : 0);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(Workers.TIMEOUT_SECONDS);
            synchronized (mailbox) {
                double[] row;
                while ((row = received.remove(key)) == null) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        throw new IllegalStateException("band " + first + ": no border row from "
                                + "the neighbour " + (fromAbove ? "above" : "below") + " for phase "
                                + phase + " within " + Workers.TIMEOUT_SECONDS + " s");
                    }
                    try {
                        TimeUnit.NANOSECONDS.timedWait(mailbox, left);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException("band " + first + ": interrupted", e);
                    }
                }
                return row;
            }
        }

        @Override
        public void border(int phase, boolean fromAbove, double[] row) {
            synchronized (mailbox) {
                if (received.putIfAbsent(2 * phase + (fromAbove ? 1 : 0), row) != null) {
                    throw new IllegalStateException("band " + first + ": a second border row from "
                            + "the neighbour " + (fromAbove ? "above" : "below") + " for phase "
                            + phase);
                }
                mailbox.notifyAll();
            }
        }

        @Override
        public synchronized double[][] band() {
            if (rows == null) {
                throw new IllegalStateException("band before setBand");
            }
            return Arrays.copyOfRange(rows, 1, rows.length - 1);
        }
    }

    private SorServer() {
    }

    public static void main(String[] args) {
        ServerProcess.runServer(() -> Workers.serve(Map.of(NAME, new SorServiceImpl())));
    }
}
