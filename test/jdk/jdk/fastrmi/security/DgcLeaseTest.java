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
 * @test id=lease
 * @summary A peer that speaks to jdk.fastrmi's DGC service directly, with a
 *          client id of its own making, cannot pin an exported object: a
 *          dirty call asking for a lease of 0 (or less) is granted the
 *          server's java.rmi.dgc.leaseValue, as stock's DGCImpl grants it,
 *          one asking for more is clamped to it, and once the forged lease
 *          lapses the object is unreferenced; a clean from a client id that
 *          never called dirty changes nothing. The object is a server JVM's
 *          (the fabric reaches no endpoint of its own JVM), its DGC service
 *          reached over every technology (grande.test.Technologies).
 * @modules java.rmi jdk.fastrmi/jdk.fastrmi:open jdk.fastrmi/jdk.internal.fastrmi
 *          jdk.fastrmi/jdk.internal.fastrmi.dgc
 * @library /lib /jdk/jdk/fastrmi/spi/testtech
 * @build grande.test.* DgcLeaseTest DgcPeer fastrmi.testtech.*
 * @run main/othervm/timeout=600 -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      grande.test.Technologies -Djava.rmi.dgc.leaseValue=2000 DgcLeaseTest lease
 */

/*
 * @test id=cluster
 * @summary The exception: over a technology whose references are collected
 *          without leases (jdk.fastrmi.<technology>.dgc=cluster in the
 *          server JVM, for the technology under test), a dirty call of 0
 *          holds the object until its clean, which is what that collector's
 *          clients send. Over every technology (grande.test.Technologies).
 * @modules java.rmi jdk.fastrmi/jdk.fastrmi:open jdk.fastrmi/jdk.internal.fastrmi
 *          jdk.fastrmi/jdk.internal.fastrmi.dgc
 * @library /lib /jdk/jdk/fastrmi/spi/testtech
 * @build grande.test.* DgcLeaseTest DgcPeer fastrmi.testtech.*
 * @run main/othervm/timeout=600 -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      grande.test.Technologies -Djava.rmi.dgc.leaseValue=2000 DgcLeaseTest cluster
 */

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.UnicastRemoteObject;
import java.rmi.server.Unreferenced;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import grande.test.ChildJvm;
import grande.test.Technologies;
import jdk.fastrmi.spi.Endpoint;
import jdk.internal.fastrmi.RemoteReference;
import jdk.internal.fastrmi.dgc.DgcService;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class DgcLeaseTest {

    public interface Pinned extends Remote {
        int id() throws RemoteException;
    }

    /* Prints "UNREFERENCED t", t its System.nanoTime() then. */
    static final class PinnedImpl implements Pinned, Unreferenced {
        @Override
        public int id() {
            return 1;
        }

        @Override
        public void unreferenced() {
            System.out.println("UNREFERENCED " + System.nanoTime());
        }
    }

    /**
     * The server JVM: exports a Pinned, prints its object id and endpoints
     * ("OBJECT id", "ENDPOINTS n", then n lines "ENDPOINT technology
     * address"), and answers "mark n" with "MARK n" (what it printed before
     * has then arrived) until "stop". It binds the object nowhere: a stub of
     * it in the test JVM would make that JVM's own DGC client hold it.
     */
    public static final class Server {
        public static void main(String[] args) throws Exception {
            ChildJvm.exitWithParent();
            PinnedImpl impl = new PinnedImpl();
            RemoteReference ref = DgcPeer.referenceOf(UnicastRemoteObject.exportObject(impl, 0));
            System.out.println("OBJECT " + ref.objectId());
            System.out.println("ENDPOINTS " + ref.endpoints().length);
            for (Endpoint e : ref.endpoints()) {
                System.out.println("ENDPOINT " + e.technology() + " " + e.address());
            }
            for (String command; !(command = ChildJvm.nextCommand(170)).equals("stop"); ) {
                System.out.println(command.startsWith("mark ") ? "MARK " + command.substring(5)
                                                               : "unknown command: " + command);
            }
            UnicastRemoteObject.unexportObject(impl, true);
            System.exit(0);
        }
    }

    private static final long LEASE = Long.getLong("java.rmi.dgc.leaseValue");
    /* client ids of the runtime's own are random longs; these name no runtime */
    private static final long FORGED_CLIENT = 0x5EED_0001L;
    private static final long UNKNOWN_CLIENT = 0x5EED_0002L;

    private static ChildJvm server;
    private static int marks;

    public static void main(String[] args) throws Exception {
        boolean cluster = args[0].equals("cluster");
        List<String> options = new ArrayList<>(Technologies.fromJtreg());     // @modules, for DgcPeer
        options.add("-Djava.rmi.dgc.leaseValue=" + LEASE);
        if (cluster) {
            // the technology under test as Technologies names it, "fabric:shm": its settings are jdk.fastrmi.fabric.*
            String technology = System.getProperty(ChildJvm.TECHNOLOGY);
            if (technology == null) {
                throw new IllegalStateException(ChildJvm.TECHNOLOGY + " is not set: run grande.test.Technologies");
            }
            options.add("-Djdk.fastrmi." + technology.split(":", 2)[0] + ".dgc=cluster");
        }
        try (ChildJvm s = ChildJvm.start("server", options, Server.class.getName())) {
            server = s;
            long[] ids = {Long.parseLong(server.awaitLine("OBJECT ", 60).trim())};
            Endpoint[] endpoints = new Endpoint[Integer.parseInt(server.awaitLine("ENDPOINTS ", 10).trim())];
            for (int i = 0; i < endpoints.length; i++) {
                String[] e = server.awaitLine("ENDPOINT ", 10).split(" ", 2);
                endpoints[i] = new Endpoint(e[0], e[1]);
            }
            // the DGC service of the server, reached over the network as a peer reaches it
            DgcService dgc = DgcPeer.dgcAt(endpoints);
            System.out.println("object " + ids[0]);

            long granted = dgc.dirty(ids, FORGED_CLIENT, LEASE * 1000);
            expectEquals(LEASE, granted, "a lease longer than leaseValue is clamped to it");
            granted = dgc.dirty(ids, FORGED_CLIENT, 0);
            if (cluster) {
                expectEquals(0L, granted, "over a technology without leases a dirty call of 0 holds for good");
            } else {
                expectEquals(LEASE, granted, "a lease of 0 is granted leaseValue, as stock grants it");
                expectEquals(LEASE, dgc.dirty(ids, FORGED_CLIENT, -5), "a negative lease too");
            }
            long held = System.nanoTime();

            dgc.clean(ids, UNKNOWN_CLIENT);
            Thread.sleep(LEASE / 2);
            expect(!unreferenced(), "a clean from a client that never called dirty changes nothing");

            if (cluster) {
                Thread.sleep(3 * LEASE);
                expect(!unreferenced(), "without leases the object stays referenced past any lease");
                dgc.clean(ids, FORGED_CLIENT);
                server.awaitLine("UNREFERENCED ", 20);
                System.out.println("ok: the client's clean ends its reference");
            } else {
                // the server's System.nanoTime: on Linux both JVMs read the same CLOCK_MONOTONIC
                long unreferencedAt = Long.parseLong(server.awaitLine("UNREFERENCED ", 20).trim());
                System.out.println("ok: the forged client's lease lapses and the object is unreferenced");
                long after = TimeUnit.NANOSECONDS.toMillis(unreferencedAt - held);
                expect(after >= LEASE * 3 / 4, "not before the lease ran out: " + after + " ms");
                System.out.println("unreferenced " + after + " ms after the last dirty call");
            }
            server.stop(30);
        }
    }

    /* Whether the server has printed UNREFERENCED by now: marks its output, then looks. */
    private static boolean unreferenced() throws Exception {
        String mark = Integer.toString(++marks);
        server.send("mark " + mark);
        server.awaitLine("MARK " + mark, 30);
        return server.printed("UNREFERENCED ");
    }
}
