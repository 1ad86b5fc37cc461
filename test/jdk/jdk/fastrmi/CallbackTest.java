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
 * @test
 * @summary Remote references travel both ways on jdk.fastrmi: the client
 *          (this JVM) exports listeners (one with exportObject, one a
 *          UnicastRemoteObject subclass) and passes them to a server in a
 *          second JVM, which calls them back during the call, nested three
 *          deep (server -> client -> server ...), and later from its own
 *          thread; the server returns new exported objects (its impl,
 *          replaced by the stub) with their own state; an exported impl
 *          passed as an argument arrives as a stub, also back in its own
 *          JVM; a call back to an unexported listener fails in the server,
 *          whose NoSuchObjectException reaches the client in a ServerException.
 *          The same program then runs on the JDK's JRMP (no provider
 *          property), the control for the test's expectations.
 * @modules java.rmi jdk.fastrmi
 * @library /lib
 * @build grande.test.* Failures
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Dtest.fastrmi.technology=fabric:shm CallbackTest
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.technologies=tcp -Dtest.fastrmi.technology=tcp CallbackTest
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.fabric.local=tcp;ofi_rxm -Dtest.fastrmi.technology=fabric:tcp;ofi_rxm
 *      CallbackTest
 * @run main/othervm -Djava.rmi.server.hostname=127.0.0.1 CallbackTest
 */

import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.ServerException;
import java.rmi.server.RemoteObject;
import java.rmi.server.UnicastRemoteObject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import grande.test.ChildJvm;
import grande.test.Events;
import grande.test.Events.Listener;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class CallbackTest {

    /** A per-client object the server creates on demand. */
    public interface Session extends Remote {
        String owner() throws RemoteException;
        int increment() throws RemoteException;
    }

    public interface Hub extends Remote {
        /** Calls l.onEvent(topic, i) for i = 0..n-1 during the call; the sum of the answers. */
        int publishNow(Listener l, String topic, int n) throws RemoteException;

        /** Calls l.onEvent(topic, i) for i = 0..n-1 from a server thread after this call returned. */
        void publishLater(Listener l, String topic, int n) throws RemoteException;

        /** depth == 0 ? 0 : 1 + l.onEvent("relay", depth). */
        int relay(Listener l, int depth) throws RemoteException;

        /** How the argument arrived: "stub", or the class of what arrived instead. */
        String arrivedAs(Remote r) throws RemoteException;

        /** A new session (the impl is returned; it travels as its stub). */
        Session openSession(String owner) throws RemoteException;

        /** Whether s, a stub of a session of this server, arrived as a stub and works here. */
        String checkOwnSession(Session s, String owner) throws RemoteException;

        /** This hub (the impl itself, so the stub travels). */
        Hub self() throws RemoteException;
    }

    public static final class SessionImpl extends UnicastRemoteObject implements Session {
        private static final long serialVersionUID = 1L;
        private final String owner;
        private int count;

        SessionImpl(String owner) throws RemoteException {
            super(0);
            this.owner = owner;
        }

        @Override public String owner() { return owner; }
        @Override public synchronized int increment() { return ++count; }
    }

    public static final class HubImpl implements Hub {
        private final List<SessionImpl> sessions = new ArrayList<>();

        @Override
        public int publishNow(Listener l, String topic, int n) throws RemoteException {
            return Events.publish(l, topic, n);
        }

        @Override
        public void publishLater(Listener l, String topic, int n) {
            Thread t = new Thread(() -> {
                try {
                    Thread.sleep(200);
                    Events.publish(l, topic, n);
                } catch (Exception e) {
                    e.printStackTrace(System.out);
                }
            }, "publisher");
            t.start();
        }

        @Override
        public int relay(Listener l, int depth) throws RemoteException {
            return depth == 0 ? 0 : 1 + l.onEvent("relay", depth);
        }

        @Override
        public String arrivedAs(Remote r) {
            if (r instanceof ClientListener || r instanceof CountingListener) {
                return "the impl " + r.getClass().getName();
            }
            return r instanceof Listener ? "stub" : "neither impl nor stub: " + r;
        }

        @Override
        public Session openSession(String owner) throws RemoteException {
            SessionImpl session = new SessionImpl(owner);
            synchronized (sessions) {
                sessions.add(session);
            }
            return session;
        }

        @Override
        public String checkOwnSession(Session s, String owner) throws RemoteException {
            if (s instanceof SessionImpl) {
                return "the impl arrived";
            }
            SessionImpl impl;
            synchronized (sessions) {
                impl = sessions.stream().filter(x -> x.owner().equals(owner)).findFirst().orElseThrow();
            }
            if (!RemoteObject.toStub(impl).equals(s)) {
                return "not equal to the stub of the session";
            }
            int before = impl.increment();
            int after = s.increment();   // a call to an object of this JVM through its stub
            return after == before + 1 ? "stub" : "the stub's call went elsewhere";
        }

        @Override
        public Hub self() {
            return this;
        }
    }

    /** The server program: a registry with "hub"; "stop" ends it. */
    public static final class Server {
        public static void main(String[] args) throws Exception {
            ChildJvm.serveUntilStop("hub", new HubImpl(), 120);
        }
    }

    /** The client's listener, exported with exportObject: answers value * 10, records late events. */
    static final class ClientListener implements Listener {
        final List<String> events = new ArrayList<>();
        final CountDownLatch lateEvents = new CountDownLatch(5);
        volatile boolean publishLaterReturned;
        volatile Hub hub;
        volatile Listener self;

        @Override
        public int onEvent(String topic, int value) throws RemoteException {
            synchronized (events) {
                boolean early = topic.equals("late") && !publishLaterReturned;
                events.add(topic + value + (early ? " (before publishLater returned)" : ""));
            }
            if (topic.equals("late")) {
                lateEvents.countDown();
            }
            if (topic.equals("relay")) {
                // calls the server again while the server waits for this call
                return 10 + hub.relay(self, value - 1);
            }
            return value * 10;
        }
    }

    /** A listener exported by UnicastRemoteObject's constructor. */
    static final class CountingListener extends UnicastRemoteObject implements Listener {
        private static final long serialVersionUID = 1L;
        int calls;

        CountingListener() throws RemoteException {
            super();
        }

        @Override
        public synchronized int onEvent(String topic, int value) {
            calls++;
            return value + 1;
        }
    }

    public static void main(String[] args) throws Exception {
        try (ChildJvm server = ChildJvm.startServer("CallbackTest$Server", List.of())) {
            Hub hub = server.lookup("hub");

            ClientListener listener = new ClientListener();
            Listener stub = (Listener) UnicastRemoteObject.exportObject(listener, 0);
            listener.hub = hub;
            listener.self = stub;
            CountingListener counting = new CountingListener();
            try {
                callbacks(hub, listener, stub, counting);
                returnedObjects(hub);
                unexportedListener(hub, listener, stub);
            } finally {
                unexportIfExported(listener);
                unexportIfExported(counting);
            }
            server.stop(30);
        }
    }

    static void unexportIfExported(Remote impl) {
        try {
            UnicastRemoteObject.unexportObject(impl, true);
        } catch (NoSuchObjectException e) {
            // unexported by the test already
        }
    }

    static void callbacks(Hub hub, ClientListener listener, Listener stub, CountingListener counting)
            throws Exception {
        expectEquals(0 + 10 + 20 + 30, hub.publishNow(stub, "now", 4), "four calls back during the call");
        expectEquals(0 + 10 + 20, hub.publishNow(listener, "impl", 3), "the impl as the argument: calls back");
        expectEquals(1 + 2, hub.publishNow(counting, "counting", 2), "a UnicastRemoteObject subclass calls back");
        expectEquals(2, counting.calls, "the calls the subclass received");

        expectEquals("stub", hub.arrivedAs(listener), "an exported impl passed as an argument arrives as");
        expectEquals("stub", hub.arrivedAs(stub), "its stub passed as an argument arrives as");
        expectEquals("stub", hub.arrivedAs(counting), "an exported UnicastRemoteObject subclass arrives as");

        expectEquals(3 * 11, hub.relay(stub, 3), "callbacks nested three deep");

        hub.publishLater(stub, "late", 5);
        listener.publishLaterReturned = true;
        expect(listener.lateEvents.await(ChildJvm.seconds(30), TimeUnit.SECONDS),
               "five calls back from a server thread after the call");
        synchronized (listener.events) {
            expectEquals(List.of("now0", "now1", "now2", "now3", "impl0", "impl1", "impl2",
                                 "relay3", "relay2", "relay1",
                                 "late0", "late1", "late2", "late3", "late4"),
                         listener.events, "the events the listener received, in order");
        }
    }

    static void returnedObjects(Hub hub) throws Exception {
        Session alice = hub.openSession("alice");
        Session bob = hub.openSession("bob");
        ChildJvm.expectRuntimeStub(alice);
        expect(!(alice instanceof SessionImpl), "a returned impl arrives as a stub");
        expectEquals("alice", alice.owner(), "a call to a returned object");
        expectEquals(1, alice.increment(), "alice's first increment");
        expectEquals(2, alice.increment(), "alice's second increment");
        expectEquals(1, bob.increment(), "bob's object has its own state");
        expect(!alice.equals(bob), "the stubs of two sessions differ");
        expectEquals("stub", hub.checkOwnSession(alice, "alice"),
                     "a session's stub sent back to its server arrives as a stub and works there");
        expectEquals(5, alice.increment(), "alice's state after the server's two increments");
        Hub self = hub.self();
        expect(self.equals(hub), "the hub returned by itself equals the registry's stub");
    }

    static void unexportedListener(Hub hub, ClientListener listener, Listener stub) throws Exception {
        UnicastRemoteObject.unexportObject(listener, true);
        ServerException e = Failures.expectThrows(ServerException.class, () -> hub.publishNow(stub, "gone", 1),
                                                  "a call back to an unexported listener");
        expectEquals(NoSuchObjectException.class, e.getCause().getClass(), "the server's exception: " + e.getCause());
        expectEquals(0, hub.relay(stub, 0), "the hub works after the failed call back");
    }
}
