/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import java.rmi.NoSuchObjectException;
import java.rmi.RemoteException;
import java.rmi.server.UnicastRemoteObject;
import java.util.concurrent.Phaser;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.grandejdk.bench.AverageTimeBench;
import org.grandejdk.bench.Lifecycle;
import org.grandejdk.bench.payload.Payloads;
import org.grandejdk.bench.rmi.apps.Hamming;
import org.grandejdk.bench.rmi.apps.Paraffins;
import org.grandejdk.bench.rmi.apps.Sor;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The RMI benchmark collection of Philippsen, Haumacher and Nester, "More
 * Efficient Serialization and RMI for Java", section 6.1: its kernels, a
 * remote call to a server in a second JVM on the loopback ({@link
 * PingServer}, started with this JVM's java, class path and RMI
 * properties), and its small applications, with several JVMs. Each
 * subclass is one configuration (which RMI, which serialization, which
 * technology), fixed by its fork's system properties, since RMI reads them
 * once per JVM:
 *
 * <ul>
 * <li>{@code ping}, {@code pingIntInt}, {@code pingIntIntFloatFloat}: void
 *     ping(), void ping(int, int), void ping(int, int, float, float);
 * <li>for every argument factory {@code payload} ({@link Payloads}: null,
 *     byte/int/float arrays of 50 to 20000 elements, 4 int, 4 int and 2
 *     null, 32 int, tree(15)): {@code voidPingObject}, void ping(obj);
 *     {@code pingObject}, obj ping(obj), which returns its argument;
 *     {@code voidPingpong} and {@code pingpong}, void/obj pingpong(obj):
 *     the server calls back a remote object exported by this JVM with the
 *     object (void pong(obj), obj pong(obj)) before both calls return;
 *     {@code star}, obj star(obj): {@value #STAR_CLIENTS} clients (threads
 *     of this JVM, more than this machine's 2 cores) meet at a barrier,
 *     then call obj ping(obj) on the one server at once; the score is one
 *     round, from the barrier until the last reply;
 * <li>{@code hamming}, {@code paraffins}, {@code sor}: the applications
 *     (org.grandejdk.bench.rmi.apps), a master in this JVM and workers in
 *     JVMs of their own.
 * </ul>
 *
 * <p>The set-up checks that both JVMs run the RMI and serialization the
 * class names (stub classes, properties, modules) and that every kernel
 * gives back an equal copy of every argument, and prints the configuration
 * as a line {@code rmi-config: CLASS ...}; a subclass may also check the
 * technology its calls run over ({@link #checkTechnology}).
 *
 * <p>Run in process ({@code -f 0}, the quick and smoke profiles of the
 * collection, with {@code -D}{@value SharedConnection#PROPERTY}{@code =true} on the
 * command line), every trial of the JVM shares one server, checked once,
 * which a shutdown hook ends; forked, each trial has its own.
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public abstract class RemoteCallBench extends AverageTimeBench {

    /** The clients of {@link #star}; more than this machine's 2 cores. */
    static final int STAR_CLIENTS = 3;

    /** The argument of the kernels that take an object. */
    @State(Scope.Benchmark)
    public static class Argument {
        @Param({"null",
                "byte50", "byte200", "byte500", "byte2000", "byte5000", "byte20000",
                "int50", "int200", "int500", "int2000", "int5000", "int20000",
                "float50", "float200", "float500", "float2000", "float5000", "float20000",
                "int4", "int4null2", "int32", "tree15"})
        public String payload;

        Object value;

        @Setup(Level.Trial)
        public void create() {
            value = Payloads.create(payload);
        }
    }

    /** The callback of pingpong, exported by this JVM. */
    static final class PongImpl implements Pong {
        volatile int calls;
        volatile Object last;

        @Override
        public Object pong(Object value) {
            calls++;   // one caller at a time: pingpong
            return value;
        }

        @Override
        public void voidPong(Object value) {
            last = value;
            calls++;
        }
    }

    /** A server JVM and this JVM's callback, set up and checked. */
    private static final class Connection implements AutoCloseable {
        private RmiServer<PingService> server;
        private PingService service;
        private PongImpl pong;

        /** Starts the server and checks every kernel against it (see the class comment). */
        static Connection open(RemoteCallBench configuration) throws Exception {
            Connection c = new Connection();
            Lifecycle.setUpOrTearDown(c::close, () -> {
                c.server = RmiServer.start(PingServer.class, PingServer.NAME, PingService.class,
                                           PingService::configuration);
                c.service = c.server.stub();
                String name = Lifecycle.configurationName(configuration);
                System.out.println("rmi-config: " + name + " " + c.server.configuration()
                        + " stub class " + c.service.getClass().getName());
                c.pong = new PongImpl();
                c.service.setPong((Pong) UnicastRemoteObject.exportObject(c.pong, 0));
                c.checkCalls();
                String technology = configuration.checkTechnology(c.service);
                if (technology != null) {
                    System.out.println("rmi-technology: " + name + " " + technology);
                }
            });
            return c;
        }

        /** Throws unless every kernel works and gives back an equal copy of what it sent. */
        private void checkCalls() throws RemoteException {
            for (int i = 0; i < 3; i++) {
                service.ping();
                service.ping(17, -42);
                service.ping(17, -42, 1.5f, -2.25f);
                for (String name : Payloads.COLLECTION) {
                    Object value = Payloads.create(name);
                    service.voidPing(value);
                    Payloads.checkCopy(value, service.ping(value), "ping(" + name + ")");
                    int before = pong.calls;
                    Payloads.checkCopy(value, service.pingpong(value), "pingpong(" + name + ")");
                    service.voidPingpong(value);
                    Payloads.checkCopy(value, pong.last, "void pingpong(" + name + ")");
                    if (pong.calls != before + 2) {
                        throw new IllegalStateException("pingpong and void pingpong did not call back "
                                + "once each but " + (pong.calls - before) + " times in all");
                    }
                }
            }
        }

        @Override
        public void close() throws Exception {
            PongImpl callback = pong;
            try {
                Lifecycle.closeAll(server, callback == null ? null : () -> {
                    try {
                        UnicastRemoteObject.unexportObject(callback, true);
                    } catch (NoSuchObjectException e) {
                        // Not exported: the set-up failed before.
                    }
                });
            } finally {
                server = null;
                pong = null;
            }
        }
    }

    /** The connection of every trial of this JVM on an in-process run, else of one trial. */
    private static final SharedConnection<Connection> CONNECTION = new SharedConnection<>("close-ping-server");

    private Connection connection;
    private PingService service;
    private StarClients starClients;

    // Fields, not constants, so that the JIT cannot fold them.
    private int a = 17;
    private int b = -42;
    private float x = 1.5f;
    private float y = -2.25f;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        connection = CONNECTION.open(() -> Connection.open(this));
        service = connection.service;
        starClients = new StarClients(service);
    }

    /**
     * For a configuration that names the technology its calls run over:
     * throws unless the calls of stub (after the set-up's first calls) run
     * over it, and returns it for the log line {@code rmi-technology: CLASS
     * TECHNOLOGY}. The default checks nothing and returns null (stock RMI,
     * and jdk.fastrmi on its default technologies). Overridden by classes
     * that may use image-only API (jdk.fastrmi.FastRMI.technology), so that
     * this class stays loadable on stock.
     */
    protected String checkTechnology(PingService stub) throws Exception {
        return null;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        try {
            Lifecycle.closeAll(starClients, CONNECTION.ownedByTrial(connection));
        } finally {
            starClients = null;
            connection = null;
        }
    }

    /**
     * The clients of {@link #star}: the benchmark thread and
     * {@value #STAR_CLIENTS} - 1 threads of this JVM, which meet at a
     * barrier (a phaser), call obj ping(obj) at once, and meet again when
     * every reply is in.
     */
    private static final class StarClients implements AutoCloseable {
        private final PingService service;
        private final Phaser phaser = new Phaser(STAR_CLIENTS);
        private final Thread[] threads = new Thread[STAR_CLIENTS - 1];
        private final AtomicReference<Throwable> failure = new AtomicReference<>();
        private Object argument;   // published to the threads by the phaser

        StarClients(PingService service) {
            this.service = service;
            for (int i = 0; i < threads.length; i++) {
                threads[i] = new Thread(this::serve, "star-client-" + (i + 1));
                threads[i].setDaemon(true);
                threads[i].start();
            }
        }

        private void serve() {
            // A negative phase: the phaser was terminated by close.
            while (phaser.arriveAndAwaitAdvance() >= 0) {
                try {
                    service.ping(argument);
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
                if (phaser.arriveAndAwaitAdvance() < 0) {
                    return;
                }
            }
        }

        /** One round: every client calls with value; returns the benchmark thread's reply. */
        Object round(Object value) throws RemoteException {
            argument = value;
            phaser.arriveAndAwaitAdvance();
            Object reply = service.ping(value);
            phaser.arriveAndAwaitAdvance();
            Throwable e = failure.get();
            if (e != null) {
                throw new IllegalStateException("a star client's call failed", e);
            }
            return reply;
        }

        @Override
        public void close() throws InterruptedException {
            phaser.forceTermination();
            for (Thread t : threads) {
                t.join();
            }
        }
    }

    @Benchmark
    public void ping() throws RemoteException {
        service.ping();
    }

    @Benchmark
    public void pingIntInt() throws RemoteException {
        service.ping(a, b);
    }

    @Benchmark
    public void pingIntIntFloatFloat() throws RemoteException {
        service.ping(a, b, x, y);
    }

    @Benchmark
    public void voidPingObject(Argument argument) throws RemoteException {
        service.voidPing(argument.value);
    }

    @Benchmark
    public Object pingObject(Argument argument) throws RemoteException {
        return service.ping(argument.value);
    }

    @Benchmark
    public void voidPingpong(Argument argument) throws RemoteException {
        service.voidPingpong(argument.value);
    }

    @Benchmark
    public Object pingpong(Argument argument) throws RemoteException {
        return service.pingpong(argument.value);
    }

    @Benchmark
    public Object star(Argument argument) throws RemoteException {
        return starClients.round(argument.value);
    }

    @Benchmark
    public Object hamming(Hamming.Run run) throws Exception {
        return run.solve();
    }

    @Benchmark
    public Object paraffins(Paraffins.Run run) throws Exception {
        return run.solve();
    }

    @Benchmark
    public Object sor(Sor.Run run) throws Exception {
        return run.solve();
    }
}
