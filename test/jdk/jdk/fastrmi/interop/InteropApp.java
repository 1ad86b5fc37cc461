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

import java.io.Serializable;
import java.rmi.NoSuchObjectException;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.rmi.server.Unreferenced;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An RMI server and client written against the stock API only (Java 17
 * source, no test library), for the interoperability matrix of
 * InteropTest: each runs on a stock JDK, on the image without a provider,
 * or on the image with jdk.fastrmi.
 *
 * <p>Server: {@code InteropApp server PORT} creates a registry on PORT,
 * binds a Hub, prints {@code READY <runtime>} and runs until its input
 * ends; it prints {@code UNREFERENCED <name>} when a counter's
 * {@code unreferenced()} runs. Client: {@code InteropApp client PORT
 * EXPECTED-SERVER-RUNTIME} runs every check against the server at PORT,
 * prints {@code CHECK <name>} after each and {@code HELD} after holding the
 * counter "dgc" for three seconds, then exits 0; any failure exits 1.
 */
public class InteropApp {

    public interface Counter extends Remote {
        int increment(int by) throws RemoteException;
    }

    public interface Listener extends Remote {
        int onEvent(String topic, int value) throws RemoteException;
    }

    public static class InteropException extends Exception {
        private static final long serialVersionUID = 1L;

        public InteropException(String message) {
            super(message);
        }
    }

    /** A graph passed by value: shared nodes and a cycle. */
    public static class Node implements Serializable {
        private static final long serialVersionUID = 1L;
        final String name;
        final double[] weights;
        final List<Node> next = new ArrayList<>();

        Node(String name, double... weights) {
            this.name = name;
            this.weights = weights;
        }

        /* The graph's shape and contents, sharing shown by first-visit indexes. */
        String describe() {
            StringBuilder sb = new StringBuilder();
            describe(this, new IdentityHashMap<>(), sb);
            return sb.toString();
        }

        private static void describe(Node n, Map<Node, Integer> seen, StringBuilder sb) {
            Integer at = seen.get(n);
            if (at != null) {
                sb.append('@').append(at);
                return;
            }
            seen.put(n, seen.size());
            sb.append('(').append(n.name).append(Arrays.toString(n.weights));
            for (Node m : n.next) {
                describe(m, seen, sb);
            }
            sb.append(')');
        }

        static Node sample() {
            Node a = new Node("a", 1.5, -0.0, Double.NaN);
            Node b = new Node("b", 2.25);
            Node c = new Node("c");
            a.next.add(b);
            a.next.add(c);
            b.next.add(c);      // c shared
            c.next.add(a);      // a cycle
            return a;
        }
    }

    public interface Hub extends Remote {
        /** The server's runtime: "PROVIDER JAVA-VERSION-FEATURE". */
        String runtime() throws RemoteException;

        Node echo(Node graph) throws RemoteException;

        /** Calls l.onEvent(topic, i) for i = 0..n-1 during the call; the sum of the answers. */
        int publish(Listener l, String topic, int n) throws RemoteException;

        /** A new counter exported by the server, known by name. */
        Counter newCounter(String name) throws RemoteException;

        /** Calls c.increment(by), wherever c lives. */
        int incrementThere(Counter c, int by) throws RemoteException;

        /** Whether c names the counter the server calls name (a reference that came back). */
        boolean isCounter(Counter c, String name) throws RemoteException;

        void fail(String message) throws RemoteException, InteropException;

        void failUnchecked(String message) throws RemoteException;

        void unexport(String name) throws RemoteException;
    }

    static String runtimeOfThisJvm() {
        return System.getProperty("java.rmi.provider", "jrmp") + " " + Runtime.version().feature();
    }

    static final class CounterImpl implements Counter, Unreferenced {
        private final String name;
        private final AtomicInteger value = new AtomicInteger();

        CounterImpl(String name) {
            this.name = name;
        }

        @Override
        public int increment(int by) {
            return value.addAndGet(by);
        }

        @Override
        public void unreferenced() {
            System.out.println("UNREFERENCED " + name);
        }
    }

    static final class ListenerImpl implements Listener {
        private final AtomicInteger events;

        ListenerImpl(AtomicInteger events) {
            this.events = events;
        }

        @Override
        public int onEvent(String topic, int value) {
            events.incrementAndGet();
            return topic.length() * value;
        }
    }

    static final class HubImpl implements Hub {
        private final Map<String, CounterImpl> counters = new ConcurrentHashMap<>();
        private final Map<String, Counter> stubs = new ConcurrentHashMap<>();

        @Override
        public String runtime() {
            return runtimeOfThisJvm();
        }

        @Override
        public Node echo(Node graph) {
            return graph;
        }

        @Override
        public int publish(Listener l, String topic, int n) throws RemoteException {
            int sum = 0;
            for (int i = 0; i < n; i++) {
                sum += l.onEvent(topic, i);
            }
            return sum;
        }

        @Override
        public Counter newCounter(String name) throws RemoteException {
            CounterImpl c = new CounterImpl(name);
            Counter stub = (Counter) UnicastRemoteObject.exportObject(c, 0);
            counters.put(name, c);
            stubs.put(name, stub);
            return stub;
        }

        @Override
        public int incrementThere(Counter c, int by) throws RemoteException {
            return c.increment(by);
        }

        @Override
        public boolean isCounter(Counter c, String name) {
            return c.equals(stubs.get(name));
        }

        @Override
        public void fail(String message) throws InteropException {
            throw new InteropException(message);
        }

        @Override
        public void failUnchecked(String message) {
            throw new IllegalStateException(message);
        }

        @Override
        public void unexport(String name) throws RemoteException {
            UnicastRemoteObject.unexportObject(counters.remove(name), true);
            stubs.remove(name);
        }
    }

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[1]);
        if (args[0].equals("server")) {
            serve(port);
        } else {
            try {
                runClient(port, args[2]);
            } catch (Throwable t) {
                t.printStackTrace(System.out);
                System.out.println("CLIENT FAILED " + t);
                System.exit(1);
            }
            System.exit(0);
        }
    }

    static void serve(int port) throws Exception {
        HubImpl hub = new HubImpl();
        Registry registry = LocateRegistry.createRegistry(port);
        registry.rebind("hub", UnicastRemoteObject.exportObject(hub, 0));
        System.out.println("READY " + runtimeOfThisJvm());
        while (System.in.read() >= 0) {
            // until the test closes our input
        }
        System.exit(0);
    }

    /*
     * How a stub calls: "fastrmi:<technology>" for a stub of jdk.fastrmi
     * (FastRMI.technology, which says "jrmp" for one that found a JRMP
     * server), "jrmp" for a stock stub. Looked up reflectively: this program
     * runs on JDKs without jdk.fastrmi.
     */
    static String protocol(Remote stub) {
        try {
            Class<?> fastRmi = Class.forName("jdk.fastrmi.FastRMI");
            Object technology = fastRmi.getMethod("technology", Remote.class).invoke(null, stub);
            return "fastrmi:" + technology;
        } catch (ClassNotFoundException e) {
            return "jrmp";
        } catch (ReflectiveOperationException e) {
            // not a stub of jdk.fastrmi
            return "jrmp";
        }
    }

    static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }

    static void runClient(int port, String expectedServer) throws Exception {
        Registry registry = LocateRegistry.getRegistry("127.0.0.1", port);
        check(Arrays.asList(registry.list()).contains("hub"), "list() has hub");
        try {
            registry.lookup("nothing");
            throw new AssertionError("lookup of an unbound name returned");
        } catch (NotBoundException expected) {
            // as stock
        }
        Hub hub = (Hub) registry.lookup("hub");
        System.out.println("CHECK lookup");
        System.out.println("PROTOCOL registry=" + protocol(registry) + " hub=" + protocol(hub));

        check(hub.runtime().equals(expectedServer), "server runtime " + hub.runtime() + ", expected " + expectedServer);
        System.out.println("CHECK runtime");

        Node sent = Node.sample();
        Node back = hub.echo(sent);
        check(back != sent && back.describe().equals(sent.describe()),
              "echo: " + back.describe() + " for " + sent.describe());
        System.out.println("CHECK by-value");

        AtomicInteger events = new AtomicInteger();
        ListenerImpl listener = new ListenerImpl(events);
        Listener listenerStub = (Listener) UnicastRemoteObject.exportObject(listener, 0);
        int sum = hub.publish(listenerStub, "abc", 10);
        check(sum == 3 * 45 && events.get() == 10, "callbacks: sum " + sum + ", events " + events.get());
        System.out.println("CHECK callbacks");

        Counter remote = hub.newCounter("c1");
        check(remote.increment(1) == 1, "server counter");
        check(hub.incrementThere(remote, 5) == 6, "the server's reference back at the server");
        check(hub.isCounter(remote, "c1"), "the server's reference came back as the same object");
        CounterImpl mine = new CounterImpl("client");
        Counter mineStub = (Counter) UnicastRemoteObject.exportObject(mine, 0);
        check(hub.incrementThere(mineStub, 3) == 3 && mine.increment(0) == 3, "the client's reference at the server");
        System.out.println("CHECK references");

        try {
            hub.fail("boom");
            throw new AssertionError("fail returned");
        } catch (InteropException e) {
            check(e.getMessage().equals("boom"), "checked exception message " + e.getMessage());
        }
        try {
            hub.failUnchecked("bang");
            throw new AssertionError("failUnchecked returned");
        } catch (IllegalStateException e) {
            check(e.getMessage().equals("bang"), "unchecked exception message " + e.getMessage());
        }
        System.out.println("CHECK exceptions");

        Counter gone = hub.newCounter("gone");
        check(gone.increment(2) == 2, "counter before unexport");
        hub.unexport("gone");
        try {
            gone.increment(1);
            throw new AssertionError("call to an unexported object returned");
        } catch (NoSuchObjectException expected) {
            // as stock
        }
        System.out.println("CHECK unexport");

        Counter held = hub.newCounter("dgc");
        for (int i = 1; i <= 3; i++) {
            Thread.sleep(1000);     // beyond the server's 2 s lease: renewals keep it
            check(held.increment(1) == i, "held counter");
        }
        System.out.println("HELD");
        UnicastRemoteObject.unexportObject(listener, true);
        UnicastRemoteObject.unexportObject(mine, true);
    }
}
