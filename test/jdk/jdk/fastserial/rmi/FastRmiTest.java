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
 * @test id=fast
 * @summary Stock RMI on fast streams ("RMI + UKA" of Philippsen, Haumacher
 *          and Nester, "More Efficient Serialization and RMI for Java",
 *          section 3.7):
 *          with -Djdk.rmi.fastSerialization=true in both JVMs, an ordinary
 *          RMI client and server (registry and remote objects on the
 *          loopback, the server in a second JVM) pass primitives, strings,
 *          arrays, collections and a cyclic graph with sharing; a remote
 *          object passed as an argument or returned travels as its stub and
 *          calls back; a server exception arrives as itself, with its cause
 *          and field; a per-object filter rejects a class; unexported
 *          objects end in NoSuchObjectException. The calls provably use the
 *          fast streams: a FastSerializable argument and result are read
 *          with readFast on both ends, and every call's stream starts with
 *          the fast header on the wire. Class-defined writeObject/readObject
 *          methods see RMI's own stream classes, and a MarshalledObject
 *          keeps the JDK's format.
 * @modules java.rmi jdk.fastserial
 * @library /lib
 * @build grande.test.* grande.test.samples.* FastRmiShared FastRmiServer
 * @run main/othervm -Djdk.rmi.fastSerialization=true -Djava.rmi.server.hostname=127.0.0.1
 *      -Dsun.rmi.transport.tcp.responseTimeout=60000 FastRmiTest fast
 */

/*
 * @test id=stock
 * @summary Without the property (in both JVMs) RMI keeps the JDK's
 *          serialization: the same traffic works, the FastSerializable probe
 *          travels with ordinary serialization, and every call's stream
 *          starts with the JDK's header (ACED) on the wire.
 * @modules java.rmi jdk.fastserial
 * @library /lib
 * @build grande.test.* grande.test.samples.* FastRmiShared FastRmiServer
 * @run main/othervm -Djava.rmi.server.hostname=127.0.0.1
 *      -Dsun.rmi.transport.tcp.responseTimeout=60000 FastRmiTest stock
 */

/*
 * @test id=mismatch
 * @summary Both ends must agree: with the property in one JVM only, a call
 *          fails at once with an UnmarshalException caused by a
 *          StreamCorruptedException (the other format's header), in either
 *          direction, instead of hanging or misreading.
 * @modules java.rmi jdk.fastserial
 * @library /lib
 * @build grande.test.* grande.test.samples.* FastRmiShared FastRmiServer
 * @run main/othervm -Djdk.rmi.fastSerialization=true -Djava.rmi.server.hostname=127.0.0.1
 *      -Dsun.rmi.transport.tcp.responseTimeout=60000 FastRmiTest client-only
 * @run main/othervm -Djava.rmi.server.hostname=127.0.0.1
 *      -Dsun.rmi.transport.tcp.responseTimeout=60000 FastRmiTest server-only
 */

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.InvalidClassException;
import java.io.StreamCorruptedException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.rmi.MarshalledObject;
import java.rmi.NoSuchObjectException;
import java.rmi.ServerException;
import java.rmi.UnmarshalException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import grande.test.Command;
import grande.test.Echoes;
import grande.test.ServiceException;
import grande.test.samples.Ring;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class FastRmiTest {

    /** The client's remote object: adds 100, counts its calls. */
    static final class Adder implements FastRmiShared.Callback {
        final AtomicInteger calls = new AtomicInteger();

        @Override
        public int call(int x) {
            calls.incrementAndGet();
            return x + 100;
        }
    }

    public static void main(String[] args) throws Exception {
        // Whether the client and the server use fast serialization.
        boolean[] modes = switch (args[0]) {
            case "fast" -> new boolean[] {true, true};
            case "stock" -> new boolean[] {false, false};
            case "client-only" -> new boolean[] {true, false};
            case "server-only" -> new boolean[] {false, true};
            default -> throw new IllegalArgumentException(args[0]);
        };
        boolean fast = modes[0];
        expectEquals(fast, Boolean.getBoolean(FastRmiShared.PROPERTY), "the client's property");
        double factor = Double.parseDouble(System.getProperty("test.timeout.factor", "1"));
        long limitSeconds = (long) (90 * factor);

        Process server = startServer(modes[1], limitSeconds);
        try {
            CompletableFuture<Integer> port = pumpOutput(server);
            if (modes[0] == modes[1]) {
                run(fast, port.get(limitSeconds, TimeUnit.SECONDS));
            } else {
                mismatch(port.get(limitSeconds, TimeUnit.SECONDS));
            }
            server.getOutputStream().close();   // the server's signal to stop
            expect(server.waitFor(limitSeconds, TimeUnit.SECONDS), "the server exits");
            expectEquals(0, server.exitValue(), "the server's exit code");
        } finally {
            server.destroyForcibly();
        }
    }

    static Process startServer(boolean fast, long limitSeconds) throws IOException {
        List<String> cmd = Command.testJava();
        if (fast) {
            cmd.add("-D" + FastRmiShared.PROPERTY + "=true");
        }
        cmd.add("-Djava.rmi.server.hostname=" + FastRmiShared.HOST);
        cmd.add("-Dsun.rmi.transport.tcp.responseTimeout=60000");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("FastRmiServer");
        cmd.add(Long.toString(limitSeconds));
        System.out.println("server: " + String.join(" ", cmd));
        return new ProcessBuilder(cmd).redirectErrorStream(true).start();
    }

    /** Copies the server's output to ours; completes with the port it prints. */
    static CompletableFuture<Integer> pumpOutput(Process server) {
        CompletableFuture<Integer> port = new CompletableFuture<>();
        Thread pump = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(
                    new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    System.out.println("[server] " + line);
                    if (line.startsWith("PORT ")) {
                        port.complete(Integer.parseInt(line.substring(5)));
                    }
                }
                port.completeExceptionally(new IOException("the server ended before it was ready"));
            } catch (IOException e) {
                port.completeExceptionally(e);
            }
        });
        pump.setDaemon(true);
        pump.start();
        return port;
    }

    static void run(boolean fast, int port) throws Exception {
        Registry registry = LocateRegistry.getRegistry(FastRmiShared.HOST, port);
        var service = (FastRmiShared.Service) registry.lookup("service");
        var guarded = (FastRmiShared.Guarded) registry.lookup("guarded");
        expectEquals(fast, service.fastSerialization(), "the server's property");

        proveStreams(fast, service);
        primitives(service);
        strings(service);
        arraysAndGraphs(service);
        streamClasses(service);
        remoteObjects(service);
        marshalledObject(service);
        exceptions(service);
        filter(guarded);
        unexport(service);
    }

    /** One end fast, the other not: the first call fails on the stream header. */
    static void mismatch(int port) throws Exception {
        Registry registry = LocateRegistry.getRegistry(FastRmiShared.HOST, port);
        try {
            registry.lookup("service");
            throw new AssertionError("a lookup between a fast and a stock JVM succeeded");
        } catch (UnmarshalException e) {
            expectEquals(StreamCorruptedException.class, e.getCause().getClass(), "the cause: " + e.getCause());
            expect(e.getCause().getMessage().contains("stream header"),
                   "the header was refused: " + e.getCause().getMessage());
        }
    }

    /** readFast runs only on what writeFast wrote; the wire shows the header. */
    static void proveStreams(boolean fast, FastRmiShared.Service service) throws Exception {
        FastRmiShared.Probe answer = service.probe(new FastRmiShared.Probe(41, false));
        expectEquals(42, answer.value(), "the probe's value");
        expectEquals(fast, answer.serverReadByFast(), "the server read the argument with readFast");
        expectEquals(fast, answer.readByFast(), "the client read the result with readFast");

        expect(FastRmiShared.RecordingClientSocketFactory.connections() > 0,
               "calls to the service went through the recording socket factory");
        expectEquals(fast, FastRmiShared.RecordingClientSocketFactory.sent((byte) 0x50, (byte) 0xFA, (byte) 0x57),
                     "a call (0x50) whose stream starts with the fast header FA57");
        expectEquals(!fast, FastRmiShared.RecordingClientSocketFactory.sent((byte) 0x50, (byte) 0xAC, (byte) 0xED),
                     "a call (0x50) whose stream starts with the JDK's header ACED");
    }

    static void primitives(FastRmiShared.Service service) throws Exception {
        Echoes.Expect.primitives(service);
    }

    static void strings(FastRmiShared.Service service) throws Exception {
        String big = "abc\u4e2d".repeat(40_000);   // larger than any stream buffer
        for (String s : new String[] {"", "ascii", "\u00e9\u4e2d\ud83d\ude00", "lone \ud800 surrogate", big}) {
            expect(s.equals(service.echoString(s)), "a string of " + s.length() + " chars");
        }
        expectEquals(null, service.echoString(null), "null string");
    }

    static void arraysAndGraphs(FastRmiShared.Service service) throws Exception {
        Random random = new Random(42);
        int[] ints = random.ints(100_000).toArray();
        byte[] bytes = new byte[300_000];
        random.nextBytes(bytes);
        double[][] doubles = {{Double.NaN, -0.0, 1e308}, {}, null, random.doubles(5000).toArray()};
        String[] strings = {null, "", "x", "\ud83d\ude00"};
        Object[] self = new Object[3];
        self[0] = self;
        self[1] = ints;
        self[2] = ints;

        expect(Arrays.equals(ints, (int[]) service.echo(ints)), "int[100000]");
        expect(Arrays.equals(bytes, (byte[]) service.echo(bytes)), "byte[300000]");
        expect(Arrays.deepEquals(doubles, (double[][]) service.echo(doubles)), "double[][] with NaN, -0.0, null");
        expect(Arrays.equals(strings, (String[]) service.echo(strings)), "String[] with null");
        Object[] selfBack = (Object[]) service.echo(self);
        expect(selfBack[0] == selfBack && selfBack[1] == selfBack[2] && Arrays.equals(ints, (int[]) selfBack[1]),
               "an array that contains itself, and a shared element");

        Map<String, Object> map = new HashMap<>();
        map.put("list", new ArrayList<>(List.of(1, 2, 3)));
        map.put("linked", new LinkedList<>(List.of("a", "b")));
        map.put("tree", new TreeMap<>(Map.of(3, "three", 1, "one")));
        map.put("null", null);
        expectEquals(map, service.echo(map), "HashMap of collections");

        Ring ring = Ring.of(50);
        String shape = Ring.describe(ring);
        expect(shape.startsWith("ring of 50, closed, linked, 2 payloads"), "the ring's shape: " + shape);
        expectEquals(shape, service.describeRing(ring), "the ring as the server read it");
        expectEquals(shape, Ring.describe((Ring) service.echo(ring)),
                     "the ring as the server wrote it back");
    }

    /** Class-defined methods receive RMI's own streams (LiveRef depends on it). */
    static void streamClasses(FastRmiShared.Service service) throws Exception {
        List<String> expected = List.of("sun.rmi.transport.ConnectionOutputStream",
                                        "sun.rmi.transport.ConnectionInputStream");
        expectEquals(expected, List.of(service.spy(new FastRmiShared.StreamSpy(7))),
                     "the streams of writeObject (client) and readObject (server)");
        var back = (FastRmiShared.StreamSpy) service.echo(new FastRmiShared.StreamSpy(8));
        expectEquals(8, back.payload(), "the spy's payload");
        expectEquals(expected, List.of(back.writtenBy(), back.readBy()),
                     "the streams of writeObject (server) and readObject (client)");
    }

    static void remoteObjects(FastRmiShared.Service service) throws Exception {
        Adder adder = new Adder();
        var adderStub = (FastRmiShared.Callback) UnicastRemoteObject.exportObject(
                adder, 0, null, new FastRmiShared.LoopbackServerSocketFactory());
        try {
            // The exported object itself as the argument: replaced by its stub.
            expectEquals(100 + 101 + 102 + 103 + 104, service.callBack(adder, 5),
                         "the server called the client's object back through its stub");
            expectEquals(5, adder.calls.get(), "calls the client's object received");
            expectEquals(100, service.callBack(adderStub, 1), "the stub itself as the argument");

            FastRmiShared.Callback doubler = service.serverCallback();
            expect(Proxy.isProxyClass(doubler.getClass()), "the server's remote object arrives as a stub");
            expectEquals(42, doubler.call(21), "a call to the server's remote object");
        } finally {
            UnicastRemoteObject.unexportObject(adder, true);
        }
        try {
            service.callBack(adderStub, 1);
            throw new AssertionError("a call back to an unexported object succeeded");
        } catch (ServerException e) {
            expectEquals(NoSuchObjectException.class, e.getCause().getClass(),
                         "the server's call back to the unexported object: " + e.getCause());
        }
    }

    static void marshalledObject(FastRmiShared.Service service) throws Exception {
        var mo = new MarshalledObject<>(new FastRmiShared.Probe(1, false));
        expect(!mo.get().readByFast(), "a MarshalledObject holds the JDK's format");
        expectEquals(false, service.unwrapProbe(mo), "a MarshalledObject unwrapped on the server");
    }

    static void exceptions(FastRmiShared.Service service) throws Exception {
        try {
            service.fail("refused", 7);
            throw new AssertionError("fail() returned");
        } catch (ServiceException e) {
            expectEquals("refused", e.getMessage(), "the exception's message");
            expectEquals(7, e.code(), "the exception's field");
            expectEquals(IllegalStateException.class, e.getCause().getClass(), "the exception's cause");
            expectEquals("cause of refused", e.getCause().getMessage(), "the cause's message");
            expect(Arrays.stream(e.getStackTrace()).anyMatch(f -> f.getClassName().equals("FastRmiServer$ServiceImpl")
                                                                && f.getMethodName().equals("fail")),
                   "the exception's stack trace has the server's frames");
        }
        try {
            service.failUnchecked("bad argument");
            throw new AssertionError("failUnchecked() returned");
        } catch (IllegalArgumentException e) {
            expectEquals(IllegalArgumentException.class, e.getClass(), "a runtime exception arrives as itself");
            expectEquals("bad argument", e.getMessage(), "its message");
        }
    }

    /** The filter the object was exported with applies to its arguments. */
    static void filter(FastRmiShared.Guarded guarded) throws Exception {
        expectEquals("accepted java.lang.String", guarded.accept("hello"), "an allowed argument");
        try {
            guarded.accept(new FastRmiShared.Forbidden());
            throw new AssertionError("the filter let Forbidden through");
        } catch (ServerException e) {
            Throwable unmarshal = e.getCause();
            expectEquals(UnmarshalException.class, unmarshal.getClass(), "the server's exception: " + unmarshal);
            Throwable rejected = unmarshal.getCause();
            expectEquals(InvalidClassException.class, rejected.getClass(), "its cause: " + rejected);
            expect(rejected.getMessage().contains("REJECTED"), "the filter rejected it: " + rejected.getMessage());
        }
        expectEquals("accepted java.lang.Integer", guarded.accept(5), "an allowed argument after the rejection");
    }

    static void unexport(FastRmiShared.Service service) throws Exception {
        service.unexport();
        try {
            service.echoInt(1);
            throw new AssertionError("a call to an unexported object succeeded");
        } catch (NoSuchObjectException e) {
            expectEquals(NoSuchObjectException.class, e.getClass(), "a call to the unexported service");
        }
    }
}
