/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi.apps;

import java.lang.reflect.Array;
import java.rmi.Remote;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

import org.grandejdk.bench.Lifecycle;
import org.grandejdk.bench.rmi.PingServer;
import org.grandejdk.bench.rmi.RmiConfiguration;
import org.grandejdk.bench.rmi.RmiServer;
import org.grandejdk.bench.rmi.ServerProcess;

/**
 * The worker JVMs of the application kernels, both ends: the master (the
 * benchmark JVM) starts them with {@link ServerProcess}, so they run this
 * JVM's java, class path and RMI properties, and looks up their objects
 * ({@link #lookup}); a worker's main exports its objects, binds them in a
 * registry of its own and serves until its standard input ends
 * ({@link #serve}, in {@link ServerProcess#runServer}), as {@link PingServer}
 * does.
 */
final class Workers {

    /** Worker JVMs per application: one per core of this 2-core host. */
    static final int COUNT = 2;

    /**
     * How long a JVM waits for another (a call's result, a neighbour's row,
     * the master's threads) before it gives up: far above any solve, so
     * that only a dead or hung peer reaches it, and the benchmark fails
     * instead of hanging.
     */
    static final long TIMEOUT_SECONDS = 60;

    private Workers() {
    }

    /**
     * Starts a worker JVM running mainClass with args and adds it to
     * started, so that the caller's tear-down closes every worker started so
     * far even when a later step of its set-up fails (one that fails to
     * start, ServerProcess.start ends itself).
     */
    static ServerProcess start(List<ServerProcess> started, Class<?> mainClass,
                               String... args) throws Exception {
        ServerProcess worker = ServerProcess.start(mainClass, args);
        started.add(worker);
        return worker;
    }

    /**
     * {@link #COUNT} workers running mainClass, each serving one object
     * bound as name, and those objects (see {@link #start} and
     * {@link #lookup}), in worker order.
     */
    static <T extends AppService> T[] startEach(List<ServerProcess> started, Class<?> mainClass,
                                                String name, Class<T> type) throws Exception {
        @SuppressWarnings("unchecked")
        T[] services = (T[]) Array.newInstance(type, COUNT);
        for (int w = 0; w < COUNT; w++) {
            services[w] = lookup(start(started, mainClass), name, type);
        }
        return services;
    }

    /**
     * The object bound as name in worker's registry, after the checks of
     * RemoteCallBench: the stub is of the RMI this JVM's properties select,
     * and the worker runs the same configuration as this JVM.
     */
    static <T extends AppService> T lookup(ServerProcess worker, String name, Class<T> type)
            throws Exception {
        T stub = RmiServer.lookup(worker, name, type);
        RmiConfiguration.checkBothEnds("master", "worker of " + name, stub, stub::configuration);
        return stub;
    }

    /**
     * Closes every worker in started, all of them even when one fails (the
     * first failure is thrown, the others suppressed), and empties the list.
     */
    static void close(List<ServerProcess> started) throws Exception {
        try {
            Lifecycle.closeAll(started.toArray(AutoCloseable[]::new));
        } finally {
            started.clear();
        }
    }

    /**
     * The master's threads that call the workers: daemons, so that a
     * forgotten one never keeps a JVM alive, and named for thread dumps.
     */
    static ExecutorService threads(String name, int count) {
        AtomicInteger number = new AtomicInteger();
        return Executors.newFixedThreadPool(count, r -> {
            Thread t = new Thread(r, name + "-" + number.getAndIncrement());
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Waits for the master's threads of one solve (running, in worker
     * order), in all for at most the timeout, and cancels any left; when
     * one failed, throws, naming the worker whose calls failed, with the
     * failures of the others suppressed.
     */
    static void awaitAll(List<? extends Future<?>> running, String app) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
        IllegalStateException failure = null;
        for (int w = 0; w < running.size(); w++) {
            IllegalStateException e = null;
            try {
                running.get(w).get(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            } catch (ExecutionException x) {
                e = new IllegalStateException(app + ": the calls to worker " + w + " failed",
                        x.getCause());
            } catch (TimeoutException x) {
                running.get(w).cancel(true);
                e = new IllegalStateException(app + ": the calls to worker " + w
                        + " did not finish within " + TIMEOUT_SECONDS + " s", x);
            }
            if (failure == null) {
                failure = e;
            } else if (e != null) {
                failure.addSuppressed(e);
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    /**
     * The tear-down of a master with a thread pool: shuts the pool down,
     * closes the workers (before the wait: a thread in a call to a hung
     * worker ends with it), then waits for the pool's threads. Either may
     * be null or empty (a set-up that failed early); stopping again does
     * nothing.
     */
    static void stop(ExecutorService masters, List<ServerProcess> workers, String app)
            throws Exception {
        if (masters != null) {
            masters.shutdownNow();
        }
        try {
            close(workers);
        } finally {
            if (masters != null) {
                awaitTermination(masters, app);
            }
        }
    }

    /**
     * Waits for the threads of pool, shut down before, and throws unless
     * they end in time, so that no trial leaves threads to the next one in
     * the same JVM.
     */
    static void awaitTermination(ExecutorService pool, String app) throws InterruptedException {
        if (!pool.awaitTermination(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            throw new IllegalStateException(app + ": the master's threads did not end within "
                    + TIMEOUT_SECONDS + " s");
        }
    }

    /**
     * Serves objects (name to remote object, in binding order): exports and
     * checks each, binds it in a new registry, prints {@code PORT n} (the
     * registry's port), and when standard input ends unbinds and unexports
     * everything.
     */
    static void serve(Map<String, ? extends Remote> objects) throws Exception {
        Map<String, Remote> stubs = new LinkedHashMap<>();
        for (Map.Entry<String, ? extends Remote> e : objects.entrySet()) {
            Remote stub = UnicastRemoteObject.exportObject(e.getValue(), 0);
            RmiConfiguration.check("worker " + e.getKey(), stub);
            stubs.put(e.getKey(), stub);
        }
        int[] port = new int[1];
        Registry registry = PingServer.createRegistry(port);
        for (Map.Entry<String, Remote> e : stubs.entrySet()) {
            registry.bind(e.getKey(), e.getValue());
        }
        System.out.println("PORT " + port[0]);
        System.out.flush();

        ServerProcess.awaitEndOfInput();
        for (String name : stubs.keySet()) {
            registry.unbind(name);
        }
        for (Remote object : objects.values()) {
            UnicastRemoteObject.unexportObject(object, true);
        }
        UnicastRemoteObject.unexportObject(registry, true);
    }
}
