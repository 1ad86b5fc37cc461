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

import java.io.IOException;
import java.io.Serializable;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.UnicastRemoteObject;
import java.util.concurrent.atomic.AtomicInteger;

import javax.rmi.ssl.SslRMIClientSocketFactory;
import javax.rmi.ssl.SslRMIServerSocketFactory;

import grande.test.StatelessFactory;

/**
 * One side of SocketFactoryTest, on stock JDK 25 or the image (no API of
 * the image's; the test library's classes, so not on JDK 17): a server
 * that exports its registry and a Greeter through socket factories
 * ("counting": plain sockets whose client factory counts them; "ssl":
 * javax.rmi.ssl's), or a client that looks the Greeter up through the
 * client factory, calls it, has it call back an object the client
 * exported with the same factories, and reports how its stubs call.
 *
 * <p>Server: {@code server <port> <factories>}, prints {@code READY}, runs
 * until its input ends, then prints the JRMP connection threads it ran
 * ({@code JRMP-THREADS n}). Client: {@code client <port> <factories>},
 * prints {@code CHECK ...} lines, {@code PROTOCOL registry=... greeter=...}
 * and {@code SOCKETS n}, the sockets its client factory made.
 */
public class SocketFactoryApp {

    public interface Greeter extends Remote {
        String greet(String name) throws RemoteException;

        int[] sum(int[] a, int[] b) throws RemoteException;

        String callBack(Listener listener, String what) throws RemoteException;
    }

    public interface Listener extends Remote {
        String heard(String what) throws RemoteException;
    }

    static final class GreeterImpl implements Greeter {
        @Override
        public String greet(String name) {
            return "hello " + name;
        }

        @Override
        public int[] sum(int[] a, int[] b) {
            int[] c = new int[a.length];
            for (int i = 0; i < a.length; i++) {
                c[i] = a[i] + b[i];
            }
            return c;
        }

        @Override
        public String callBack(Listener listener, String what) throws RemoteException {
            return "server: " + listener.heard(what);
        }
    }

    static final class ListenerImpl implements Listener {
        @Override
        public String heard(String what) {
            return "client heard " + what;
        }
    }

    /** Plain sockets; the client factory counts those it makes in this JVM. */
    public static final class CountingClientFactory extends StatelessFactory
            implements RMIClientSocketFactory, Serializable {
        private static final long serialVersionUID = 1L;
        static final AtomicInteger MADE = new AtomicInteger();

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            MADE.incrementAndGet();
            return new Socket(host, port);
        }
    }

    public static final class PlainServerFactory extends StatelessFactory
            implements RMIServerSocketFactory, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public ServerSocket createServerSocket(int port) throws IOException {
            return new ServerSocket(port);
        }
    }

    static RMIClientSocketFactory clientFactory(String kind) {
        return kind.equals("ssl") ? new SslRMIClientSocketFactory() : new CountingClientFactory();
    }

    static RMIServerSocketFactory serverFactory(String kind) {
        return kind.equals("ssl") ? new SslRMIServerSocketFactory() : new PlainServerFactory();
    }

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[1]);
        String kind = args[2];
        if (args[0].equals("server")) {
            server(port, kind);
        } else {
            client(port, kind);
        }
    }

    static void server(int port, String kind) throws Exception {
        RMIClientSocketFactory csf = clientFactory(kind);
        RMIServerSocketFactory ssf = serverFactory(kind);
        Registry registry = LocateRegistry.createRegistry(port, csf, ssf);
        GreeterImpl greeter = new GreeterImpl();
        registry.bind("greeter", UnicastRemoteObject.exportObject(greeter, port, csf, ssf));
        System.out.println("READY");
        while (System.in.read() >= 0) {
            // until the test closes our input
        }
        long jrmpThreads = Thread.getAllStackTraces().keySet().stream()
                                 .filter(t -> t.getName().startsWith("RMI TCP Connection")).count();
        System.out.println("JRMP-THREADS " + jrmpThreads);
        UnicastRemoteObject.unexportObject(greeter, true);
        UnicastRemoteObject.unexportObject(registry, true);
        System.exit(0);
    }

    static void client(int port, String kind) throws Exception {
        RMIClientSocketFactory csf = clientFactory(kind);
        Registry registry = LocateRegistry.getRegistry("127.0.0.1", port, csf);
        Greeter greeter = (Greeter) registry.lookup("greeter");
        check("lookup", greeter != null);
        check("greet", "hello you".equals(greeter.greet("you")));
        int[] c = greeter.sum(new int[] {1, 2, 3}, new int[] {10, 20, 30});
        check("by-value", c.length == 3 && c[0] == 11 && c[1] == 22 && c[2] == 33);
        // 1 MiB each way: frames far longer than a socket read, grown as they arrive
        int[] big = new int[256 * 1024];
        for (int i = 0; i < big.length; i++) {
            big[i] = i * 31;
        }
        int[] twice = greeter.sum(big, big);
        boolean same = twice.length == big.length;
        for (int i = 0; same && i < big.length; i++) {
            same = twice[i] == 2 * big[i];
        }
        check("1 MiB arrays", same);
        ListenerImpl listener = new ListenerImpl();
        Listener stub = (Listener) UnicastRemoteObject.exportObject(listener, 0, csf, serverFactory(kind));
        check("callback", "server: client heard ping".equals(greeter.callBack(stub, "ping")));
        UnicastRemoteObject.unexportObject(listener, true);
        for (int i = 0; i < 200; i++) {
            if (!greeter.greet("n" + i).equals("hello n" + i)) {
                check("repeated calls", false);
            }
        }
        check("repeated calls", true);
        System.out.println("PROTOCOL registry=" + InteropApp.protocol(registry)
                           + " greeter=" + InteropApp.protocol(greeter));
        System.out.println("SOCKETS " + CountingClientFactory.MADE.get());
        System.exit(0);
    }

    static void check(String what, boolean ok) {
        if (!ok) {
            System.out.println("FAILED " + what);
            System.exit(1);
        }
        System.out.println("CHECK " + what);
    }
}
