/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi.apps;

import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

import org.grandejdk.bench.Lifecycle;
import org.grandejdk.bench.rmi.SharedConnection;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Hamming's problem, an application kernel of Philippsen, Haumacher and
 * Nester, "More Efficient Serialization and RMI for Java", section 6.1c
 * (from its reference [4]): every integer of the form
 * {@code 2^i * 5^j * 11^k * 17^l * 23^m * 31^o} up to {@value #BOUND}, in
 * increasing order and without duplicates (the primes are every second
 * prime, as in the paper's implementation): 1, 2, 4, 5, 8, 10, 11, 16, ...,
 * {@value #COUNT} values.
 *
 * <p>Distributed as a merge of one stream per prime. Each prime has a
 * {@link Multiplier}, a remote object in one of the {@value Workers#COUNT}
 * worker JVMs ({@link HammingServer}; the primes are dealt round-robin,
 * three per worker), which keeps its own copy of the output and its index
 * into it. The master (the benchmark JVM) has a thread per multiplier:
 * several threads per client node, each with little work to do. For each
 * output value the six threads call their multipliers at once
 * ({@code long accept(long)}: the value there, the multiplier's next
 * candidate back) and meet at a barrier, whose action takes the least
 * candidate as the next output; the run ends when every candidate exceeds
 * the bound. One solve is {@value #COUNT} such rounds of six calls with
 * only primitive arguments and results, the first round
 * {@code long start(long bound)}, which resets the multipliers. The master
 * exports nothing.
 */
public final class Hamming {

    /** The primes: every second prime, 2, (3), 5, (7), 11, (13), 17, (19), 23, (29), 31. */
    static final long[] PRIMES = {2, 5, 11, 17, 23, 31};

    /** The bound n of the output. */
    static final long BOUND = 10_000;

    /** The number of values up to BOUND (checked against the sequential algorithm). */
    static final int COUNT = 259;

    /** A candidate above the bound (or above Long.MAX_VALUE). */
    static final long NONE = Long.MAX_VALUE;

    private Hamming() {
    }

    /**
     * prime * x, or {@link #NONE} when that exceeds bound, without
     * overflow (prime and x are positive).
     */
    static long times(long prime, long x, long bound) {
        return x <= bound / prime ? prime * x : NONE;
    }

    /**
     * The sequential algorithm: the output up to bound, by merging the
     * streams prime * output[index[prime]] in one loop.
     */
    static long[] sequential(long[] primes, long bound) {
        long[] output = new long[64];
        output[0] = 1;
        int count = 1;
        int[] index = new int[primes.length];
        while (true) {
            long least = NONE;
            for (int k = 0; k < primes.length; k++) {
                least = Math.min(least, times(primes[k], output[index[k]], bound));
            }
            if (least == NONE) {
                return Arrays.copyOf(output, count);
            }
            if (count == output.length) {
                output = Arrays.copyOf(output, 2 * count);
            }
            output[count++] = least;
            // Several streams may offer the same value (2 * 5 and 5 * 2): all advance.
            for (int k = 0; k < primes.length; k++) {
                if (times(primes[k], output[index[k]], bound) == least) {
                    index[k]++;
                }
            }
        }
    }

    /** The benchmark's state: the workers, the master's threads, the reference. */
    @State(Scope.Benchmark)
    public static class Run {
        private static final SharedConnection<Workers.Crew> WORKERS =
                new SharedConnection<>("close-hamming-workers");

        private Workers.Crew workers;
        private final List<Thread> callers = new ArrayList<>();
        private Multiplier[] multipliers;
        private long[] expected;

        // The state of a solve. The barriers order every access to the plain
        // fields: what a thread (or the barrier's action) writes before a
        // barrier opens, every thread that passed it sees.

        /** The master and every caller: a solve starts; a solve ended. */
        private CyclicBarrier gate;
        /** The callers: every candidate is in; the action picks the next value. */
        private CyclicBarrier round;
        private long[] candidates;
        private long[] output;
        private int count;
        /** The value the callers pass on in this round, unless starting. */
        private long value;
        private boolean starting;
        private boolean done;
        private final AtomicReference<Exception> failure = new AtomicReference<>();
        private volatile boolean stopping;
        /** Why a caller thread ended before the tear-down, if one did. */
        private volatile Exception ended;

        public Run() {
        }

        @Setup(Level.Trial)
        public void setUp() throws Exception {
            Lifecycle.setUpOrTearDown(this::tearDown, () -> {
                workers = Workers.crew(WORKERS, started -> {
                    for (int w = 0; w < Workers.COUNT; w++) {
                        List<String> primes = new ArrayList<>();
                        for (int k = w; k < PRIMES.length; k += Workers.COUNT) {
                            primes.add(Long.toString(PRIMES[k]));
                        }
                        Workers.start(started, HammingServer.class, primes.toArray(String[]::new));
                    }
                });
                multipliers = new Multiplier[PRIMES.length];
                for (int k = 0; k < PRIMES.length; k++) {
                    multipliers[k] = Workers.lookup(workers.get(k % Workers.COUNT),
                            HammingServer.name(PRIMES[k]), Multiplier.class);
                }
                expected = sequential(PRIMES, BOUND);
                if (expected.length != COUNT) {
                    throw new IllegalStateException("Hamming: the sequential algorithm gives "
                            + expected.length + " values up to " + BOUND + ", not " + COUNT);
                }
                candidates = new long[PRIMES.length];
                gate = new CyclicBarrier(PRIMES.length + 1);
                round = new CyclicBarrier(PRIMES.length, this::next);
                stopping = false;
                ended = null;
                for (int k = 0; k < PRIMES.length; k++) {
                    int stream = k;
                    Thread caller = new Thread(() -> call(stream), "hamming-" + PRIMES[k]);
                    caller.setDaemon(true);
                    callers.add(caller);
                    caller.start();
                }
                solve();   // checks the result against expected
            });
        }

        /** One complete run over RMI; throws unless it equals the sequential algorithm's. */
        public Object solve() throws Exception {
            if (ended != null) {
                throw new IllegalStateException("Hamming: a caller thread ended after a failure",
                                                ended);
            }
            output = new long[64];
            output[0] = 1;
            count = 1;
            starting = true;
            done = false;
            failure.set(null);
            await("start");
            await("end");
            Exception f = failure.get();
            if (f != null) {
                throw new IllegalStateException("Hamming: a call failed", f);
            }
            long[] result = Arrays.copyOf(output, count);
            check(result);
            return result;
        }

        /** The master at the gate, for at most the timeout. */
        private void await(String what) throws Exception {
            try {
                gate.await(Workers.TIMEOUT_SECONDS, TimeUnit.SECONDS);
            } catch (TimeoutException | BrokenBarrierException e) {
                IllegalStateException broken = new IllegalStateException(
                        "Hamming: the solve did not " + what + " within " + Workers.TIMEOUT_SECONDS
                        + " s (a caller thread is stuck or gone)", e);
                if (failure.get() != null) {
                    broken.addSuppressed(failure.get());
                }
                throw broken;
            }
        }

        /** A caller thread: calls the multiplier of stream k once per round of every solve. */
        private void call(int k) {
            Multiplier multiplier = multipliers[k];
            try {
                while (true) {
                    // Untimed: the next solve may be far; the tear-down interrupts.
                    gate.await();
                    do {
                        try {
                            candidates[k] = starting ? multiplier.start(BOUND)
                                                     : multiplier.accept(value);
                        } catch (RemoteException | RuntimeException e) {
                            // The round goes on, so that the others are not
                            // left at the barrier; its action ends the solve.
                            failure.compareAndSet(null, new IllegalStateException(
                                    "the multiplier of " + PRIMES[k] + " failed", e));
                            candidates[k] = NONE;
                        }
                        round.await(Workers.TIMEOUT_SECONDS, TimeUnit.SECONDS);
                    } while (!done);
                    gate.await();
                }
            } catch (InterruptedException | BrokenBarrierException | TimeoutException e) {
                // The tear-down, or a thread gone or stuck: the master's gate
                // breaks or times out and says so; this thread ends.
                if (!stopping) {
                    ended = e;
                    failure.compareAndSet(null, e);
                    gate.reset();   // the master need not wait for its timeout
                }
            }
        }

        /** The action of a round: the least candidate is the next output value. */
        private void next() {
            long least = NONE;
            for (long candidate : candidates) {
                least = Math.min(least, candidate);
            }
            starting = false;
            if (least == NONE || failure.get() != null) {
                done = true;
                return;
            }
            if (count == output.length) {
                output = Arrays.copyOf(output, 2 * count);
            }
            output[count++] = least;
            value = least;
        }

        /**
         * Throws unless result is the sequential algorithm's output, naming
         * the first difference.
         */
        private void check(long[] result) {
            for (int i = 0; i < Math.min(result.length, expected.length); i++) {
                if (result[i] != expected[i]) {
                    throw new IllegalStateException("Hamming: value " + i
                            + " of the run over RMI is " + result[i]
                            + ", the sequential algorithm's " + expected[i]);
                }
            }
            if (result.length != expected.length) {
                throw new IllegalStateException("Hamming: the run over RMI gave " + result.length
                        + " values, the sequential algorithm " + expected.length);
            }
        }

        @TearDown(Level.Trial)
        public void tearDown() throws Exception {
            stopping = true;
            for (Thread caller : callers) {
                caller.interrupt();   // waiting at the gate, or soon at a barrier
            }
            try {
                // Before the join: a caller in a call to a hung worker ends
                // with it (a worker shared by the JVM's trials stays up).
                Workers.Crew crew = workers;
                workers = null;
                Workers.release(WORKERS, crew);
            } finally {
                for (Thread caller : callers) {
                    caller.join(TimeUnit.SECONDS.toMillis(Workers.TIMEOUT_SECONDS));
                }
                boolean alive = callers.stream().anyMatch(Thread::isAlive);
                callers.clear();
                multipliers = null;
                if (alive) {
                    throw new IllegalStateException("Hamming: a caller thread did not end within "
                            + Workers.TIMEOUT_SECONDS + " s");
                }
            }
        }
    }
}
