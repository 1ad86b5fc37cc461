/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi.apps;

import java.lang.reflect.Array;
import java.rmi.Remote;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.ArrayList;
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
import org.grandejdk.bench.rmi.SharedConnection;

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
     * The worker JVMs of one application, in worker order. Forked, each
     * trial starts its own and its tear-down closes them; run in process,
     * every trial of the configuration's JVM shares the first trial's
     * ({@link SharedConnection}), as the kernels share their server, so
     * that the bulk warm-up of the quick profile warms the workers too.
     * Started per trial, the measured trial's workers were fresh JVMs
     * that compiled through its 400 ms: SOR took 8.5-35 ms a solve there
     * against 1.3-3.5 ms forked, and the row measured the workers' start.
     */
    static final class Crew implements AutoCloseable {
        private final List<ServerProcess> processes = new ArrayList<>();

        /** The w-th worker. */
        ServerProcess get(int w) {
            return processes.get(w);
        }

        @Override
        public void close() throws Exception {
            Workers.close(processes);
        }
    }

    /** Starts the workers of a crew: {@link #start} for each, into started. */
    @FunctionalInterface
    interface Starter {
        void start(List<ServerProcess> started) throws Exception;
    }

    /**
     * A trial's crew: new, or the one shared in this JVM (see {@link Crew}).
     * A crew whose start fails is closed whole before the failure is thrown.
     */
    static Crew crew(SharedConnection<Crew> shared, Starter starter) throws Exception {
        return shared.open(() -> {
            Crew crew = new Crew();
            Lifecycle.setUpOrTearDown(crew::close, () -> starter.start(crew.processes));
            return crew;
        });
    }

    /**
     * What a trial's tear-down closes of its crew: the crew unless the JVM
     * shares it; null (a set-up that failed before it) is nothing.
     */
    static void release(SharedConnection<Crew> shared, Crew crew) throws Exception {
        if (crew != null) {
            Crew owned = shared.ownedByTrial(crew);
            if (owned != null) {
                owned.close();
            }
        }
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
     * A trial's crew of {@link #COUNT} workers running mainClass with no
     * arguments (see {@link #crew(SharedConnection, Starter)}).
     */
    static Crew crew(SharedConnection<Crew> shared, Class<?> mainClass) throws Exception {
        return crew(shared, started -> {
            for (int w = 0; w < COUNT; w++) {
                start(started, mainClass);
            }
        });
    }

    /** The object each worker of crew binds as name (see {@link #lookup}), in worker order. */
    static <T extends AppService> T[] lookupEach(Crew crew, String name, Class<T> type)
            throws Exception {
        @SuppressWarnings("unchecked")
        T[] services = (T[]) Array.newInstance(type, COUNT);
        for (int w = 0; w < COUNT; w++) {
            services[w] = lookup(crew.get(w), name, type);
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
    private static void close(List<ServerProcess> started) throws Exception {
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
     * releases the crew (before the wait: a thread in a call to a hung
     * worker ends when its worker is closed; a shared crew lives on, see
     * {@link #release}), then waits for the pool's threads. Either may be
     * null (a set-up that failed early); stopping again does nothing.
     */
    static void stop(ExecutorService masters, SharedConnection<Crew> shared, Crew crew, String app)
            throws Exception {
        if (masters != null) {
            masters.shutdownNow();
        }
        try {
            release(shared, crew);
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
