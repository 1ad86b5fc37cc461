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
 * @summary An ordinary RMI program runs unchanged on jdk.fastrmi: a server
 *          JVM creates a registry and binds two objects; the client (this
 *          JVM) finds them through LocateRegistry and through Naming URLs,
 *          lists, binds, rebinds and unbinds names (NotBoundException,
 *          AlreadyBoundException as stock), and calls with every primitive
 *          type, strings, arrays, null, and an object graph with cycles and
 *          sharing that comes back deeply equal.
 *          The same program then runs on the JDK's JRMP (no provider
 *          property), the control for the test's expectations.
 * @modules java.rmi jdk.fastrmi
 * @library /lib
 * @build grande.test.* Failures GraphNode
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Dtest.fastrmi.technology=fabric:shm RegistryProgramTest
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.technologies=tcp -Dtest.fastrmi.technology=tcp RegistryProgramTest
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.fabric.local=tcp;ofi_rxm -Dtest.fastrmi.technology=fabric:tcp;ofi_rxm
 *      RegistryProgramTest
 * @run main/othervm -Djava.rmi.server.hostname=127.0.0.1 RegistryProgramTest
 */

import java.rmi.AlreadyBoundException;
import java.rmi.Naming;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

import grande.test.ChildJvm;
import grande.test.Echoes;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class RegistryProgramTest {

    /** The application's remote interface. */
    public interface Catalog extends Echoes {
        String name() throws RemoteException;

        /** All primitive types in one call, printed in order by the server. */
        String format(boolean z, byte b, char c, short s, int i, long l, float f, double d)
                throws RemoteException;

        /** Which arguments the server received as null. */
        String nulls(String s, Object o, int[] a, GraphNode n) throws RemoteException;

        int[] reverse(int[] a) throws RemoteException;
        double[][] transpose(double[][] m) throws RemoteException;
        Object echo(Object o) throws RemoteException;

        /** The shape of the graph as the server received it. */
        String shape(GraphNode root) throws RemoteException;

        /** GraphNode.sample(size, seed), built by the server. */
        GraphNode sample(int size, long seed) throws RemoteException;

        void run() throws RemoteException;
    }

    public static final class CatalogImpl extends Echoes.Impl implements Catalog {
        private final String name;

        public CatalogImpl(String name) {
            this.name = name;
        }

        @Override public String name() { return name; }

        @Override
        public String format(boolean z, byte b, char c, short s, int i, long l, float f, double d) {
            return z + " " + b + " " + (int) c + " " + s + " " + i + " " + l + " " + f + " " + d;
        }


        @Override
        public String nulls(String s, Object o, int[] a, GraphNode n) {
            return (s == null) + " " + (o == null) + " " + (a == null) + " " + (n == null);
        }

        @Override
        public int[] reverse(int[] a) {
            int[] r = new int[a.length];
            for (int i = 0; i < a.length; i++) {
                r[i] = a[a.length - 1 - i];
            }
            return r;
        }

        @Override
        public double[][] transpose(double[][] m) {
            double[][] t = new double[m[0].length][m.length];
            for (int i = 0; i < m.length; i++) {
                for (int j = 0; j < m[i].length; j++) {
                    t[j][i] = m[i][j];
                }
            }
            return t;
        }

        @Override public Object echo(Object o) { return o; }
        @Override public String shape(GraphNode root) { return GraphNode.shape(root); }
        @Override public GraphNode sample(int size, long seed) { return GraphNode.sample(size, seed); }
        @Override public void run() { }
    }

    /** The server program: a registry with "catalog" and "spare"; "stop" ends it. */
    public static final class Server {
        public static void main(String[] args) throws Exception {
            CatalogImpl catalog = new CatalogImpl("catalog");
            CatalogImpl spare = new CatalogImpl("spare");
            ChildJvm.LocalRegistry local = ChildJvm.serve(Map.of("catalog", catalog, "spare", spare));
            ChildJvm.awaitStop(120);
            UnicastRemoteObject.unexportObject(catalog, true);
            UnicastRemoteObject.unexportObject(spare, true);
            UnicastRemoteObject.unexportObject(local.registry(), true);
            System.out.println("STOPPED");
        }
    }

    public static void main(String[] args) throws Exception {
        try (ChildJvm server = ChildJvm.startServer("RegistryProgramTest$Server", List.of())) {
            Catalog catalog = registryOperations(server.port());
            primitives(catalog);
            strings(catalog);
            nulls(catalog);
            arrays(catalog);
            graphs(catalog);

            server.send("stop");
            server.awaitLine("STOPPED", 30);
            expectEquals(0, server.awaitExit(30), "the server's exit code");
        }
    }

    static Catalog registryOperations(int port) throws Exception {
        String url = "rmi://" + ChildJvm.HOST + ":" + port + "/";
        String listed = "//" + ChildJvm.HOST + ":" + port + "/";
        Registry registry = LocateRegistry.getRegistry(ChildJvm.HOST, port);

        expectEquals(List.of("catalog", "spare"), sorted(registry.list()), "registry.list()");
        expectEquals(Set.of(listed + "catalog", listed + "spare"), Set.of(Naming.list(url)), "Naming.list");

        Catalog catalog = (Catalog) registry.lookup("catalog");
        ChildJvm.expectTechnology(catalog);
        ChildJvm.expectRuntimeStub(catalog);
        expectEquals("catalog", catalog.name(), "a call through the stub of registry.lookup");
        Catalog viaNaming = (Catalog) Naming.lookup(url + "catalog");
        expectEquals("catalog", viaNaming.name(), "a call through the stub of Naming.lookup");
        expect(catalog.equals(viaNaming) && viaNaming.equals(catalog),
               "two stubs of one remote object are equal");
        expectEquals(catalog.hashCode(), viaNaming.hashCode(), "and have the same hash code");
        Catalog spare = (Catalog) Naming.lookup(url + "spare");
        expectEquals("spare", spare.name(), "the other object");
        expect(!spare.equals(catalog), "stubs of different objects differ");

        Failures.expectThrows(NotBoundException.class, () -> registry.lookup("missing"), "lookup of a missing name");
        Failures.expectThrows(NotBoundException.class, () -> Naming.lookup(url + "missing"),
                              "Naming.lookup of a missing name");
        Failures.expectThrows(AlreadyBoundException.class, () -> registry.bind("catalog", spare),
                              "bind of a bound name");
        Failures.expectThrows(AlreadyBoundException.class, () -> Naming.bind(url + "spare", catalog),
                     "Naming.bind of a bound name");
        Failures.expectThrows(NotBoundException.class, () -> registry.unbind("missing"), "unbind of a missing name");
        Failures.expectThrows(NotBoundException.class, () -> Naming.unbind(url + "missing"),
                              "Naming.unbind of a missing name");

        // rebind and unbind from this (local) host: a new name, then moved, then gone
        registry.rebind("alias", spare);
        expectEquals("spare", ((Catalog) registry.lookup("alias")).name(), "the rebound alias");
        Naming.rebind(url + "alias", catalog);
        expectEquals("catalog", ((Catalog) Naming.lookup(url + "alias")).name(), "the alias rebound by Naming");
        expectEquals(List.of("alias", "catalog", "spare"), sorted(registry.list()), "the list with the alias");
        registry.unbind("alias");
        Failures.expectThrows(NotBoundException.class, () -> registry.lookup("alias"), "lookup after unbind");

        // this JVM's own object in the server's registry
        CatalogImpl mine = new CatalogImpl("client");
        Remote mineStub = UnicastRemoteObject.exportObject(mine, 0);
        try {
            Naming.bind(url + "client", mineStub);
            Catalog found = (Catalog) registry.lookup("client");
            expect(!(found instanceof CatalogImpl), "this JVM's object comes back from the registry as a stub");
            expectEquals("client", found.name(), "a call to this JVM's object through the registry's stub");
            expectEquals(mineStub, found, "the stub equals the one exported here");
            Naming.unbind(url + "client");
            Failures.expectThrows(NotBoundException.class, () -> Naming.lookup(url + "client"),
                                  "lookup after Naming.unbind");
        } finally {
            UnicastRemoteObject.unexportObject(mine, true);
        }
        expectEquals(List.of("catalog", "spare"), sorted(registry.list()), "the list at the end");
        return catalog;
    }

    static void primitives(Catalog c) throws Exception {
        Echoes.Expect.primitives(c);
        expectEquals("true -128 65535 -32768 2147483647 -9223372036854775808 1.5 -2.25",
                     c.format(true, Byte.MIN_VALUE, '\uffff', Short.MIN_VALUE, Integer.MAX_VALUE,
                              Long.MIN_VALUE, 1.5f, -2.25),
                     "eight primitive arguments of one call, in order");
        c.run();   // void, no arguments
    }

    static void strings(Catalog c) throws Exception {
        String big = "abc\u4e2d\ud83d\ude00".repeat(50_000);
        for (String s : new String[] {"", "ascii", "\u00e9\u4e2d\ud83d\ude00", "lone \ud800 surrogate", "\0", big}) {
            expect(s.equals(c.echoString(s)), "a string of " + s.length() + " chars");
        }
    }

    static void nulls(Catalog c) throws Exception {
        expectEquals(null, c.echoString(null), "a null string");
        expectEquals(null, c.echo(null), "a null object");
        expectEquals("true true true true", c.nulls(null, null, null, null), "four null arguments");
        expectEquals("false true false true", c.nulls("", null, new int[0], null), "some null arguments");
    }

    static void arrays(Catalog c) throws Exception {
        Random random = new Random(7);
        int[] ints = random.ints(50_000).toArray();
        int[] reversed = c.reverse(ints);
        for (int i = 0; i < ints.length; i++) {
            if (reversed[i] != ints[ints.length - 1 - i]) {
                throw new AssertionError("reverse: wrong element " + i);
            }
        }
        System.out.println("ok: int[50000] reversed by the server");
        expectEquals(0, c.reverse(new int[0]).length, "an empty array");
        double[][] m = {{1, 2, 3}, {4, 5, 6}};
        expect(Arrays.deepEquals(new double[][] {{1, 4}, {2, 5}, {3, 6}}, c.transpose(m)), "a transposed matrix");
        Object[] mixed = {null, "s", 1, 2L, new int[] {1}, new String[] {null, "x"}, new byte[300_000],
                          List.of(1, 2), null};
        mixed[8] = mixed;   // contains itself
        Object[] back = (Object[]) c.echo(mixed);
        expect(back[8] == back, "an Object[] that contains itself");
        back[8] = null;
        mixed[8] = null;
        expect(Arrays.deepEquals(mixed, back), "an Object[] of mixed elements");
        Map<String, List<Integer>> map = new TreeMap<>(Map.of("a", List.of(1), "b", new ArrayList<>(List.of(2, 3))));
        expectEquals(map, c.echo(map), "a map of lists");
    }

    static void graphs(Catalog c) throws Exception {
        GraphNode root = GraphNode.sample(200, 42);
        String shape = GraphNode.shape(root);
        expect(shape.equals(c.shape(root)),
               "the graph as the server received it (" + shape.length() + " chars of shape)");
        GraphNode back = (GraphNode) c.echo(root);
        expect(back != root, "the graph came back as a copy");
        expect(shape.equals(GraphNode.shape(back)), "the graph the server returned");
        expectEquals(0, back.visits(), "the transient field of the copy");
        expect(shape.equals(GraphNode.shape(c.sample(200, 42))), "a graph built by the server");
        expect(!shape.equals(GraphNode.shape(GraphNode.sample(200, 43))), "the shape tells graphs apart");
    }

    static List<String> sorted(String[] names) {
        List<String> list = new ArrayList<>(List.of(names));
        list.sort(null);
        return list;
    }
}
