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
 * @test id=one
 * @summary The shared-memory connections between two JVMs share at most
 *          jdk.fastrmi.fabric.endpointsPerPeer libfabric endpoints, so as
 *          many shm regions at each end: 8 callers held in the server at
 *          once and one more asking (9 connections) leave exactly that many
 *          regions in each JVM, 1 and 4 here (before: 9 each, one per
 *          connection, 16 MiB of /dev/shm apiece). Over those connections
 *          8 threads then echo
 *          arrays of 16 B to 1 MiB at once (messages, shared regions and
 *          all sizes between interleaved on the one endpoint), each
 *          checked byte for byte; connections closed while others run (the
 *          idle sweep) and opened again take nothing from the others. Once
 *          every connection is idle and closed, both JVMs' regions are gone.
 * @modules java.rmi jdk.fastrmi
 * @library /lib
 * @build grande.test.*
 * @run main/othervm/timeout=300 -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Dtest.fastrmi.technology=fabric:shm -Djdk.fastrmi.tcp.idleTimeout=1000
 *      -Djdk.fastrmi.fabric.endpointsPerPeer=1 SharedLinkTest
 */

/*
 * @test id=four
 * @summary The same with four endpoints per peer: connections spread over
 *          four, four regions at each end.
 * @modules java.rmi jdk.fastrmi
 * @library /lib
 * @build grande.test.*
 * @run main/othervm/timeout=300 -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Dtest.fastrmi.technology=fabric:shm -Djdk.fastrmi.tcp.idleTimeout=1000
 *      -Djdk.fastrmi.fabric.endpointsPerPeer=4 SharedLinkTest
 */

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import grande.test.ChildJvm;
import grande.test.Resources;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class SharedLinkTest {

    public interface Service extends Remote {
        /** Waits until released (at most 60 s); returns the most callers that were in here at once. */
        int hold() throws RemoteException;

        /** @return the callers in hold now */
        int inside() throws RemoteException;

        void release() throws RemoteException;

        byte[] echo(byte[] data) throws RemoteException;

        long pid() throws RemoteException;
    }

    static final class ServiceImpl implements Service {
        private int inside;
        private int most;
        private boolean released;

        @Override
        public synchronized int hold() {
            inside++;
            most = Math.max(most, inside);
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            try {
                while (!released && System.nanoTime() - end < 0) {
                    wait(100);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                inside--;
            }
            return most;
        }

        @Override
        public synchronized int inside() {
            return inside;
        }

        @Override
        public synchronized void release() {
            released = true;
            notifyAll();
        }

        @Override
        public byte[] echo(byte[] data) {
            return data;
        }

        @Override
        public long pid() {
            return ProcessHandle.current().pid();
        }
    }

    /** The server: exports the service and serves until told to stop. */
    public static final class Server {
        public static void main(String[] args) throws Exception {
            ChildJvm.serveUntilStop("service", new ServiceImpl(), 240);
        }
    }

    static final int CALLERS = 8;
    static final int ROUNDS = 30;
    /* below and above the rendezvous (4 KiB) and eager (64 KiB) sizes, and large */
    static final int[] SIZES = {16, 4095, 4097, 40_000, 65_535, 70_000, 300_000, 1 << 20};

    public static void main(String[] args) throws Exception {
        long self = ProcessHandle.current().pid();
        expectEquals(List.of(), Resources.shmRegions(self), "no region of this JVM before");
        int endpoints = Integer.getInteger("jdk.fastrmi.fabric.endpointsPerPeer");
        // the child inherits every jdk.fastrmi.* property of this JVM
        try (ChildJvm server = ChildJvm.startServer("SharedLinkTest$Server", List.of())) {
            Service service = server.lookup("service");
            long serverPid = service.pid();
            ExecutorService pool = Executors.newFixedThreadPool(CALLERS);
            try {
                // 8 callers held in the server at once, and this thread asking: 9 connections
                List<Future<Integer>> held = new ArrayList<>();
                for (int i = 0; i < CALLERS; i++) {
                    held.add(pool.submit(service::hold));
                }
                long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                while (service.inside() < CALLERS && System.nanoTime() - end < 0) {
                    Thread.sleep(50);
                }
                expectEquals(CALLERS, service.inside(), "callers held in the server");
                expectEquals(endpoints, Resources.shmRegions(serverPid).size(),
                             "shm regions of the server with " + (CALLERS + 1) + " connections: "
                             + Resources.shmRegions(serverPid));
                expectEquals(endpoints, Resources.shmRegions(self).size(),
                             "shm regions of the client with " + (CALLERS + 1) + " connections: "
                             + Resources.shmRegions(self));
                service.release();
                for (Future<Integer> f : held) {
                    expectEquals(CALLERS, f.get(60, TimeUnit.SECONDS), "the most callers held at once");
                }

                // every size from every thread at once; a pause in the middle lets the sweep close some
                CountDownLatch start = new CountDownLatch(1);
                List<Future<Integer>> echoes = new ArrayList<>();
                for (int t = 0; t < CALLERS; t++) {
                    int thread = t;
                    echoes.add(pool.submit(() -> {
                        start.await();
                        int checked = 0;
                        for (int r = 0; r < ROUNDS; r++) {
                            int size = SIZES[(r + thread) % SIZES.length];
                            byte[] data = pattern(size, thread * 1000 + r);
                            byte[] back = service.echo(data);
                            expect(Arrays.equals(data, back), "thread " + thread + " round " + r
                                   + ": " + size + " bytes echoed unchanged");
                            checked++;
                            if (r == ROUNDS / 2 && thread % 2 == 0) {
                                Thread.sleep(2500);     // past the idle time-out: its connection goes
                            }
                        }
                        return checked;
                    }));
                }
                start.countDown();
                for (Future<Integer> f : echoes) {
                    expectEquals(ROUNDS, f.get(120, TimeUnit.SECONDS), "echoes checked by one thread");
                }
                expect(Resources.shmRegions(serverPid).size() <= endpoints,
                       "still " + endpoints + " regions of the server at most: " + Resources.shmRegions(serverPid));
            } finally {
                pool.shutdownNow();
            }

            // idle: every connection is closed by the sweep, and the shared endpoints with the last one
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while ((!Resources.shmRegions(self).isEmpty() || !Resources.shmRegions(serverPid).isEmpty())
                   && System.nanoTime() - end < 0) {
                Thread.sleep(200);
            }
            expectEquals(List.of(), Resources.shmRegions(self), "the client's regions once idle");
            expectEquals(List.of(), Resources.shmRegions(serverPid), "the server's regions once idle");

            // and a new connection opens a new one
            byte[] data = pattern(100_000, 7);
            expect(Arrays.equals(data, service.echo(data)), "a call after the links closed");
            server.stop(30);
        }
    }

    static byte[] pattern(int size, int seed) {
        byte[] b = new byte[size];
        for (int i = 0; i < size; i++) {
            b[i] = (byte) (i * 31 + seed * 17 + (i >>> 8));
        }
        return b;
    }
}
