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
 * @summary Calls between two JVMs whose cores are taken by computing
 *          threads that never block (one per core in each JVM): with the
 *          adaptive wait policy, both JVMs come to prefer blocking (their
 *          trials found blocked waits shorter than polled ones, which give
 *          the core away for a time slice at each yield), and the calls go
 *          on meanwhile and after; with jdk.fastrmi.wait=block nothing is
 *          tried and the JVMs never switch.
 * @modules java.rmi jdk.fastrmi jdk.fastrmi/jdk.fastrmi.spi:+open
 * @library /lib
 * @build grande.test.*
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.technologies=tcp -Dtest.fastrmi.technology=tcp BusyNeighboursWaitTest
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Dtest.fastrmi.technology=fabric:shm BusyNeighboursWaitTest
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.technologies=tcp -Dtest.fastrmi.technology=tcp -Djdk.fastrmi.wait=block
 *      BusyNeighboursWaitTest
 */

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import grande.test.ChildJvm;

import static grande.test.Checks.expect;

public class BusyNeighboursWaitTest {

    static final boolean BLOCK = "block".equals(System.getProperty("jdk.fastrmi.wait"));
    static final int CALLERS = 2;

    public interface Pinger extends Remote {
        /** Nothing. */
        void ping() throws RemoteException;

        /** Whether the server's JVM prefers blocking. */
        boolean prefersBlocking() throws RemoteException;

        /** Starts (true) or stops (false) one computing thread per core in the server. */
        void compute(boolean on) throws RemoteException;
    }

    public static final class PingerImpl implements Pinger {
        private final Neighbours neighbours = new Neighbours();

        @Override
        public void ping() { }

        @Override
        public boolean prefersBlocking() {
            return BusyNeighboursWaitTest.prefersBlocking();
        }

        @Override
        public void compute(boolean on) {
            if (on) {
                neighbours.start();
            } else {
                neighbours.stop();
            }
        }
    }

    /** Threads that compute and never block, one per core. */
    static final class Neighbours {
        private final AtomicBoolean running = new AtomicBoolean();
        private final List<Thread> threads = new ArrayList<>();
        volatile long sink;

        synchronized void start() {
            running.set(true);
            for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
                Thread t = new Thread(() -> {
                    long x = 1;
                    while (running.get()) {
                        for (int j = 0; j < 100_000; j++) {
                            x = x * 6364136223846793005L + 1442695040888963407L;
                        }
                    }
                    sink = x;
                }, "neighbour-" + i);
                t.setDaemon(true);
                t.start();
                threads.add(t);
            }
        }

        synchronized void stop() {
            running.set(false);
            for (Thread t : threads) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
            threads.clear();
        }
    }

    /* The JVM's WaitPhases.prefersBlocking(), through WaitPolicy's private PHASES. */
    static boolean prefersBlocking() {
        try {
            Class<?> policy = Class.forName("jdk.fastrmi.spi.WaitPolicy");
            Field f = policy.getDeclaredField("PHASES");
            f.setAccessible(true);
            Object phases = f.get(null);
            Method m = phases.getClass().getDeclaredMethod("prefersBlocking");
            m.setAccessible(true);
            return (Boolean) m.invoke(phases);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("WaitPolicy.PHASES.prefersBlocking()", e);
        }
    }

    public static final class Server {
        public static void main(String[] args) throws Exception {
            ChildJvm.serveUntilStop("pinger", new PingerImpl(), 300);
        }
    }

    public static void main(String[] args) throws Exception {
        List<String> opens = List.of("--add-opens=jdk.fastrmi/jdk.fastrmi.spi=ALL-UNNAMED");
        try (ChildJvm server = ChildJvm.startServer("BusyNeighboursWaitTest$Server", opens)) {
            Pinger pinger = server.lookup("pinger");
            expect(!prefersBlocking() && !pinger.prefersBlocking(), "a JVM prefers blocking before any call");

            AtomicBoolean calling = new AtomicBoolean(true);
            AtomicLong calls = new AtomicLong();
            List<Throwable> failures = new ArrayList<>();
            List<Thread> callers = new ArrayList<>();
            long callerDeadline = System.nanoTime() + ChildJvm.seconds(200) * 1_000_000_000L;
            for (int i = 0; i < CALLERS; i++) {
                Thread t = new Thread(() -> {
                    try {
                        while (calling.get() && System.nanoTime() - callerDeadline < 0) {
                            pinger.ping();
                            calls.incrementAndGet();
                        }
                    } catch (Throwable e) {
                        synchronized (failures) {
                            failures.add(e);
                        }
                    }
                }, "caller-" + i);
                t.start();
                callers.add(t);
            }
            Neighbours mine = new Neighbours();
            try {
                awaitCalls(calls, 2000, "before the neighbours");
                mine.start();
                pinger.compute(true);
                // a trial every 2 s: with jdk.fastrmi.wait=block, three seconds of them
                long seconds = BLOCK ? 3 : ChildJvm.seconds(30);
                long end = System.nanoTime() + seconds * 1_000_000_000L;
                boolean client = false, srv = false;
                while (System.nanoTime() - end < 0 && (BLOCK || !(client && srv))) {
                    Thread.sleep(200);
                    client = prefersBlocking();
                    srv = pinger.prefersBlocking();
                }
                System.out.println("with neighbours: client prefers blocking " + client + ", server " + srv
                                   + ", calls " + calls.get());
                if (BLOCK) {
                    expect(!client && !srv, "jdk.fastrmi.wait=block tried polling and switched");
                } else {
                    expect(client, "the client kept preferring polling beside its neighbours for " + seconds + " s");
                    expect(srv, "the server kept preferring polling beside its neighbours for " + seconds + " s");
                }
                awaitCalls(calls, 1000, "beside the neighbours");
            } finally {
                mine.stop();
                pinger.compute(false);
            }
            awaitCalls(calls, 1000, "after the neighbours");
            calling.set(false);
            for (Thread t : callers) {
                t.join();
            }
            if (!failures.isEmpty()) {
                throw new AssertionError("a call failed", failures.get(0));
            }
            server.stop(30);
        }
    }

    /* Waits until n more calls were made, within a (scaled) minute. */
    private static void awaitCalls(AtomicLong calls, long n, String when) throws InterruptedException {
        long target = calls.get() + n;
        long end = System.nanoTime() + ChildJvm.seconds(60) * 1_000_000_000L;
        while (calls.get() < target && System.nanoTime() - end < 0) {
            Thread.sleep(10);
        }
        expect(calls.get() >= target, n + " calls did not complete within a minute " + when);
    }
}
