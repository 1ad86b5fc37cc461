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
 * @test id=default
 * @summary jdk.fastrmi's DGC service reads what stock DGC reads: at most
 *          10,000 object ids per dirty or clean call (stock's maxarray for
 *          DGC), so a peer's call with more is refused before the array
 *          is allocated (ServerException caused by UnmarshalException
 *          caused by InvalidClassException, the shape of stock's filter
 *          refusal); and the runtime's own DGC client, holding 10,001
 *          references to one server, splits its dirty calls so that
 *          the server refuses none: the objects stay referenced past
 *          three leases, and are unreferenced once the client drops them.
 *          The DGC service is a server JVM's, reached over every technology
 *          (grande.test.Technologies).
 * @modules java.rmi jdk.fastrmi/jdk.fastrmi:open jdk.fastrmi/jdk.internal.fastrmi
 *          jdk.fastrmi/jdk.internal.fastrmi.dgc
 * @library /lib /jdk/jdk/fastrmi/spi/testtech
 * @build grande.test.* DgcFilterTest DgcPeer fastrmi.testtech.*
 * @run main/othervm/timeout=600 -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      grande.test.Technologies DgcFilterTest default
 */

/*
 * @test id=configured
 * @summary sun.rmi.transport.dgcFilter, stock's property, decides first,
 *          as in stock DGC: with maxarray=3 in the server JVM a dirty call of
 *          4 ids is refused and one of 3 is granted. Over every technology
 *          (grande.test.Technologies).
 * @modules java.rmi jdk.fastrmi/jdk.fastrmi:open jdk.fastrmi/jdk.internal.fastrmi
 *          jdk.fastrmi/jdk.internal.fastrmi.dgc
 * @library /lib /jdk/jdk/fastrmi/spi/testtech
 * @build grande.test.* DgcFilterTest DgcPeer fastrmi.testtech.*
 * @run main/othervm/timeout=600 -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      grande.test.Technologies DgcFilterTest configured
 */

import java.io.InvalidClassException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.ServerException;
import java.rmi.UnmarshalException;
import java.rmi.server.UnicastRemoteObject;
import java.rmi.server.Unreferenced;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import grande.test.ChildJvm;
import jdk.internal.fastrmi.dgc.DgcService;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class DgcFilterTest {

    static final int MANY = 10_001;
    static final long LEASE = 1000;
    static final long FORGED_CLIENT = 0x5EED_0003L;
    /** The server JVM's DGC filter in the configured case. */
    static final String CONFIGURED_FILTER = "maxarray=3";

    public interface Item extends Remote {
        int id() throws RemoteException;
    }

    public interface Factory extends Remote {
        /* MANY freshly exported items; the server counts their unreferenced() calls */
        Item[] items() throws RemoteException;

        int unreferenced() throws RemoteException;
    }

    static final class ItemImpl implements Item, Unreferenced {
        static final AtomicInteger UNREFERENCED = new AtomicInteger();
        final int id;

        ItemImpl(int id) {
            this.id = id;
        }

        @Override
        public int id() {
            return id;
        }

        @Override
        public void unreferenced() {
            UNREFERENCED.incrementAndGet();
        }
    }

    static final class FactoryImpl implements Factory {
        @Override
        public Item[] items() throws RemoteException {
            Item[] items = new Item[MANY];
            for (int i = 0; i < MANY; i++) {
                items[i] = (Item) UnicastRemoteObject.exportObject(new ItemImpl(i), 0);
            }
            return items;
        }

        @Override
        public int unreferenced() {
            return ItemImpl.UNREFERENCED.get();
        }
    }

    /* The server JVM: its factory is the object whose DGC service the test calls. */
    public static class Server {
        public static void main(String[] args) throws Exception {
            FactoryImpl factory = new FactoryImpl();
            ChildJvm.serveUntilStop("factory", factory, 200);
        }
    }

    public static void main(String[] args) throws Exception {
        if (args[0].equals("configured")) {
            try (ChildJvm server = ChildJvm.startServer(Server.class.getName(),
                    List.of("-Dsun.rmi.transport.dgcFilter=" + CONFIGURED_FILTER))) {
                configured(server.lookup("factory"));
                server.stop(30);
            }
        } else {
            try (ChildJvm server = ChildJvm.startServer(Server.class.getName(),
                    List.of("-Djava.rmi.dgc.leaseValue=" + LEASE, "-Xmx512m"))) {
                Factory factory = server.lookup("factory");
                directCalls(factory);
                runtimeClient(factory);
                server.stop(30);
            }
        }
    }

    /* A peer's dirty calls against the server's DGC service, over the network. */
    private static void directCalls(Factory factory) throws Exception {
        DgcService dgc = DgcPeer.dgcAt(DgcPeer.referenceOf(factory).endpoints());
        long[] limit = new long[10_000];
        long[] over = new long[10_001];
        expect(dgc.dirty(limit, FORGED_CLIENT, LEASE) > 0, "10,000 ids in one call are read");
        expectRefused(() -> dgc.dirty(over, FORGED_CLIENT, LEASE), "a dirty call of 10,001 ids");
        expectRefused(() -> {
            dgc.clean(over, FORGED_CLIENT);
            return 0L;
        }, "a clean call of 10,001 ids");
        expect(dgc.dirty(new long[1], FORGED_CLIENT, LEASE) > 0, "the service answers after the refusals");
    }

    /* This runtime as the DGC client of a server in another JVM, holding MANY references. */
    private static void runtimeClient(Factory factory) throws Exception {
        List<Item> held = new ArrayList<>(List.of(factory.items()));
        expectEquals(MANY, held.size(), "items received");
        expectEquals(MANY - 1, held.get(MANY - 1).id(), "the last item answers");
        Thread.sleep(3 * LEASE);
        expectEquals(0, factory.unreferenced(),
                     "no item is unreferenced while the client holds them, three leases on");
        held.clear();
        long deadline = System.nanoTime() + ChildJvm.seconds(60) * 1_000_000_000L;
        int unreferenced = 0;
        while (System.nanoTime() < deadline && (unreferenced = factory.unreferenced()) < MANY) {
            System.gc();
            Thread.sleep(200);
        }
        expectEquals(MANY, unreferenced, "every item is unreferenced once the client dropped it");
    }

    private static void configured(Factory factory) throws Exception {
        DgcService dgc = DgcPeer.dgcAt(DgcPeer.referenceOf(factory).endpoints());
        expect(dgc.dirty(new long[3], FORGED_CLIENT, LEASE) > 0, "3 ids pass " + CONFIGURED_FILTER);
        expectRefused(() -> dgc.dirty(new long[4], FORGED_CLIENT, LEASE), "4 ids with " + CONFIGURED_FILTER);
    }

    interface DgcCall {
        long call() throws RemoteException;
    }

    private static void expectRefused(DgcCall call, String what) {
        try {
            call.call();
            throw new AssertionError(what + ": accepted");
        } catch (RemoteException e) {
            expect(e instanceof ServerException, what + ": ServerException, got " + e);
            expect(e.getCause() instanceof UnmarshalException, what + ": caused by UnmarshalException, got " + e.getCause());
            expect(e.getCause().getCause() instanceof InvalidClassException,
                   what + ": the filter's InvalidClassException, got " + e.getCause().getCause());
            System.out.println("ok: " + what + " refused: " + e.getCause().getCause());
        }
    }
}
