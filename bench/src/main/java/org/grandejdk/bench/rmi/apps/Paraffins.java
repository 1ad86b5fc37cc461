/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi.apps;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import org.grandejdk.bench.Lifecycle;
import org.grandejdk.bench.rmi.SharedConnection;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Paraffin generation, an application kernel of Philippsen, Haumacher and
 * Nester, "More Efficient Serialization and RMI for Java", section 6.1c
 * (from its reference [4]): every paraffin molecule
 * C<sub>i</sub>H<sub>2i+2</sub> for i up to {@value #N}, all isomers, none
 * twice, in order of increasing size: 1, 1, 1, 2, 3, 5, 9, 18, 35, 75, 159,
 * 355, 802 molecules of 1 to 13 carbon atoms (OEIS A000602), 1466 in all.
 *
 * <p>The molecules are built from radicals. A radical of k carbon atoms is
 * a carbon atom bonded to three sub-radicals of k - 1 carbon atoms in all (a
 * radical of 0 is a hydrogen atom). A paraffin of i carbon atoms is a
 * centre carbon atom bonded to four radicals of at most (i - 1) / 2 each,
 * or, for even i, two radicals of i / 2 each joined by a centre bond (the
 * centroid of the tree, which is one atom or one bond). Taking the radicals of
 * a carbon in canonical order (sizes non-decreasing, and radicals of one
 * size in non-decreasing order of their place in the list of that size)
 * makes every radical and every isomer exactly once.
 *
 * <p>Distributed the classic master-worker way. The master (the benchmark
 * JVM) makes the radicals of up to 6 carbon atoms (half the largest
 * molecule), 34 objects that share their sub-radicals, and cuts the work
 * into {@value #TASKS} tasks: per size, one for each way to split the
 * radicals' sizes between the four positions around a centre carbon, and
 * the centre bond for even sizes. A master thread per worker JVM ({@link ParaffinsServer}) takes
 * the next task, largest size first, and calls its worker's
 * {@code paraffins(size, positions)}: the argument is a graph of radicals
 * (the lists of radicals for each position, a DAG), the result an array of
 * molecules that share those radicals. The master puts the results in
 * order of increasing size. The master exports nothing.
 */
public final class Paraffins {

    /** The largest molecule, in carbon atoms. */
    static final int N = 13;

    /** The tasks, the calls of one solve (checked by the set-up). */
    static final int TASKS = 79;

    /** The number of paraffin isomers by carbon atoms, OEIS A000602 (index 0 unused). */
    static final int[] ISOMERS = {0, 1, 1, 1, 2, 3, 5, 9, 18, 35, 75, 159, 355, 802, 1858,
                                  4347, 10359, 24894};

    private Paraffins() {
    }

    /** The molecules of size carbon atoms with radicals from positions: one task. */
    private record Task(int size, Radical[][] positions) {
    }

    /**
     * The radicals of 0 to max carbon atoms, by size, each size's list in
     * canonical order; the sub-radicals are the radicals of the smaller
     * sizes, shared.
     */
    static Radical[][] radicals(int max) {
        Radical[][] radicals = new Radical[max + 1][];
        radicals[0] = new Radical[] {new Radical()};   // hydrogen
        for (int k = 1; k <= max; k++) {
            int size = k;
            List<Radical> made = new ArrayList<>();
            for (int[] sizes : partitions(k - 1, 3, k - 1)) {
                choose(lists(radicals, sizes), c -> made.add(new Radical(size, c[0], c[1], c[2])));
            }
            radicals[k] = made.toArray(new Radical[0]);
        }
        return radicals;
    }

    /**
     * The paraffins of size carbon atoms whose radical at position j is one
     * of positions[j] (four positions around a centre carbon, or two on a
     * centre bond), in canonical order: the positions' sizes do not
     * decrease, and positions of one size hold the same list.
     */
    static Paraffin[] paraffins(int size, Radical[][] positions) {
        List<Paraffin> made = new ArrayList<>();
        choose(positions, c -> made.add(new Paraffin(size, c.clone())));
        return made.toArray(new Paraffin[0]);
    }

    /** The tasks of a run up to n carbon atoms, in order of increasing size. */
    private static List<Task> tasks(int n, Radical[][] radicals) {
        List<Task> tasks = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            for (int[] sizes : partitions(i - 1, 4, (i - 1) / 2)) {
                tasks.add(new Task(i, lists(radicals, sizes)));
            }
            if (i % 2 == 0) {
                tasks.add(new Task(i, lists(radicals, new int[] {i / 2, i / 2})));
            }
        }
        return tasks;
    }

    /** The lists of radicals of the given sizes; equal sizes share one list. */
    private static Radical[][] lists(Radical[][] radicals, int[] sizes) {
        Radical[][] lists = new Radical[sizes.length][];
        for (int j = 0; j < sizes.length; j++) {
            lists[j] = radicals[sizes[j]];
        }
        return lists;
    }

    /**
     * Every way to write total as a sum of parts non-decreasing sizes of at
     * most max each, in lexicographic order.
     */
    private static List<int[]> partitions(int total, int parts, int max) {
        List<int[]> partitions = new ArrayList<>();
        partition(total, 0, max, new int[parts], 0, partitions);
        return partitions;
    }

    private static void partition(int rest, int min, int max, int[] sizes, int j,
                                  List<int[]> partitions) {
        if (j == sizes.length) {
            if (rest == 0) {
                partitions.add(sizes.clone());
            }
            return;
        }
        // The parts still to come are at least s each.
        for (int s = min; s <= max && s * (sizes.length - j) <= rest; s++) {
            sizes[j] = s;
            partition(rest - s, s, max, sizes, j + 1, partitions);
        }
    }

    /**
     * Calls action with every canonical choice of one radical per position
     * (in one array, overwritten for the next).
     */
    private static void choose(Radical[][] positions, Consumer<Radical[]> action) {
        choose(positions, 0, 0, new Radical[positions.length], action);
    }

    private static void choose(Radical[][] positions, int j, int from, Radical[] chosen,
                               Consumer<Radical[]> action) {
        if (j == positions.length) {
            action.accept(chosen);
            return;
        }
        Radical[] list = positions[j];
        // Positions of one size take radicals in non-decreasing order of
        // their place in its list: each combination once.
        int first = j > 0 && list[0].size == positions[j - 1][0].size ? from : 0;
        for (int r = first; r < list.length; r++) {
            chosen[j] = list[r];
            choose(positions, j + 1, r, chosen, action);
        }
    }

    /** The sequential algorithm: the molecules up to n carbon atoms, by size. */
    static Paraffin[][] sequential(int n) {
        List<Task> tasks = tasks(n, radicals(n / 2));
        Paraffin[][] results = new Paraffin[tasks.size()][];
        for (int t = 0; t < tasks.size(); t++) {
            results[t] = paraffins(tasks.get(t).size(), tasks.get(t).positions());
        }
        return bySize(n, tasks, results);
    }

    /** The results of the tasks (in the tasks' order) by size, 0 to n. */
    private static Paraffin[][] bySize(int n, List<Task> tasks, Paraffin[][] results) {
        int[] counts = new int[n + 1];
        for (int t = 0; t < tasks.size(); t++) {
            counts[tasks.get(t).size()] += results[t].length;
        }
        Paraffin[][] bySize = new Paraffin[n + 1][];
        for (int i = 0; i <= n; i++) {
            bySize[i] = new Paraffin[counts[i]];
            counts[i] = 0;
        }
        for (int t = 0; t < tasks.size(); t++) {
            int i = tasks.get(t).size();
            System.arraycopy(results[t], 0, bySize[i], counts[i], results[t].length);
            counts[i] += results[t].length;
        }
        return bySize;
    }

    /**
     * The cheap check: as many molecules of each size as A000602 says, and
     * each of that size.
     */
    private static void checkCounts(Paraffin[][] bySize, String what) {
        if (bySize.length != N + 1) {
            throw new IllegalStateException("Paraffins: " + what + " gave sizes up to "
                    + (bySize.length - 1) + ", not " + N);
        }
        for (int i = 1; i <= N; i++) {
            if (bySize[i].length != ISOMERS[i]) {
                throw new IllegalStateException("Paraffins: " + what + " gave " + bySize[i].length
                        + " molecules of " + i + " carbon atoms, not " + ISOMERS[i]
                        + " (A000602)");
            }
            for (Paraffin p : bySize[i]) {
                if (p.size != i) {
                    throw new IllegalStateException("Paraffins: " + what + " gave a molecule of "
                            + p.size + " carbon atoms among those of " + i);
                }
            }
        }
    }

    /**
     * The full check of the set-up: result has the molecules of expected
     * (the sequential algorithm's) in the same order (equal canonical
     * forms), none twice, each with i carbon and 2i + 2 hydrogen atoms.
     */
    private static void compare(Paraffin[][] result, Paraffin[][] expected) {
        checkCounts(result, "the run over RMI");
        for (int i = 1; i <= N; i++) {
            Set<String> seen = new HashSet<>();
            for (int m = 0; m < result[i].length; m++) {
                Paraffin p = result[i][m];
                String form = p.toString();
                String wanted = expected[i][m].toString();
                if (!form.equals(wanted)) {
                    throw new IllegalStateException("Paraffins: molecule " + m + " of " + i
                            + " carbon atoms of the run over RMI is " + form
                            + ", the sequential algorithm's " + wanted);
                }
                if (!seen.add(form)) {
                    throw new IllegalStateException("Paraffins: the molecule " + form
                            + " twice");
                }
                int carbons = p.radicals.length == 4 ? 1 : 0;
                int hydrogens = 0;
                for (Radical r : p.radicals) {
                    carbons += carbons(r);
                    hydrogens += hydrogens(r);
                }
                if (carbons != i || hydrogens != 2 * i + 2) {
                    throw new IllegalStateException("Paraffins: the molecule " + form + " is C"
                            + carbons + "H" + hydrogens + ", not C" + i + "H" + (2 * i + 2));
                }
            }
        }
    }

    private static int carbons(Radical r) {
        return r.first == null ? 0 : 1 + carbons(r.first) + carbons(r.second) + carbons(r.third);
    }

    private static int hydrogens(Radical r) {
        return r.first == null ? 1 : hydrogens(r.first) + hydrogens(r.second) + hydrogens(r.third);
    }

    /** The benchmark's state: the workers and the master's threads. */
    @State(Scope.Benchmark)
    public static class Run {
        private static final SharedConnection<Workers.Crew> WORKERS =
                new SharedConnection<>("close-paraffins-workers");

        private Workers.Crew workers;
        private ParaffinsService[] services;
        private ExecutorService masters;

        public Run() {
        }

        @Setup(Level.Trial)
        public void setUp() throws Exception {
            Lifecycle.setUpOrTearDown(this::tearDown, () -> {
                workers = Workers.crew(WORKERS, ParaffinsServer.class);
                services = Workers.lookupEach(workers, ParaffinsServer.NAME, ParaffinsService.class);
                masters = Workers.threads("paraffins-master", Workers.COUNT);
                int tasks = tasks(N, radicals(N / 2)).size();
                if (tasks != TASKS) {
                    throw new IllegalStateException("Paraffins: " + tasks + " tasks, not " + TASKS);
                }
                Paraffin[][] expected = sequential(N);
                checkCounts(expected, "the sequential algorithm");
                compare((Paraffin[][]) solve(), expected);
            });
        }

        /** One complete run over RMI; throws unless it has the right molecules by size. */
        public Object solve() throws Exception {
            List<Task> tasks = tasks(N, radicals(N / 2));
            Paraffin[][] results = new Paraffin[tasks.size()][];
            // Largest first: the tasks of the largest size take longest, and
            // the last task to start should be short, for the balance.
            AtomicInteger next = new AtomicInteger(tasks.size());
            List<Future<?>> running = new ArrayList<>(services.length);
            for (ParaffinsService service : services) {
                running.add(masters.submit(() -> {
                    for (int t; (t = next.decrementAndGet()) >= 0; ) {
                        Task task = tasks.get(t);
                        results[t] = service.paraffins(task.size(), task.positions());
                    }
                    return null;
                }));
            }
            Workers.awaitAll(running, "Paraffins");
            Paraffin[][] bySize = bySize(N, tasks, results);
            checkCounts(bySize, "the run over RMI");
            return bySize;
        }

        @TearDown(Level.Trial)
        public void tearDown() throws Exception {
            Workers.Crew crew = workers;
            workers = null;
            Workers.stop(masters, WORKERS, crew, "Paraffins");
        }
    }
}
