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
 *          never called dirty changes nothing. Over tcp (the fabric's
 *          connections do not reach their own JVM; its server side is the
 *          same DgcServer, and its references have leases by default too).
 * @modules java.rmi jdk.fastrmi/jdk.fastrmi:open jdk.fastrmi/jdk.internal.fastrmi
 *          jdk.fastrmi/jdk.internal.fastrmi.dgc
 * @library /lib
 * @build grande.test.*
 * @run main/othervm/timeout=120 -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djava.rmi.dgc.leaseValue=2000 -Djdk.fastrmi.technologies=tcp DgcLeaseTest lease
 */

/*
 * @test id=cluster
 * @summary The exception: over a technology whose references are collected
 *          without leases (jdk.fastrmi.tcp.dgc=cluster), a dirty call of 0
 *          holds the object until its clean, which is what that collector's
 *          clients send.
 * @modules java.rmi jdk.fastrmi/jdk.fastrmi:open jdk.fastrmi/jdk.internal.fastrmi
 *          jdk.fastrmi/jdk.internal.fastrmi.dgc
 * @library /lib
 * @build grande.test.*
 * @run main/othervm/timeout=120 -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djava.rmi.dgc.leaseValue=2000 -Djdk.fastrmi.technologies=tcp -Djdk.fastrmi.tcp.dgc=cluster
 *      DgcLeaseTest cluster
 */

import java.lang.reflect.Field;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.UnicastRemoteObject;
import java.rmi.server.Unreferenced;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import grande.test.ChildJvm;
import jdk.fastrmi.FastStub;
import jdk.fastrmi.spi.Endpoint;
import jdk.internal.fastrmi.ClientRef;
import jdk.internal.fastrmi.RemoteReference;
import jdk.internal.fastrmi.RemoteRuntime;
import jdk.internal.fastrmi.dgc.DgcService;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class DgcLeaseTest {

    public interface Pinned extends Remote {
        int id() throws RemoteException;
    }

    static final class PinnedImpl implements Pinned, Unreferenced {
        final CountDownLatch unreferenced = new CountDownLatch(1);
        volatile long unreferencedAt;

        @Override
        public int id() {
            return 1;
        }

        @Override
        public void unreferenced() {
            unreferencedAt = System.nanoTime();
            unreferenced.countDown();
        }
    }

    private static final long LEASE = Long.getLong("java.rmi.dgc.leaseValue");
    /* client ids of the runtime's own are random longs; these name no runtime */
    private static final long FORGED_CLIENT = 0x5EED_0001L;
    private static final long UNKNOWN_CLIENT = 0x5EED_0002L;

    public static void main(String[] args) throws Exception {
        boolean cluster = args[0].equals("cluster");
        PinnedImpl impl = new PinnedImpl();
        Remote stub = UnicastRemoteObject.exportObject(impl, 0);
        RemoteReference ref = referenceOf(stub);
        long[] ids = {ref.objectId()};
        // the DGC service of this JVM, reached over the network as a peer reaches it
        Endpoint endpoint = ref.endpoints()[0];
        DgcService dgc = RemoteRuntime.get().dgcStub(endpoint);
        System.out.println("DGC at " + endpoint + ", object " + ref.objectId());

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
        expect(!impl.unreferenced.await(LEASE / 2, TimeUnit.MILLISECONDS),
               "a clean from a client that never called dirty changes nothing");

        if (cluster) {
            expect(!impl.unreferenced.await(3 * LEASE, TimeUnit.MILLISECONDS),
                   "without leases the object stays referenced past any lease");
            dgc.clean(ids, FORGED_CLIENT);
            expect(impl.unreferenced.await(ChildJvm.seconds(20), TimeUnit.SECONDS),
                   "the client's clean ends its reference");
        } else {
            expect(impl.unreferenced.await(ChildJvm.seconds(20), TimeUnit.SECONDS),
                   "the forged client's lease lapses and the object is unreferenced");
            long after = TimeUnit.NANOSECONDS.toMillis(impl.unreferencedAt - held);
            expect(after >= LEASE * 3 / 4, "not before the lease ran out: " + after + " ms");
            System.out.println("unreferenced " + after + " ms after the last dirty call");
        }
        UnicastRemoteObject.unexportObject(impl, true);
    }

    /* The reference behind a jdk.fastrmi stub (FastStub.ref, a ClientRef). */
    private static RemoteReference referenceOf(Remote stub) throws ReflectiveOperationException {
        expect(stub instanceof FastStub, "a jdk.fastrmi stub: " + stub.getClass());
        Field f = FastStub.class.getDeclaredField("ref");
        f.setAccessible(true);
        return ((ClientRef) f.get(stub)).reference();
    }
}
