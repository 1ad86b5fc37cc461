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
 * @summary A remote reference that a peer sends is data, not an order to
 *          dial: a server that receives references naming endpoints of the
 *          peer's choosing (a listener of this test, a thousand ports on
 *          127.0.0.1) opens no connection to any of them, neither for the
 *          DGC nor otherwise, and keeps answering. Only when the
 *          application calls through such a stub does it dial, once per
 *          call, and a handshake that fails leaves the DGC silent. A real
 *          callback, once the server has called it, is reported to its
 *          exporter (dirty) and taken back when the server drops it
 *          (clean, then Unreferenced), as before. Over every technology
 *          (grande.test.Technologies): the references travel, and the
 *          callback and its DGC calls go, over the technology under test;
 *          the forged endpoints are tcp's, which every runtime also runs,
 *          so that the listener sees any dial.
 * @modules java.rmi jdk.fastrmi jdk.fastrmi/jdk.internal.fastrmi
 * @library /lib /jdk/jdk/fastrmi/spi/testtech
 * @build grande.test.* ForgedReferenceDgcTest fastrmi.testtech.*
 * @run main/othervm/timeout=600 -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      grande.test.Technologies ForgedReferenceDgcTest
 */

import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.UnicastRemoteObject;
import java.rmi.server.Unreferenced;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import grande.test.ChildJvm;
import jdk.fastrmi.spi.Endpoint;
import jdk.internal.fastrmi.RemoteReference;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class ForgedReferenceDgcTest {

    public interface Callback extends Remote {
        int ping() throws RemoteException;
    }

    public interface Holder extends Remote {
        /** Keeps what it is given (a stub, when the peer sent a reference). */
        void hold(Object o) throws RemoteException;

        /** Calls ping on every stub held; the outcome of each, in order. */
        List<String> poke() throws RemoteException;

        /** Forgets everything held and collects garbage. */
        void drop() throws RemoteException;
    }

    static final class HolderImpl implements Holder {
        private final List<Object> held = new ArrayList<>();

        @Override
        public synchronized void hold(Object o) {
            held.add(o);
        }

        @Override
        public synchronized List<String> poke() {
            List<String> outcomes = new ArrayList<>();
            for (Object o : held) {
                try {
                    outcomes.add("ping " + ((Callback) o).ping());
                } catch (RemoteException e) {
                    outcomes.add(e.getClass().getSimpleName());
                }
            }
            return outcomes;
        }

        @Override
        public synchronized void drop() {
            held.clear();
            System.gc();
        }
    }

    /** The server, in its own JVM. */
    public static final class Server {
        public static void main(String[] args) throws Exception {
            ChildJvm.serveUntilStop("holder", new HolderImpl(), 170);
        }
    }

    static final class CallbackImpl implements Callback, Unreferenced {
        final CountDownLatch unreferenced = new CountDownLatch(1);

        @Override
        public int ping() {
            return 7;
        }

        @Override
        public void unreferenced() {
            unreferenced.countDown();
        }
    }

    /** A listener that counts the connections made to it and closes each. */
    static final class Victim implements AutoCloseable {
        final ServerSocket socket = new ServerSocket(0, 50, java.net.InetAddress.getByName(ChildJvm.HOST));
        final AtomicInteger accepted = new AtomicInteger();

        Victim() throws Exception {
            Thread t = new Thread(() -> {
                while (!socket.isClosed()) {
                    try (Socket s = socket.accept()) {
                        accepted.incrementAndGet();
                    } catch (Exception e) {
                        // closed
                    }
                }
            }, "victim");
            t.setDaemon(true);
            t.start();
        }

        @Override
        public void close() throws Exception {
            socket.close();
        }
    }

    private static RemoteReference forged(int port) {
        // an exporter id that names no runtime, an object id that names no object
        return new RemoteReference(new Class<?>[] {Callback.class}, 4242, 0x5EED_0003L,
                                   new Endpoint[] {new Endpoint("tcp", ChildJvm.HOST + ":" + port)});
    }

    public static void main(String[] args) throws Exception {
        try (Victim victim = new Victim();
             ChildJvm server = ChildJvm.startServer(Server.class.getName(), List.of())) {
            Holder holder = server.lookup("holder");

            holder.hold(forged(victim.socket.getLocalPort()));
            // a thousand more endpoints, each a pool entry and DGC state on the server
            for (int port = 1; port <= 1000; port++) {
                holder.hold(forged(port));
                if (port % 100 == 0) {
                    holder.drop();          // the server forgets them: its tables must too
                    holder.hold(forged(victim.socket.getLocalPort()));
                }
            }
            Thread.sleep(3000);             // the DGC dialled within 200 ms before this change
            expectEquals(0, victim.accepted.get(), "connections to the endpoint a forged reference names");

            // Control: a call through the stub dials, which shows the listener sees a dial.
            holder.drop();
            holder.hold(forged(victim.socket.getLocalPort()));
            List<String> outcomes = holder.poke();
            expectEquals(1, outcomes.size(), "one stub held");
            expect(!outcomes.get(0).startsWith("ping"), "the forged endpoint speaks no RMI: " + outcomes);
            expect(victim.accepted.get() >= 1, "the application's call dialled the endpoint");
            int afterCall = victim.accepted.get();
            Thread.sleep(2000);
            expectEquals(afterCall, victim.accepted.get(),
                         "no DGC call follows a call whose connection failed: " + outcomes);

            // A real callback: the DGC is told once the server has called it, and the
            // server's clean after drop() leaves it unreferenced.
            CallbackImpl callback = new CallbackImpl();
            UnicastRemoteObject.exportObject(callback, 0);
            holder.drop();
            holder.hold(callback);
            expectEquals(List.of("ping 7"), holder.poke(), "the callback answers");
            holder.drop();
            expect(callback.unreferenced.await(ChildJvm.seconds(60), TimeUnit.SECONDS),
                   "the server's DGC took back the callback it had reported");
            UnicastRemoteObject.unexportObject(callback, true);
            server.stop(30);
        }
    }
}
