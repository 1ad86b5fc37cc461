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
 * @summary The distributed GC of jdk.fastrmi behaves as stock RMI's for an
 *          ordinary program whose remote objects implement Unreferenced:
 *          (a) a client JVM that drops its stub and collects garbage makes
 *          the server call unreferenced() (with the default 10-minute lease,
 *          so only the client's clean call can do it), while an object the
 *          test JVM still holds stays referenced; (b) with
 *          java.rmi.dgc.leaseValue=2000 a client that holds its stub keeps
 *          the object referenced across several lease periods (renewals),
 *          and once it is killed (no clean call) unreferenced() runs after
 *          the lease expired. A server whose main returned stays alive while
 *          it has exported objects and exits by itself once it unexported
 *          them.
 *          The same program then runs on the JDK's JRMP (no provider
 *          property), the control for the test's expectations.
 * @modules java.rmi jdk.fastrmi
 * @library /lib
 * @build grande.test.* Failures
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Dtest.fastrmi.technology=fabric:shm UnreferencedTest
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.technologies=tcp -Dtest.fastrmi.technology=tcp UnreferencedTest
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.fabric.local=tcp;ofi_rxm -Dtest.fastrmi.technology=fabric:tcp;ofi_rxm
 *      UnreferencedTest
 * @run main/othervm -Djava.rmi.server.hostname=127.0.0.1 UnreferencedTest
 */

import java.lang.ref.Reference;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.server.UnicastRemoteObject;
import java.rmi.server.Unreferenced;
import java.util.ArrayList;
import java.util.List;

import grande.test.ChildJvm;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class UnreferencedTest {

    /** A handle on a server resource; the server frees it when no client refers to it. */
    public interface Token extends Remote {
        String name() throws RemoteException;
    }

    public interface Factory extends Remote {
        /** A new exported token (not in the registry, so only clients refer to it). */
        Token issue(String name) throws RemoteException;

        /** Unexports everything shortly after this call returned. */
        void shutdown() throws RemoteException;
    }

    public static final class TokenImpl implements Token, Unreferenced {
        private final String name;

        TokenImpl(String name) {
            this.name = name;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public void unreferenced() {
            System.out.println("UNREFERENCED " + name);
        }
    }

    public static final class FactoryImpl implements Factory {
        final List<Remote> exported = new ArrayList<>();   // strong references: only the DGC decides

        @Override
        public synchronized Token issue(String name) throws RemoteException {
            TokenImpl token = new TokenImpl(name);
            UnicastRemoteObject.exportObject(token, 0);
            exported.add(token);
            return token;
        }

        @Override
        public void shutdown() {
            Thread t = new Thread(() -> {
                try {
                    Thread.sleep(200);   // lets the reply of shutdown() go out first
                    List<Remote> all;
                    synchronized (this) {
                        all = List.copyOf(exported);
                    }
                    for (Remote r : all) {
                        UnicastRemoteObject.unexportObject(r, true);
                    }
                    System.out.println("UNEXPORTED");
                } catch (Exception e) {
                    e.printStackTrace(System.out);
                }
            }, "shutdown");
            // not a daemon like the connection thread that starts it: the JVM, which exits once
            // the last object is unexported, must wait for "UNEXPORTED" to be printed
            t.setDaemon(false);
            t.start();
        }
    }

    /** The server program: a registry with "factory"; its main returns at once. */
    public static final class Server {
        public static void main(String[] args) throws Exception {
            FactoryImpl factory = new FactoryImpl();
            ChildJvm.LocalRegistry local = ChildJvm.serve("factory", factory);
            synchronized (factory) {   // before "MAIN RETURNED", the test's signal to use the factory
                factory.exported.add(factory);
                factory.exported.add(local.registry());
            }
            System.out.println("MAIN RETURNED");
        }
    }

    /**
     * The client program: gets a token; on "drop" lets go of it and
     * collects garbage until "exit" (then exits normally); holds it until
     * killed otherwise.
     */
    public static final class Client {
        public static void main(String[] args) throws Exception {
            ChildJvm.exitWithParent();
            Factory factory = (Factory) LocateRegistry.getRegistry(ChildJvm.HOST, Integer.parseInt(args[0]))
                                                      .lookup("factory");
            ChildJvm.expectTechnology(factory);
            Token token = factory.issue(args[1]);
            System.out.println("HOLDING " + token.name());
            String command = ChildJvm.nextCommand(120);
            expectEquals("drop", command, "the command");
            Reference.reachabilityFence(token);
            token = null;
            for (int i = 0; i < 300; i++) {   // at most 60 s
                System.gc();
                if ("exit".equals(ChildJvm.pollCommand(200))) {
                    System.out.println("EXITING");
                    return;
                }
            }
            throw new AssertionError("no exit command");
        }
    }

    public static void main(String[] args) throws Exception {
        dropAndKeepAlive();
        leaseExpiry();
    }

    /** (a) and the server's lifetime. */
    static void dropAndKeepAlive() throws Exception {
        try (ChildJvm server = ChildJvm.startServer("UnreferencedTest$Server", List.of())) {
            int port = server.port();
            server.awaitLine("MAIN RETURNED", 10);
            Factory factory = server.lookup("factory");
            Token kept = factory.issue("kept");

            try (ChildJvm client = ChildJvm.start("dropper", List.of(), "UnreferencedTest$Client",
                                                   Integer.toString(port), "dropped")) {
                client.awaitLine("HOLDING dropped", 60);
                client.send("drop");
                server.awaitLine("UNREFERENCED dropped", 30);
                System.out.println("ok: unreferenced() ran after the client dropped its stub");
                client.send("exit");
                expectEquals(0, client.awaitExit(30), "the client's exit code");
            }

            expectEquals("kept", kept.name(), "the token this JVM holds still works");
            expect(!server.printed("UNREFERENCED kept"), "the token this JVM holds is still referenced");
            expect(server.isAlive(), "the server lives on with exported objects after its main returned");
            factory.shutdown();
            server.awaitLine("UNEXPORTED", 30);
            expectEquals(0, server.awaitExit(30), "the server exits by itself after unexporting; its exit code");
            Reference.reachabilityFence(kept);
        }
    }

    /** (b): renewals keep a living client's reference; a killed client's expires. */
    static void leaseExpiry() throws Exception {
        List<String> lease = List.of("-Djava.rmi.dgc.leaseValue=2000");
        try (ChildJvm server = ChildJvm.startServer("UnreferencedTest$Server", lease)) {
            int port = server.port();
            try (ChildJvm client = ChildJvm.start("holder", lease, "UnreferencedTest$Client",
                                                   Integer.toString(port), "held")) {
                client.awaitLine("HOLDING held", 60);
                Thread.sleep(5000);   // two and a half lease periods
                expect(!server.printed("UNREFERENCED held"),
                       "a client that holds its stub keeps the object referenced");
                long killed = System.nanoTime();
                client.kill();
                server.awaitLine("UNREFERENCED held", 30);
                System.out.printf("ok: unreferenced() ran %d ms after the client was killed%n",
                                  (System.nanoTime() - killed) / 1_000_000);
            }
        }
    }
}
