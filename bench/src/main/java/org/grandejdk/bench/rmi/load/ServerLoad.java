/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi.load;

import java.rmi.registry.LocateRegistry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import org.grandejdk.bench.rmi.ServerProcess;

/**
 * How many callers one server holds, and how fast it answers while it holds
 * them: a load driver, not a JMH benchmark (its figures are counts at the
 * edge of what a JVM survives, and latencies under that load). The server
 * is a second JVM with a small heap ({@code load.serverHeap}, default
 * 256m) on whatever RMI this JVM's properties select. For each level N
 * ({@code load.levels}), N client threads call {@code hold} at once, so the
 * server holds N calls, each with its connection and thread, for
 * {@code load.holdMillis} (default 3000); meanwhile a probe thread times
 * 200 {@code ping} calls and the server reports its threads, heap after a
 * GC and descriptors. Once the holds return, their N connections stay open
 * and idle in the client's pool (both RMIs keep them 15 s), and the probe
 * and the report are taken again. Levels rise until one has failed calls.
 * Prints one markdown table row per level, each starting {@code ROW}.
 */
public final class ServerLoad {

    private static final int PROBES = 200;

    private ServerLoad() {
    }

    public static void main(String[] args) throws Exception {
        String label = args.length > 0 ? args[0] : "rmi";
        String heap = System.getProperty("load.serverHeap", "256m");
        long holdMillis = Long.getLong("load.holdMillis", 3000);
        int[] levels = Arrays.stream(System.getProperty("load.levels", "256,1024,2048,4096,8192").split(","))
                             .mapToInt(Integer::parseInt).toArray();
        try (ServerProcess server = ServerProcess.start(List.of("-Xmx" + heap, "-Xms" + heap),
                                                         LoadServer.class)) {
            Load load = (Load) LocateRegistry.getRegistry("127.0.0.1", server.port()).lookup(LoadServer.NAME);
            probe(load);        // the probe's own connection and the first calls, before any load
            for (int n : levels) {
                Level level = run(load, n, holdMillis);
                System.out.println("ROW | " + label + " | " + level.row());
                System.out.flush();
                if (level.failed > 0) {
                    break;
                }
            }
        }
    }

    record Level(int n, int ok, int failed, String errors, long[] busy, long[] busyPing,
                 long[] idle, long[] idlePing) {
        String row() {
            return String.format("%d | %d | %d%s | %d | %.0f | %d | %s | %d | %d | %s |",
                    n, ok, failed, failed == 0 ? "" : " (" + errors + ")",
                    busy[0], busy[1] / 1048576.0, busy[2], micros(busyPing),
                    idle[0], idle[2], micros(idlePing));
        }

        private static String micros(long[] p) {
            return p == null ? "failed" : String.format("%.0f / %.0f", p[0] / 1000.0, p[1] / 1000.0);
        }
    }

    private static Level run(Load load, int n, long holdMillis) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        AtomicInteger ok = new AtomicInteger();
        Map<String, Integer> errors = new TreeMap<>();
        List<Thread> callers = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Thread t = new Thread(null, () -> {
                try {
                    start.await();
                    if (load.hold(holdMillis) == holdMillis) {
                        ok.incrementAndGet();
                    }
                } catch (Exception e) {
                    synchronized (errors) {
                        errors.merge(e.getClass().getSimpleName(), 1, Integer::sum);
                    }
                }
            }, "caller-" + i, 256 * 1024);
            t.setDaemon(true);
            t.start();
            callers.add(t);
        }
        start.countDown();
        Thread.sleep(holdMillis / 2);               // the calls are in the server
        long[] busyPing = probeOrNull(load);
        long[] busy = statsOrNone(load);
        for (Thread t : callers) {
            t.join(holdMillis + 120_000);
        }
        Thread.sleep(500);
        long[] idlePing = probeOrNull(load);
        long[] idle = statsOrNone(load);
        int failed = n - ok.get();
        return new Level(n, ok.get(), failed, errors.toString(), busy, busyPing, idle, idlePing);
    }

    /** The median and 99th percentile of PROBES ping calls, ns. */
    private static long[] probe(Load load) throws Exception {
        long[] t = new long[PROBES];
        for (int i = 0; i < PROBES; i++) {
            long s = System.nanoTime();
            if (load.ping(i) != i) {
                throw new AssertionError("ping " + i);
            }
            t[i] = System.nanoTime() - s;
        }
        Arrays.sort(t);
        return new long[] {t[PROBES / 2], t[PROBES * 99 / 100]};
    }

    private static long[] probeOrNull(Load load) {
        try {
            return probe(load);
        } catch (Exception e) {
            return null;
        }
    }

    private static long[] statsOrNone(Load load) {
        try {
            return load.stats();
        } catch (Exception e) {
            return new long[] {-1, -1, -1};
        }
    }
}
