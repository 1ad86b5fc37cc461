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
 * @summary jdk.fastrmi over IPv6: a server JVM with
 *          java.rmi.server.hostname=::1 is found through LocateRegistry and
 *          a Naming URL with [::1], sees the client's calls come from ::1,
 *          and calls back an object the client (hostname ::1 too) exported,
 *          which sees the server's calls come from ::1. Skipped when ::1
 *          cannot be bound.
 *          The same program then runs on the JDK's JRMP (no provider
 *          property), the control for the test's expectations.
 * @modules java.rmi jdk.fastrmi
 * @library /lib
 * @build grande.test.* Failures jtreg.SkippedException
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=::1
 *      -Dtest.fastrmi.technology=fabric:shm Ipv6Test
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=::1
 *      -Djdk.fastrmi.technologies=tcp -Dtest.fastrmi.technology=tcp Ipv6Test
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=::1
 *      -Djdk.fastrmi.fabric.local=tcp;ofi_rxm -Dtest.fastrmi.technology=fabric:tcp;ofi_rxm
 *      Ipv6Test
 * @run main/othervm -Djava.rmi.server.hostname=::1 Ipv6Test
 */

import java.io.IOException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.rmi.Naming;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.server.RemoteServer;
import java.rmi.server.ServerNotActiveException;
import java.rmi.server.UnicastRemoteObject;
import java.util.List;

import grande.test.ChildJvm;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class Ipv6Test {

    static final String HOST = "::1";

    public interface Peer extends Remote {
        /** RemoteServer.getClientHost() during this call. */
        String callerHost() throws RemoteException;
    }

    public interface Greeter extends Peer {
        String greet(String name) throws RemoteException;

        /** The callerHost() that p reports when this server calls it. */
        String callBack(Peer p) throws RemoteException;
    }

    public static class PeerImpl implements Peer {
        @Override
        public String callerHost() {
            try {
                return RemoteServer.getClientHost();
            } catch (ServerNotActiveException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    public static final class GreeterImpl extends PeerImpl implements Greeter {
        @Override
        public String greet(String name) {
            return "hello " + name;
        }

        @Override
        public String callBack(Peer p) throws RemoteException {
            return p.callerHost();
        }
    }

    /** The server program: a registry with "greeter"; "stop" ends it. */
    public static final class Server {
        public static void main(String[] args) throws Exception {
            ChildJvm.serveUntilStop("greeter", new GreeterImpl(), 120);
        }
    }

    public static void main(String[] args) throws Exception {
        requireIpv6Loopback();
        try (ChildJvm server = ChildJvm.startServer("Ipv6Test$Server", List.of("-Djava.rmi.server.hostname=" + HOST))) {
            int port = server.port();
            Greeter greeter = server.lookup(HOST, "greeter");
            expectEquals("hello ::1", greeter.greet("::1"), "a call to the server on ::1");
            expectIpv6Loopback(greeter.callerHost(), "the address the server sees this JVM's calls come from");

            Greeter named = (Greeter) Naming.lookup("rmi://[" + HOST + "]:" + port + "/greeter");
            expectEquals(greeter, named, "the stub of a Naming lookup with [::1]");
            expectEquals("hello again", named.greet("again"), "a call through it");

            PeerImpl mine = new PeerImpl();
            UnicastRemoteObject.exportObject(mine, 0);
            try {
                expectIpv6Loopback(greeter.callBack(mine),
                                   "the address this JVM sees the server's call back come from");
            } finally {
                UnicastRemoteObject.unexportObject(mine, true);
            }
            server.stop(30);
        }
    }

    static void requireIpv6Loopback() {
        if (Boolean.getBoolean("java.net.preferIPv4Stack")) {
            throw new jtreg.SkippedException("java.net.preferIPv4Stack is set");
        }
        try (ServerSocket s = new ServerSocket()) {
            s.bind(new InetSocketAddress(InetAddress.getByName(HOST), 0));
        } catch (IOException e) {
            throw new jtreg.SkippedException("cannot bind ::1", e);
        }
    }

    static void expectIpv6Loopback(String host, String what) throws IOException {
        InetAddress address = InetAddress.getByName(host);
        expect(address instanceof Inet6Address && address.isLoopbackAddress(), what + ": " + host);
    }
}
