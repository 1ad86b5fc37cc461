/*
 * GrandeJDK benchmarks.
 */
package org.grandejdk.bench.rmi;

import java.rmi.NoSuchObjectException;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The two-node kernels of seed 000 section 6.1, a remote call to a server
 * in a second JVM on the loopback ({@link PingServer}, started by the
 * set-up with this JVM's java, class path and RMI properties, and ended by
 * the tear-down). Each subclass is one configuration (which RMI, which
 * serialization), fixed by its fork's system properties, since RMI reads
 * them once per JVM:
 *
 * <ul>
 * <li>{@code ping}, {@code pingIntInt}, {@code pingIntIntFloatFloat}: void
 *     ping(), ping(int, int), ping(int, int, float, float);
 * <li>{@code pingObject}: Object ping(Object), which returns its argument,
 *     for each {@code payload}: {@code int32} (32 int fields),
 *     {@code int4null2} (4 int fields and 2 null references),
 *     {@code tree15} (a balanced binary tree of 15 nodes of 4 ints),
 *     {@code float50}, {@code float5000};
 * <li>{@code pingpong}: Object pingpong(Object) with the 32-int object: the
 *     server calls back a remote object exported by this JVM, which
 *     returns the object, before both calls return;
 * <li>{@code star}: {@value #STAR_CLIENTS} client threads call Object
 *     ping(Object) with the 32-int object on the one server at once
 *     (seed 000's star, the clients as threads of one JVM sharing one stub);
 *     the score is the time of one call as each client sees it.
 * </ul>
 *
 * <p>The set-up checks that both JVMs run the RMI and serialization the
 * class names (stub classes, properties, modules) and that every call gives
 * back an equal copy of what it sent, and prints the configuration as a
 * line {@code rmi-config: CLASS ...}; a subclass may also check the
 * technology its calls run over ({@link #checkTechnology}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public abstract class RemoteCallBench {

    /** The client threads of {@link #star}; more than this machine's 2 cores. */
    static final int STAR_CLIENTS = 3;

    /** The argument of {@link #pingObject}. */
    @State(Scope.Benchmark)
    public static class Argument {
        @Param({"int32", "int4null2", "tree15", "float50", "float5000"})
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

        @Override
        public Object pong(Object value) {
            calls++;   // one caller at a time: pingpong
            return value;
        }
    }

    private ServerProcess server;
    private PingService service;
    private PongImpl pong;
    private Object int32;

    // Fields, not constants, so that the JIT cannot fold them.
    private int a = 17;
    private int b = -42;
    private float x = 1.5f;
    private float y = -2.25f;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        try {
            server = ServerProcess.start(PingServer.class);
            Registry registry = LocateRegistry.getRegistry("127.0.0.1", server.port());
            service = (PingService) registry.lookup(PingServer.NAME);
            RmiConfiguration.check("client", service);
            String client = RmiConfiguration.describe(service);
            String remote = service.configuration();
            if (!client.equals(remote)) {
                throw new IllegalStateException("the client and the server run different RMI: "
                        + "client " + client + ", server " + remote);
            }
            System.out.println("rmi-config: " + configurationName() + " " + client
                    + " stub class " + service.getClass().getName());
            pong = new PongImpl();
            service.setPong((Pong) UnicastRemoteObject.exportObject(pong, 0));
            int32 = Payloads.create("int32");
            checkCalls();
            String technology = checkTechnology(service);
            if (technology != null) {
                System.out.println("rmi-technology: " + configurationName() + " " + technology);
            }
        } catch (Exception | Error e) {
            try {
                tearDown();
            } catch (Exception | Error suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /** Throws unless every call works and gives back an equal copy of what it sent. */
    private void checkCalls() throws RemoteException {
        for (int i = 0; i < 3; i++) {
            service.ping();
            service.ping(a, b);
            service.ping(a, b, x, y);
            for (String name : Payloads.NAMES) {
                Object value = Payloads.create(name);
                Payloads.checkCopy(value, service.ping(value), "ping(" + name + ")");
            }
            int before = pong.calls;
            Payloads.checkCopy(int32, service.pingpong(int32), "pingpong");
            if (pong.calls != before + 1) {
                throw new IllegalStateException("pingpong did not call back once but "
                        + (pong.calls - before) + " times");
            }
        }
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

    /** The simple name of the subclass that is the configuration (not JMH's). */
    private String configurationName() {
        Class<?> c = getClass();
        while (c.getSuperclass() != RemoteCallBench.class) {
            c = c.getSuperclass();
        }
        return c.getSimpleName();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        try {
            if (server != null) {
                server.close();
            }
        } finally {
            server = null;
            if (pong != null) {
                try {
                    UnicastRemoteObject.unexportObject(pong, true);
                } catch (NoSuchObjectException e) {
                    // Not exported: the set-up failed before.
                }
                pong = null;
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
    public Object pingObject(Argument argument) throws RemoteException {
        return service.ping(argument.value);
    }

    @Benchmark
    public Object pingpong() throws RemoteException {
        return service.pingpong(int32);
    }

    @Benchmark
    @Threads(STAR_CLIENTS)
    public Object star() throws RemoteException {
        return service.ping(int32);
    }
}
