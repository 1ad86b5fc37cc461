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

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import grande.test.ChildJvm;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

/**
 * The server JVM of the fault tests: a registry at a fixed port (so that a
 * raw socket knows where to connect) with a FaultService bound as "service".
 * The registry is on a free port and the service on any; with
 * -Dfaultserver.port=N (startOnPort) both are on port N, so that a server
 * restarted with the same N has the old one's host and port.
 * Prints "PROVIDER fastrmi" or "PROVIDER stock ..." and "PORT n" when ready,
 * "BLOCKED" when a call enters block() and "UNBLOCKED ms" when it leaves.
 * Commands on standard input: "count" prints "CONN n", the number of its
 * connection threads; "threads" prints every thread's name; "release" ends
 * the blocked calls; "unexport" unexports the service. At the end of its
 * input it unexports everything and returns from main, so that it exits
 * only if RMI leaves no non-daemon thread behind; after limitSeconds it
 * exits with status 2 whatever happens.
 *
 * <p>The static methods at the end are the test JVM's side of that protocol.
 */
public final class FaultServer {

    static final class ServiceImpl implements FaultService {
        private volatile CountDownLatch release = new CountDownLatch(1);

        @Override
        public int echo(int x) {
            return x;
        }

        @Override
        public long block(long maxMillis) {
            long start = System.nanoTime();
            System.out.println("BLOCKED");
            try {
                release.await(maxMillis, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            System.out.println("UNBLOCKED " + waited);
            return waited;
        }

        void release() {
            CountDownLatch released = release;
            release = new CountDownLatch(1);
            released.countDown();
        }
    }

    /** The property that puts the registry and the service on one given port. */
    static final String PORT = "faultserver.port";

    /** Whether RMI runs on jdk.fastrmi here: stock RMI's stubs are dynamic proxies. */
    private static boolean fastrmi;

    public static void main(String[] args) throws Exception {
        long limitSeconds = Long.parseLong(args[0]);
        Thread limit = new Thread(() -> {
            try {
                Thread.sleep(TimeUnit.SECONDS.toMillis(limitSeconds));
                System.out.println("server: time limit reached");
                System.exit(2);
            } catch (InterruptedException e) {
                // stopped in time
            }
        }, "time-limit");
        limit.setDaemon(true);
        limit.start();

        int fixedPort = Integer.getInteger(PORT, 0);
        ServiceImpl service = new ServiceImpl();
        FaultService stub = (FaultService) UnicastRemoteObject.exportObject(service, fixedPort);
        fastrmi = !Proxy.isProxyClass(stub.getClass());
        System.out.println("PROVIDER " + (fastrmi ? "fastrmi" : "stock") + " " + stub.getClass().getName());
        ChildJvm.LocalRegistry local = fixedPort == 0
                ? ChildJvm.createRegistry()
                : new ChildJvm.LocalRegistry(LocateRegistry.createRegistry(fixedPort), fixedPort);
        Registry registry = local.registry();
        registry.rebind("service", stub);
        System.out.println("PORT " + local.port());

        boolean serviceExported = true;
        var in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String command;
        while ((command = in.readLine()) != null) {
            switch (command.trim()) {
                case "count" -> System.out.println("CONN " + threadNames(true).size());
                case "threads" -> System.out.println("THREADS " + threadNames(false));
                case "release" -> {
                    service.release();
                    System.out.println("RELEASED");
                }
                case "unexport" -> {
                    serviceExported = false;
                    System.out.println("UNEXPORTED " + UnicastRemoteObject.unexportObject(service, true));
                }
                default -> System.out.println("unknown command: " + command);
            }
        }
        service.release();
        if (serviceExported) {
            UnicastRemoteObject.unexportObject(service, true);
        }
        UnicastRemoteObject.unexportObject(registry, true);
        List<String> nonDaemon = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> !t.isDaemon() && t != Thread.currentThread() && t.isAlive())
                .map(Thread::getName).sorted().toList();
        System.out.println("STOPPED; other non-daemon threads: " + nonDaemon);
        limit.interrupt();
    }

    /** The names of the live threads; only the connection threads if connectionsOnly. */
    static List<String> threadNames(boolean connectionsOnly) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(Thread::isAlive)
                .map(Thread::getName)
                .filter(name -> !connectionsOnly || isConnectionThread(name))
                .sorted()
                .collect(Collectors.toList());
    }

    static boolean isConnectionThread(String name) {
        if (fastrmi) {
            // tcp's (which fabric connections also keep), or the test technology's (spi/testtech)
            return name.startsWith("fastrmi-tcp-conn-") || name.equals("testtech-conn");
        }
        // Stock RMI keeps a served connection's thread in a pool, renamed "(idle)".
        return name.startsWith("RMI TCP Connection(") && !name.contains("(idle)");
    }

    // ---- used by the tests, on the ChildJvm that runs this program ----

    /**
     * Starts this program as "server" with the given VM options (it exits
     * after 120 s at the latest) and waits until it is ready, checking that
     * it runs on jdk.fastrmi if this JVM asks for it; its registry's port is
     * then the ChildJvm's port().
     */
    static ChildJvm start(List<String> options) throws IOException, InterruptedException {
        return start(ChildJvm.Launcher.DIRECT, options);
    }

    /** start, through a launcher (such as one that runs it in another network namespace). */
    static ChildJvm start(ChildJvm.Launcher launcher, List<String> options)
            throws IOException, InterruptedException {
        ChildJvm server = ChildJvm.start(launcher, "server", options, "FaultServer", "120");
        try {
            String provider = server.awaitLine("PROVIDER ", 60);
            if (ChildJvm.FASTRMI) {
                expect(provider.startsWith("fastrmi "), "the server runs on jdk.fastrmi: " + provider);
            }
            server.awaitPort();
        } catch (Throwable t) {
            server.close();
            throw t;
        }
        return server;
    }

    /**
     * start with the registry and the service both on port (-Dfaultserver.port):
     * a server that comes back after a restart where its clients knew it.
     */
    static ChildJvm startOnPort(int port, List<String> options) throws IOException, InterruptedException {
        List<String> all = new ArrayList<>(options);
        all.add("-D" + PORT + "=" + port);
        ChildJvm server = start(all);
        try {
            expectEquals(port, server.port(), "the server's port");
        } catch (Throwable t) {
            server.close();
            throw t;
        }
        return server;
    }

    /** Makes n echo calls of service, each of which must return what it got. */
    static void echoes(FaultService service, int n, String what) throws RemoteException {
        for (int i = 0; i < n; i++) {
            int back = service.echo(i);
            if (back != i) {
                throw new AssertionError("echo(" + i + ") " + what + " returned " + back);
            }
        }
        System.out.println("ok: " + n + " calls " + what);
    }

    /** The server's count of connection threads now. */
    static int connectionThreads(ChildJvm server) throws IOException, InterruptedException {
        server.send("count");
        return Integer.parseInt(server.awaitLine("CONN ", 10).trim());
    }

    /** A count of connection threads, and when it was taken. */
    record ThreadCount(int threads, long afterMillis) { }

    /**
     * Polls the server until it has at most expected connection threads,
     * for at most timeoutMillis; returns the last count.
     */
    static ThreadCount awaitConnectionThreads(ChildJvm server, int expected, long timeoutMillis)
            throws IOException, InterruptedException {
        long start = System.nanoTime();
        long deadline = start + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        int count;
        while ((count = connectionThreads(server)) > expected && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        return new ThreadCount(count, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
    }

    /** Ends the server's input and expects it to stop and exit with 0 on its own. */
    static void stop(ChildJvm server) throws IOException, InterruptedException {
        server.closeInput();
        server.awaitLine("STOPPED", 30);
        expectEquals(0, server.awaitExit(30),
                     "the server's exit code (it exits on its own once everything is unexported)");
    }
}
