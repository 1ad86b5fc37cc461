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
 * @summary RemoteServer.getClientHost() on jdk.fastrmi: inside a remote
 *          call from another JVM on the loopback it returns 127.0.0.1 (in
 *          the server, and in the client while the server calls it back);
 *          outside a call (the server's main thread, a thread started during
 *          a call, the client's main thread) it throws
 *          ServerNotActiveException.
 *          The same program then runs on the JDK's JRMP (no provider
 *          property), the control for the test's expectations.
 * @modules java.rmi jdk.fastrmi
 * @library /lib
 * @build grande.test.* Failures
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Dtest.fastrmi.technology=fabric:shm GetClientHostTest
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.technologies=tcp -Dtest.fastrmi.technology=tcp GetClientHostTest
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.fabric.local=tcp;ofi_rxm -Dtest.fastrmi.technology=fabric:tcp;ofi_rxm
 *      GetClientHostTest
 * @run main/othervm -Djava.rmi.server.hostname=127.0.0.1 GetClientHostTest
 */

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.RemoteServer;
import java.rmi.server.ServerNotActiveException;
import java.rmi.server.UnicastRemoteObject;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import grande.test.ChildJvm;

import static grande.test.Checks.expectEquals;

public class GetClientHostTest {

    /** getClientHost() where it runs, or the name of the exception it threw. */
    static String clientHost() {
        try {
            return RemoteServer.getClientHost();
        } catch (ServerNotActiveException e) {
            return e.getClass().getSimpleName();
        }
    }

    public interface Probe extends Remote {
        /** clientHost() during this call. */
        String whoCalls() throws RemoteException;
    }

    public interface Service extends Probe {
        /** clientHost() in a thread this call starts (and joins). */
        String whoCallsInAnotherThread() throws RemoteException, InterruptedException;

        /** What p.whoCalls() returns when this server calls it. */
        String askBack(Probe p) throws RemoteException;
    }

    public static class ProbeImpl implements Probe {
        @Override
        public String whoCalls() {
            return clientHost();
        }
    }

    public static final class ServiceImpl extends ProbeImpl implements Service {
        @Override
        public String whoCallsInAnotherThread() throws InterruptedException {
            AtomicReference<String> seen = new AtomicReference<>();
            Thread t = new Thread(() -> seen.set(clientHost()));
            t.start();
            t.join();
            return seen.get();
        }

        @Override
        public String askBack(Probe p) throws RemoteException {
            return p.whoCalls();
        }
    }

    /** The server program: a registry with "service"; "stop" ends it. */
    public static final class Server {
        public static void main(String[] args) throws Exception {
            System.out.println("OUTSIDE " + clientHost());
            ChildJvm.serve("service", new ServiceImpl());
            ChildJvm.awaitStop(120);
            System.out.println("AFTER " + clientHost());
            System.exit(0);
        }
    }

    public static void main(String[] args) throws Exception {
        try (ChildJvm server = ChildJvm.startServer("GetClientHostTest$Server", List.of())) {
            expectEquals("ServerNotActiveException", server.awaitLine("OUTSIDE ", 1),
                         "getClientHost() on the server's main thread");
            Service service = server.lookup("service");

            expectEquals("127.0.0.1", service.whoCalls(), "getClientHost() in the server during a call");
            expectEquals("127.0.0.1", service.whoCalls(), "and during the next call");
            expectEquals("ServerNotActiveException", service.whoCallsInAnotherThread(),
                         "getClientHost() in a thread the call started");
            expectEquals("ServerNotActiveException", clientHost(), "getClientHost() on the client's main thread");

            ProbeImpl mine = new ProbeImpl();
            UnicastRemoteObject.exportObject(mine, 0);
            try {
                expectEquals("127.0.0.1", service.askBack(mine), "getClientHost() in the client during a call back");
            } finally {
                UnicastRemoteObject.unexportObject(mine, true);
            }
            expectEquals("ServerNotActiveException", clientHost(), "getClientHost() on the client's main thread after");
            server.send("stop");
            expectEquals("ServerNotActiveException", server.awaitLine("AFTER ", 30),
                         "getClientHost() on the server's main thread after the calls");
            expectEquals(0, server.awaitExit(30), "the server's exit code");
        }
    }
}
