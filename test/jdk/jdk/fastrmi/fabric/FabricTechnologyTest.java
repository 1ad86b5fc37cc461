/*
 * Copyright (c) 2026, GrandeJDK contributors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.
 *
 * This code is distributed in the hope that it will be useful, but WITHOUT
 * ANY WARRANTY; without even the implied warranty of MERCHANTABILITY or
 * FITNESS FOR A PARTICULAR PURPOSE.  See the GNU General Public License
 * version 2 for more details (a copy is included in the LICENSE file that
 * accompanied this code).
 *
 * You should have received a copy of the GNU General Public License version
 * 2 along with this work; if not, write to the Free Software Foundation,
 * Inc., 51 Franklin St, Fifth Floor, Boston, MA 02110-1301 USA.
 */

/*
 * @test id=shm-fast
 * @summary The fabric technology of jdk.fastrmi between two JVMs on
 *          127.0.0.1: FastRMI.technology names what the stubs use (both
 *          ways: the server's stub of a client object too), "local" for an
 *          object of this JVM, "tcp" for a server without the fabric; byte[]
 *          round trips of 0, 1 and around the 64 KiB eager limit, 1 MiB,
 *          5 MiB + 3 (the 1 MiB chunks), float[5000] and object graphs with
 *          sharing, as argument and as result, in calls from the client and
 *          calls back from the server; four client threads, each on its own
 *          connection, checking every result. The test JVM and the server
 *          run with --illegal-native-access=deny: jdk.fastrmi has native
 *          access without --enable-native-access.
 * @modules java.rmi jdk.fastrmi
 * @library /lib ..
 * @build grande.test.* GraphNode
 * @run main/othervm/timeout=300 --illegal-native-access=deny -Djava.rmi.provider=fastrmi
 *      -Djava.rmi.server.hostname=127.0.0.1 -Dtest.fastrmi.technology=fabric:shm
 *      FabricTechnologyTest --illegal-native-access=deny
 */

/*
 * @test id=shm-jdk
 * @summary The same with -Djdk.fastrmi.serialization=jdk (another send path:
 *          a byte[] copied into the registered buffer).
 * @modules java.rmi jdk.fastrmi
 * @library /lib ..
 * @build grande.test.* GraphNode
 * @run main/othervm/timeout=300 --illegal-native-access=deny -Djava.rmi.provider=fastrmi
 *      -Djava.rmi.server.hostname=127.0.0.1 -Djdk.fastrmi.serialization=jdk
 *      -Dtest.fastrmi.technology=fabric:shm FabricTechnologyTest --illegal-native-access=deny
 */

/*
 * @test id=tcp-ofi_rxm
 * @summary The same over libfabric's TCP provider (needs FI_TCP_IFACE=lo),
 *          in both serialization modes.
 * @modules java.rmi jdk.fastrmi
 * @library /lib ..
 * @build grande.test.* GraphNode
 * @run main/othervm/timeout=300 -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.fabric.local=tcp;ofi_rxm -Dtest.fastrmi.technology=fabric:tcp;ofi_rxm
 *      FabricTechnologyTest
 * @run main/othervm/timeout=300 -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.serialization=jdk
 *      -Djdk.fastrmi.fabric.local=tcp;ofi_rxm -Dtest.fastrmi.technology=fabric:tcp;ofi_rxm
 *      FabricTechnologyTest
 */

/*
 * @test id=tcp
 * @summary The same on plain tcp: chosen with jdk.fastrmi.technologies=tcp,
 *          and taken when libfastfabric is missing (a library path that
 *          does not exist leaves the fabric out).
 * @modules java.rmi jdk.fastrmi
 * @library /lib ..
 * @build grande.test.* GraphNode
 * @run main/othervm/timeout=300 -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.technologies=tcp -Dtest.fastrmi.technology=tcp FabricTechnologyTest
 * @run main/othervm/timeout=300 -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.fabric.library=/nonexistent/libfastfabric.so -Dtest.fastrmi.technology=tcp
 *      FabricTechnologyTest
 */

/*
 * @test id=xint
 * @summary The same over shm with small counts, both JVMs interpreted
 *          (-Xint), in both serialization modes.
 * @modules java.rmi jdk.fastrmi
 * @library /lib ..
 * @build grande.test.* GraphNode
 * @run main/othervm/timeout=400 -Xint -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Dtest.fastrmi.technology=fabric:shm FabricTechnologyTest -Xint
 * @run main/othervm/timeout=400 -Xint -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.serialization=jdk -Dtest.fastrmi.technology=fabric:shm FabricTechnologyTest -Xint
 */

/*
 * @test id=xcomp
 * @summary The same over shm with small counts, both JVMs compiling every
 *          method first (-Xcomp).
 * @modules java.rmi jdk.fastrmi
 * @library /lib ..
 * @build grande.test.* GraphNode
 * @run main/othervm/timeout=600 -Xcomp -XX:CompileCommand=quiet -Djava.rmi.provider=fastrmi
 *      -Djava.rmi.server.hostname=127.0.0.1 -Dtest.fastrmi.technology=fabric:shm
 *      FabricTechnologyTest -Xcomp -XX:CompileCommand=quiet
 */

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import grande.test.ChildJvm;

import jdk.fastrmi.FastRMI;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

/*
 * The test JVM is the client; its @run line configures both JVMs (ChildJvm
 * passes every jdk.fastrmi.* property on), its arguments are extra VM
 * options of the server.
 */
public class FabricTechnologyTest {

    /** The first message of a frame longer than this goes with more (FabricTransport.EAGER). */
    static final int EAGER = 64 * 1024;
    /** The size of the later messages of a long frame (FabricTransport.CHUNK). */
    static final int CHUNK = 1 << 20;
    static final int THREADS = 4;

    public interface Sink extends Remote {
        byte[] echoBytes(byte[] b) throws RemoteException;

        int hash(byte[] b) throws RemoteException;
    }

    public interface Service extends Sink {
        byte[] make(int size, long seed) throws RemoteException;

        float[] echoFloats(float[] f) throws RemoteException;

        Object echoObject(Object o) throws RemoteException;

        String shape(GraphNode root) throws RemoteException;

        GraphNode sample(int size, long seed) throws RemoteException;

        /** Calls sink back with make(size, seed): true if its echo and hash were right. */
        boolean push(Sink sink, int size, long seed) throws RemoteException;

        /** A graph sent to sink's echoObject: true if it came back deeply equal. */
        boolean pushGraph(Sink sink, int size, long seed) throws RemoteException;

        /** FastRMI.technology of a stub, in the server. */
        String technologyOf(Remote stub) throws RemoteException;

        /** Waits until parties calls wait here; the name of the thread serving this call. */
        String rendezvous(long timeoutMillis) throws RemoteException;
    }

    /** Also a Sink: the server's echoObject of pushGraph. */
    public interface GraphSink extends Sink {
        Object echoObject(Object o) throws RemoteException;
    }

    static byte[] bytes(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    public static class SinkImpl implements GraphSink {
        @Override
        public byte[] echoBytes(byte[] b) {
            return b;
        }

        @Override
        public int hash(byte[] b) {
            return Arrays.hashCode(b);
        }

        @Override
        public Object echoObject(Object o) {
            return o;
        }
    }

    public static final class ServiceImpl extends SinkImpl implements Service {
        private final CyclicBarrier barrier = new CyclicBarrier(THREADS);

        @Override
        public byte[] make(int size, long seed) {
            return bytes(size, seed);
        }

        @Override
        public float[] echoFloats(float[] f) {
            return f;
        }

        @Override
        public String shape(GraphNode root) {
            return GraphNode.shape(root);
        }

        @Override
        public GraphNode sample(int size, long seed) {
            return GraphNode.sample(size, seed);
        }

        @Override
        public boolean push(Sink sink, int size, long seed) throws RemoteException {
            byte[] b = bytes(size, seed);
            return Arrays.equals(b, sink.echoBytes(b)) && sink.hash(b) == Arrays.hashCode(b);
        }

        @Override
        public boolean pushGraph(Sink sink, int size, long seed) throws RemoteException {
            GraphNode root = GraphNode.sample(size, seed);
            Object back = ((GraphSink) sink).echoObject(root);
            return back instanceof GraphNode g && back != root && GraphNode.shape(g).equals(GraphNode.shape(root));
        }

        @Override
        public String technologyOf(Remote stub) {
            return FastRMI.technology(stub);
        }

        @Override
        public String rendezvous(long timeoutMillis) {
            try {
                barrier.await(timeoutMillis, TimeUnit.MILLISECONDS);
            } catch (InterruptedException | BrokenBarrierException | TimeoutException e) {
                throw new IllegalStateException("not all " + THREADS + " calls arrived together", e);
            }
            return Thread.currentThread().getName();
        }
    }

    /** The server program: a registry with "service"; "stop" ends it. */
    public static final class Server {
        public static void main(String[] args) throws Exception {
            ChildJvm.serveUntilStop("service", new ServiceImpl(), 600);
        }
    }

    /** Small counts in an interpreted or compile-everything JVM. */
    static final boolean SMALL = !System.getProperty("java.vm.info", "").contains("mixed mode");

    public static void main(String[] args) throws Exception {
        String expected = System.getProperty(ChildJvm.TECHNOLOGY);
        expect(expected != null, "the @run line sets " + ChildJvm.TECHNOLOGY);
        if (expected.contains("tcp;ofi_rxm")) {
            grande.test.Checks.requiredEnv("FI_TCP_IFACE");   // libfabric's tcp on loopback
        }
        System.out.println("technology " + expected + ", serialization "
                           + System.getProperty("jdk.fastrmi.serialization", "(default)")
                           + ", " + System.getProperty("java.vm.info") + (SMALL ? ": small counts" : ""));
        List<String> serverOptions = List.of(args);
        long start = System.nanoTime();
        try (ChildJvm server = ChildJvm.startServer("FabricTechnologyTest$Server", serverOptions)) {
            Registry registry = server.registry();
            Service service = server.lookup("service");
            expectEquals(expected, FastRMI.technology(service), "FastRMI.technology of the server's stub");

            SinkImpl sink = new SinkImpl();
            GraphSink sinkStub = (GraphSink) UnicastRemoteObject.exportObject(sink, 0);
            try {
                local(registry, sink, sinkStub);
                expectEquals(expected, service.technologyOf(sinkStub),
                             "FastRMI.technology, in the server, of its stub of a client object");
                byteArrays(service, sinkStub);
                floatsAndGraphs(service, sinkStub);
                threads(service);
            } finally {
                UnicastRemoteObject.unexportObject(sink, true);
            }
            server.stop(60);
            expect(!server.printed("WARNING: A restricted method"),
                   "the server printed no warning about restricted methods");
        }
        if (!SMALL && expected.startsWith("fabric:")) {
            serverWithoutFabric();
        }
        System.out.printf("done in %d ms%n", TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
    }

    /** An object of this JVM: "local", also when its stub comes back from the server's registry. */
    static void local(Registry registry, SinkImpl sink, Sink sinkStub) throws Exception {
        expectEquals("local", FastRMI.technology(sinkStub), "FastRMI.technology of a stub of this JVM's object");
        registry.bind("client-sink", sinkStub);
        try {
            Sink back = (Sink) registry.lookup("client-sink");
            expectEquals("local", FastRMI.technology(back),
                         "FastRMI.technology of this JVM's object's stub from the server's registry");
            byte[] b = bytes(100, 1);
            expect(Arrays.equals(b, back.echoBytes(b)), "a call through it");
        } finally {
            registry.unbind("client-sink");
        }
    }

    /** The sizes of byte[] in one direction. */
    static List<Integer> sizes() {
        TreeSet<Integer> sizes = new TreeSet<>(List.of(0, 1, CHUNK, 5 * CHUNK + 3));
        for (int n = EAGER - 5; n <= EAGER + 4; n++) {
            sizes.add(n);                       // 65531..65540, as asked
        }
        if (!SMALL) {
            // the frame holds a call header and the array's header too: sweep past the limit
            for (int n = EAGER - 160; n <= EAGER + 16; n++) {
                sizes.add(n);
            }
            for (int n : new int[] {2 * EAGER, EAGER + CHUNK - 64, EAGER + CHUNK, EAGER + CHUNK + 64, 3 * CHUNK}) {
                sizes.add(n);
            }
        }
        return List.copyOf(sizes);
    }

    static void byteArrays(Service service, Sink sinkStub) throws Exception {
        List<Integer> sizes = sizes();
        for (int size : sizes) {
            long seed = 1000L + size;
            byte[] b = bytes(size, seed);
            byte[] back = service.echoBytes(b);
            if (!Arrays.equals(b, back)) {
                throw new AssertionError("byte[" + size + "] came back as " + describe(b, back));
            }
            check(Arrays.hashCode(b) == service.hash(b), "the server's hash of a byte[" + size + "] argument");
            byte[] made = service.make(size, seed);
            if (!Arrays.equals(b, made)) {
                throw new AssertionError("byte[" + size + "] made by the server arrived as " + describe(b, made));
            }
            check(service.push(sinkStub, size, seed), "a byte[" + size + "] sent by the server in a call back");
        }
        System.out.println("ok: byte[] of " + sizes.size() + " sizes from 0 to " + sizes.getLast()
                           + " as argument and result, in calls and in calls back");
    }

    static String describe(byte[] expected, byte[] actual) {
        if (actual == null) {
            return "null";
        }
        if (actual.length != expected.length) {
            return "an array of " + actual.length;
        }
        return "an array that differs first at " + Arrays.mismatch(expected, actual);
    }

    static void floatsAndGraphs(Service service, GraphSink sinkStub) throws Exception {
        float[] f = new float[5000];
        Random random = new Random(5);
        for (int i = 0; i < f.length; i++) {
            f[i] = random.nextFloat() * 1e6f - 5e5f;
        }
        f[0] = Float.NaN;
        f[1] = -0.0f;
        f[2] = Float.MIN_VALUE;
        f[3] = Float.NEGATIVE_INFINITY;
        float[] fb = service.echoFloats(f);
        expect(fb != f && Arrays.equals(f, fb), "float[5000] as argument and result");

        int[] graphSizes = SMALL ? new int[] {2, 100} : new int[] {2, 100, 400};
        for (int size : graphSizes) {
            GraphNode root = GraphNode.sample(size, size);
            String shape = GraphNode.shape(root);
            expect(shape.equals(service.shape(root)),
                   "a graph of " + size + " nodes as an argument (" + shape.length() + " chars of shape)");
            Object back = service.echoObject(root);
            expect(back instanceof GraphNode g && g != root && shape.equals(GraphNode.shape(g)),
                   "the graph of " + size + " nodes as argument and result, deeply equal with its sharing");
            expect(shape.equals(GraphNode.shape(service.sample(size, size))),
                   "a graph of " + size + " nodes built by the server");
            expect(service.pushGraph(sinkStub, size, size + 1),
                   "a graph of " + size + " nodes sent by the server in a call back and returned");
        }
        // many graphs in one frame (longer than EAGER when not SMALL); serialization recurses
        // along a graph's long path, so a larger one would need a deeper stack
        int count = SMALL ? 3 : 12;
        Object[] graphs = new Object[count + 1];
        for (int i = 0; i < count; i++) {
            graphs[i] = GraphNode.sample(300, 100 + i);
        }
        graphs[count] = graphs[0];
        Object[] graphsBack = (Object[]) service.echoObject(graphs);
        check(graphsBack.length == graphs.length && graphsBack[count] == graphsBack[0],
              "an Object[] of graphs came back with its sharing");
        for (int i = 0; i < count; i++) {
            check(GraphNode.shape((GraphNode) graphs[i]).equals(GraphNode.shape((GraphNode) graphsBack[i])),
                  "graph " + i + " of the Object[] came back deeply equal");
        }
        System.out.println("ok: an Object[] of " + count + " graphs of 300 nodes, one of them twice");

        Object[] shared = {f, f, "x", null};
        shared[3] = shared;
        Object[] sb = (Object[]) service.echoObject(shared);
        expect(sb[0] == sb[1] && sb[3] == sb && Arrays.equals(f, (float[]) sb[0]),
               "an Object[] with a shared float[] and itself");
    }

    /**
     * Four threads make calls at once: each first waits in the server until
     * all four are there (so each has a connection, and a server thread, of
     * its own), then makes many calls of mixed sizes, checking each result.
     */
    static void threads(Service service) throws Exception {
        int calls = SMALL ? 10 : 300;
        ExecutorService pool = Executors.newFixedThreadPool(THREADS, task -> {
            Thread t = new Thread(task, "client-thread");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<String>> futures = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                futures.add(pool.submit(() -> {
                    String served = service.rendezvous(TimeUnit.SECONDS.toMillis(ChildJvm.seconds(30)));
                    Random random = new Random(thread);
                    for (int i = 0; i < calls; i++) {
                        int size = switch (i % 5) {
                            case 0, 1 -> random.nextInt(200);
                            case 2, 3 -> EAGER - 200 + random.nextInt(400);
                            default -> i % 25 == 4 ? 300_000 + random.nextInt(2 * CHUNK) : random.nextInt(20_000);
                        };
                        byte[] b = bytes(size, thread * 100_000L + i);
                        byte[] back = service.echoBytes(b);
                        if (!Arrays.equals(b, back)) {
                            throw new AssertionError("thread " + thread + ", call " + i + ": byte[" + size
                                                     + "] came back as " + describe(b, back));
                        }
                        if (i % 10 == 0) {
                            String s = "t" + thread + "-" + i;
                            check(s.equals(service.echoObject(s)), "thread " + thread + ", a string echo");
                        }
                    }
                    return served;
                }));
            }
            List<String> servedBy = new ArrayList<>();
            for (Future<String> f : futures) {
                servedBy.add(f.get(ChildJvm.seconds(SMALL ? 300 : 120), TimeUnit.SECONDS));
            }
            expectEquals(THREADS, new TreeSet<>(servedBy).size(),
                         "the server threads that served the four threads' calls at once " + servedBy);
            System.out.println("ok: " + THREADS + " threads made " + calls + " checked calls each");
        } finally {
            pool.shutdownNow();
        }
    }

    /** This JVM's fabric and a server without it (its library missing) meet on tcp. */
    static void serverWithoutFabric() throws Exception {
        try (ChildJvm server = ChildJvm.start("server-without-fabric",
                                              List.of("-Djdk.fastrmi.fabric.library=/nonexistent/libfastfabric.so"),
                                              "FabricTechnologyTest$Server")) {
            int port = server.awaitPort();
            Service service = (Service) LocateRegistry.getRegistry(ChildJvm.HOST, port).lookup("service");
            expectEquals("tcp", FastRMI.technology(service),
                         "FastRMI.technology of the stub of a server whose libfastfabric is missing");
            byte[] b = bytes(5 * CHUNK + 3, 9);
            expect(Arrays.equals(b, service.echoBytes(b)), "a byte[5 MiB + 3] round trip with it");
            server.send("stop");
            expectEquals(0, server.awaitExit(60), "its exit code");
        }
    }

    static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError("expected: " + what);
        }
    }
}
