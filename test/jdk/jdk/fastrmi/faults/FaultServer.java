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
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.rmi.server.ExportException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * The server JVM of the fault tests: a registry at a fixed port (so that a
 * raw socket knows where to connect) with a FaultService bound as "service".
 * Prints "PROVIDER fastrmi" or "PROVIDER stock ..." and "PORT n" when ready,
 * "BLOCKED" when a call enters block() and "UNBLOCKED ms" when it leaves.
 * Commands on standard input: "count" prints "CONN n", the number of its
 * connection threads; "threads" prints every thread's name; "release" ends
 * the blocked calls; "unexport" unexports the service. At the end of its
 * input it unexports everything and returns from main, so that it exits
 * only if RMI leaves no non-daemon thread behind; after limitSeconds it
 * exits with status 2 whatever happens.
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

        ServiceImpl service = new ServiceImpl();
        FaultService stub = (FaultService) UnicastRemoteObject.exportObject(service, 0);
        fastrmi = !Proxy.isProxyClass(stub.getClass());
        System.out.println("PROVIDER " + (fastrmi ? "fastrmi" : "stock") + " " + stub.getClass().getName());
        int[] port = new int[1];
        Registry registry = createRegistry(port);
        registry.rebind("service", stub);
        System.out.println("PORT " + port[0]);

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

    /** A registry at a port that was free a moment ago; a few tries in case another process takes it. */
    static Registry createRegistry(int[] port) throws IOException {
        for (int attempt = 1; ; attempt++) {
            try (ServerSocket probe = new ServerSocket(0)) {
                port[0] = probe.getLocalPort();
            }
            try {
                return LocateRegistry.createRegistry(port[0]);
            } catch (ExportException e) {
                if (attempt == 10) {
                    throw e;
                }
                System.out.println("server: port " + port[0] + " taken, trying another: " + e);
            }
        }
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
            return name.startsWith("fastrmi-tcp-conn-");
        }
        // Stock RMI keeps a served connection's thread in a pool, renamed "(idle)".
        return name.startsWith("RMI TCP Connection(") && !name.contains("(idle)");
    }
}
