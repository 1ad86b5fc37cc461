/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi.apps;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.grandejdk.bench.Lifecycle;
import org.grandejdk.bench.rmi.SharedConnection;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Successive overrelaxation, an application kernel of Philippsen, Haumacher
 * and Nester, "More Efficient Serialization and RMI for Java", section 6.1c: {@value #ITERATIONS} iterations of red/black SOR (omega
 * {@value #OMEGA}) for the Laplace equation on a grid of {@value #SIZE} x
 * {@value #SIZE} doubles, of which the outermost rows and columns are a
 * fixed boundary. A point (r, c) is red when r + c is even; each iteration
 * updates every red point from its four (black) neighbours, then every
 * black point from its four (red) ones.
 *
 * <p>Distributed by rows: the interior rows are split into
 * {@value Workers#COUNT} bands of consecutive rows, one per worker JVM
 * ({@link SorServer}). The master (the benchmark JVM) connects the bands
 * once (each worker gets its neighbours' stubs); per solve a master thread
 * per worker sends the worker its band and the rows next to it
 * ({@code setBand}), waits until every band is set, calls
 * {@code solve(iterations, omega)} (both workers at once) and takes the
 * band back ({@code band()}). Between phases the workers exchange their
 * border rows directly, worker to worker ({@code border(phase, fromAbove,
 * row)}, a double[{@value #SIZE}] each): one call each way per phase but
 * the last, {@value #EXCHANGES} in all. The master then checks the grid
 * bit for bit against the same iterations run sequentially: each point
 * gets the same formula on the same values in both, so the doubles are
 * identical. The master exports nothing.
 */
public final class Sor {

    /** Rows and columns of the grid, the fixed boundary included. */
    static final int SIZE = 130;

    /** Red/black iterations per solve. */
    static final int ITERATIONS = 20;

    /** The overrelaxation factor. */
    static final double OMEGA = 1.9;

    /**
     * The worker-to-worker calls of one solve: per pair of neighbours, two
     * per phase but the last.
     */
    static final int EXCHANGES = 2 * (2 * ITERATIONS - 1) * (Workers.COUNT - 1);

    private Sor() {
    }

    /**
     * The grid before the first iteration: each boundary side its own
     * values (no symmetry that could hide a misplaced row), the interior 0.
     */
    static double[][] initialGrid() {
        double[][] grid = new double[SIZE][SIZE];
        int last = SIZE - 1;
        for (int i = 0; i < SIZE; i++) {
            double x = (double) i / last;
            grid[0][i] = 1.0;
            grid[last][i] = x * x;
            grid[i][0] = 0.5 * x;
            grid[i][last] = 1.0 - x;
        }
        return grid;
    }

    /**
     * Updates the points of colour (0 red, 1 black) of row r of the grid,
     * from its neighbours above and below. The one formula of both the
     * workers and the sequential algorithm.
     */
    static void relax(double[] above, double[] row, double[] below, int r, int colour,
                      double omega) {
        // The first interior column c with (r + c) % 2 == colour.
        for (int c = 1 + ((r + 1 + colour) & 1); c < row.length - 1; c += 2) {
            row[c] += omega * ((above[c] + below[c] + row[c - 1] + row[c + 1]) * 0.25 - row[c]);
        }
    }

    /** The sequential algorithm: iterations red/black iterations on grid, in place. */
    static void sequential(double[][] grid, int iterations, double omega) {
        for (int phase = 0; phase < 2 * iterations; phase++) {
            for (int r = 1; r < grid.length - 1; r++) {
                relax(grid[r - 1], grid[r], grid[r + 1], r, phase & 1, omega);
            }
        }
    }

    /** The benchmark's state: the workers, the master's threads, the reference. */
    @State(Scope.Benchmark)
    public static class Run {
        private static final SharedConnection<Workers.Crew> WORKERS =
                new SharedConnection<>("close-sor-workers");

        private Workers.Crew workers;
        private SorService[] services;
        private ExecutorService masters;
        private double[][] initial;
        private double[][] expected;

        public Run() {
        }

        @Setup(Level.Trial)
        public void setUp() throws Exception {
            Lifecycle.setUpOrTearDown(this::tearDown, () -> {
                workers = Workers.crew(WORKERS, SorServer.class);
                services = Workers.lookupEach(workers, SorServer.NAME, SorService.class);
                for (int w = 0; w < Workers.COUNT; w++) {
                    services[w].connect(w > 0 ? services[w - 1] : null,
                                        w + 1 < Workers.COUNT ? services[w + 1] : null);
                }
                masters = Workers.threads("sor-master", Workers.COUNT);
                initial = initialGrid();
                expected = initialGrid();
                sequential(expected, ITERATIONS, OMEGA);
                solve();   // checks the grid against expected
            });
        }

        /** One complete run over RMI; throws unless its grid equals the sequential algorithm's. */
        public Object solve() throws Exception {
            CyclicBarrier banded = new CyclicBarrier(Workers.COUNT);
            double[][][] bands = new double[Workers.COUNT][][];
            List<Future<?>> running = new ArrayList<>(Workers.COUNT);
            for (int w = 0; w < Workers.COUNT; w++) {
                SorService service = services[w];
                int band = w;
                int first = first(w);
                int end = first(w + 1);
                running.add(masters.submit(() -> {
                    try {
                        service.setBand(first, Arrays.copyOfRange(initial, first - 1, end + 1));
                    } catch (Exception | Error e) {
                        banded.reset();   // the other threads need not wait for the timeout
                        throw e;
                    }
                    // No band may start before every band is set: a
                    // neighbour's first border row would be lost.
                    try {
                        banded.await(Workers.TIMEOUT_SECONDS, TimeUnit.SECONDS);
                    } catch (BrokenBarrierException e) {
                        throw new IllegalStateException("another band was not set", e);
                    }
                    service.solve(ITERATIONS, OMEGA);
                    bands[band] = service.band();
                    return null;
                }));
            }
            Workers.awaitAll(running, "SOR");
            double[][] grid = new double[SIZE][];
            grid[0] = initial[0];
            grid[SIZE - 1] = initial[SIZE - 1];
            for (int w = 0; w < Workers.COUNT; w++) {
                if (bands[w].length != first(w + 1) - first(w)) {
                    throw new IllegalStateException("SOR: worker " + w + " gave back "
                            + bands[w].length + " rows, not " + (first(w + 1) - first(w)));
                }
                System.arraycopy(bands[w], 0, grid, first(w), bands[w].length);
            }
            check(grid);
            return grid;
        }

        /**
         * The first interior row of band w (for the band after the last: the
         * bottom boundary row).
         */
        private static int first(int w) {
            return 1 + w * (SIZE - 2) / Workers.COUNT;
        }

        /**
         * Throws unless grid equals the sequential algorithm's bit for bit,
         * naming the first difference.
         */
        private void check(double[][] grid) {
            for (int r = 0; r < SIZE; r++) {
                if (grid[r].length != SIZE) {
                    throw new IllegalStateException("SOR: row " + r + " of the run over RMI has "
                            + grid[r].length + " points, not " + SIZE);
                }
                for (int c = 0; c < SIZE; c++) {
                    if (Double.doubleToLongBits(grid[r][c])
                            != Double.doubleToLongBits(expected[r][c])) {
                        throw new IllegalStateException("SOR: point (" + r + ", " + c
                                + ") of the run over RMI is " + grid[r][c]
                                + ", the sequential algorithm's " + expected[r][c]);
                    }
                }
            }
        }

        @TearDown(Level.Trial)
        public void tearDown() throws Exception {
            Workers.Crew crew = workers;
            workers = null;
            Workers.stop(masters, WORKERS, crew, "SOR");
        }
    }
}
