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
 * @summary A call through a stub whose object lives in the same JVM (from
 *          RemoteObject.toStub, exportObject, or a lookup in a registry of
 *          this JVM) runs the impl directly on the caller's thread, with
 *          call-by-copy: the impl gets a copy of a mutable argument and the
 *          caller's object stays unchanged, an object passed twice is one
 *          object inside the call, results are copies; String, boxes and
 *          enums pass as they are and a jdk.fastrmi.Immutable object passes
 *          as the same instance; an exported impl passed as an argument or
 *          returned arrives as its stub; a declared exception arrives as
 *          itself; after unexport a call gets NoSuchObjectException. Also in
 *          the interpreter and with every method compiled at once. The
 *          control on the JDK's JRMP (no provider property): call-by-copy
 *          holds there too (its local calls go through a loopback
 *          connection, on another thread), and Immutable objects, String and
 *          boxes arrive as copies. A value that cannot be copied fails the
 *          local call with stock's exception for the same remote call: an
 *          argument that cannot be written a MarshalException, one that
 *          cannot be read a ServerException holding an UnmarshalException
 *          (as the callee's side reads arguments), a result that cannot be
 *          read an UnmarshalException; the same checks pass on stock.
 * @modules java.rmi jdk.fastrmi
 * @library /lib
 * @build grande.test.* Failures
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1 LocalCallTest
 * @run main/othervm -Xint -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1 LocalCallTest
 * @run main/othervm -Xcomp -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1 LocalCallTest
 * @run main/othervm -Djava.rmi.server.hostname=127.0.0.1 LocalCallTest
 */

import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serial;
import java.io.Serializable;
import java.rmi.MarshalException;
import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.ServerException;
import java.rmi.UnmarshalException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.RemoteObject;
import java.rmi.server.UnicastRemoteObject;
import java.util.ArrayList;
import java.util.List;

import grande.test.ChildJvm;

import jdk.fastrmi.Immutable;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class LocalCallTest {

    /** A mutable argument. */
    public static final class Box implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;
        int value;
        final ArrayList<String> items;

        Box(int value, ArrayList<String> items) {
            this.value = value;
            this.items = items;
        }
    }

    /** An immutable value the application marks so that it is not copied. */
    public record Point(int x, int y) implements Immutable, Serializable { }

    public enum Color { RED, GREEN }

    /** Written, never read: its readObject refuses. */
    public static final class Unreadable implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;

        @Serial
        private void readObject(ObjectInputStream in) throws InvalidObjectException {
            throw new InvalidObjectException("unreadable");
        }
    }

    public static final class VaultClosedException extends Exception {
        @Serial
        private static final long serialVersionUID = 1L;

        VaultClosedException(String message) {
            super(message);
        }
    }

    public interface Vault extends Remote {
        /** Changes b and returns it. */
        Box mutate(Box b) throws RemoteException;
        boolean same(Object a, Object b) throws RemoteException;
        boolean sameElements(Box[] pair) throws RemoteException;
        /** The box the vault keeps. */
        Box stored() throws RemoteException;
        int storedValue() throws RemoteException;
        boolean isRemembered(Point p) throws RemoteException;
        Point remembered() throws RemoteException;
        Object echo(Object o) throws RemoteException;
        String echoString(String s) throws RemoteException;
        Integer echoInteger(Integer i) throws RemoteException;
        Color echoColor(Color c) throws RemoteException;
        int add(int a, int b) throws RemoteException;
        /** How r arrived: "stub" or what else. */
        String arrivedAs(Remote r) throws RemoteException;
        Remote echoRemote(Remote r) throws RemoteException;
        void refuse(String why) throws VaultClosedException, RemoteException;
        Object unreadable() throws RemoteException;
    }

    public static final class VaultImpl implements Vault {
        final Box stored = new Box(7, new ArrayList<>(List.of("kept")));
        volatile Point remembered;
        volatile Object lastArgument;
        volatile Thread lastThread;

        private void called(Object argument) {
            lastArgument = argument;
            lastThread = Thread.currentThread();
        }

        @Override
        public Box mutate(Box b) {
            called(b);
            b.value = -1;
            b.items.add("changed by the impl");
            return b;
        }

        @Override public boolean same(Object a, Object b) { called(a); return a == b; }
        @Override public boolean sameElements(Box[] pair) { called(pair); return pair[0] == pair[1]; }
        @Override public Box stored() { called(null); return stored; }
        @Override public int storedValue() { called(null); return stored.value; }
        @Override public boolean isRemembered(Point p) { called(p); return p == remembered; }
        @Override public Point remembered() { called(null); return remembered; }
        @Override public Object echo(Object o) { called(o); return o; }
        @Override public String echoString(String s) { called(s); return s; }
        @Override public Integer echoInteger(Integer i) { called(i); return i; }
        @Override public Color echoColor(Color c) { called(c); return c; }
        @Override public int add(int a, int b) { called(null); return a + b; }

        @Override
        public String arrivedAs(Remote r) {
            called(r);
            if (r instanceof VaultImpl) {
                return "the impl";
            }
            return r instanceof Vault ? "stub" : "something else: " + r;
        }

        @Override public Remote echoRemote(Remote r) { called(r); return r; }
        @Override public Object unreadable() { called(null); return new Unreadable(); }

        @Override
        public void refuse(String why) throws VaultClosedException {
            called(why);
            throw new VaultClosedException(why);
        }
    }

    public static void main(String[] args) throws Exception {
        System.out.println("runtime: " + ChildJvm.expectedRuntime());
        VaultImpl impl = new VaultImpl();
        Vault exported = (Vault) UnicastRemoteObject.exportObject(impl, 0);
        Vault stub = (Vault) RemoteObject.toStub(impl);
        expectEquals(exported, stub, "the stub of exportObject equals that of toStub");
        ChildJvm.expectRuntimeStub(stub);

        ChildJvm.LocalRegistry local = ChildJvm.createRegistry();
        local.registry().bind("vault", stub);
        Registry registry = LocateRegistry.getRegistry(ChildJvm.HOST, local.port());
        Vault lookedUp = (Vault) registry.lookup("vault");
        expectEquals(stub, lookedUp, "the stub of a lookup in this JVM's registry");

        for (Vault v : List.of(stub, lookedUp)) {
            callByCopy(v, impl);
            noCopy(v, impl);
            remoteArguments(v, impl);
            failedCopies(v);
            var e = Failures.expectThrows(VaultClosedException.class, () -> v.refuse("closed"),
                                          "a declared exception");
            expectEquals("closed", e.getMessage(), "its message");
        }

        UnicastRemoteObject.unexportObject(impl, true);
        Failures.expectThrows(NoSuchObjectException.class, stub::storedValue, "a call after unexport (toStub)");
        Failures.expectThrows(NoSuchObjectException.class, () -> lookedUp.add(1, 2),
                              "a call after unexport (lookup)");
        UnicastRemoteObject.unexportObject(local.registry(), true);
    }

    static void callByCopy(Vault v, VaultImpl impl) throws Exception {
        expectEquals(5, v.add(2, 3), "a call with primitives");
        expectEquals(ChildJvm.FASTRMI, impl.lastThread == Thread.currentThread(),
                     "the impl ran on the caller's thread");

        Box box = new Box(5, new ArrayList<>(List.of("a")));
        Box result = v.mutate(box);
        expect(impl.lastArgument != box, "the impl got a copy of the argument");
        expectEquals(5, box.value, "the caller's box after the impl changed its copy");
        expectEquals(List.of("a"), box.items, "the caller's list after the impl changed its copy");
        expect(result != box && result != impl.lastArgument, "the result is a copy");
        expectEquals(-1, result.value, "the result's value");
        expectEquals(List.of("a", "changed by the impl"), result.items, "the result's list");

        expect(v.same(box, box), "one object passed twice is one object in the call");
        expect(!v.same(box, new Box(5, box.items)), "two objects passed stay two");
        expect(v.sameElements(new Box[] {box, box}), "sharing inside an argument survives");

        Box stored = v.stored();
        expect(stored != impl.stored, "a result is a copy of the impl's object");
        stored.value = 99;
        stored.items.clear();
        expectEquals(7, v.storedValue(), "the impl's object after the caller changed its copy");
        expectEquals(List.of("kept"), impl.stored.items, "the impl's list after the caller changed its copy");
        expect(v.stored() != v.stored(), "each result is a new copy");

        List<Object> list = new ArrayList<>(List.of("x", 1));
        Object back = v.echo(list);
        expect(back != list && back.equals(list), "a collection is copied");
    }

    static void noCopy(Vault v, VaultImpl impl) throws Exception {
        boolean fast = ChildJvm.FASTRMI;
        Point p = new Point(3, 4);
        impl.remembered = p;
        expectEquals(fast, v.isRemembered(p), "an Immutable argument arrives as the same instance");
        expectEquals(fast, v.remembered() == p, "an Immutable result arrives as the same instance");
        expectEquals(fast, v.echo(p) == p, "an Immutable object as Object arrives as the same instance");
        expectEquals(p, v.echo(p), "and equal in any case");

        String s = new String("not interned \u00e9");
        String sBack = v.echoString(s);
        expectEquals(s, sBack, "a String");
        expectEquals(fast, impl.lastArgument == s && sBack == s, "a String passes as the same instance");
        Integer big = Integer.valueOf(1_234_567);   // not from the box cache
        Integer bigBack = v.echoInteger(big);
        expectEquals(big, bigBack, "an Integer");
        expectEquals(fast, impl.lastArgument == big && bigBack == big, "an Integer passes as the same instance");
        Object[] boxes = {Long.valueOf(-5), Double.valueOf(Double.NaN), Boolean.TRUE, Character.valueOf('\u4e2d')};
        for (Object o : boxes) {
            expectEquals(o, v.echo(o), "a " + o.getClass().getSimpleName());
        }
        expect(v.echoColor(Color.GREEN) == Color.GREEN, "an enum constant");
        expectEquals(null, v.echo(null), "null");
    }

    static void remoteArguments(Vault v, VaultImpl impl) throws Exception {
        VaultImpl other = new VaultImpl();
        Vault otherStub = (Vault) UnicastRemoteObject.exportObject(other, 0);
        try {
            expectEquals("stub", v.arrivedAs(other), "an exported impl passed as an argument arrives as");
            expectEquals("stub", v.arrivedAs(otherStub), "its stub passed as an argument arrives as");
            Remote back = v.echoRemote(other);
            expect(back instanceof Vault && !(back instanceof VaultImpl),
                   "an exported impl returned arrives as a stub");
            expectEquals(otherStub, back, "the stub of that impl");
            expectEquals(7, ((Vault) back).storedValue(), "a call through it");
            expectEquals("stub", v.arrivedAs(impl), "the callee's own impl arrives as");
        } finally {
            UnicastRemoteObject.unexportObject(other, true);
        }
    }

    static void failedCopies(Vault v) throws Exception {
        var marshal = Failures.expectThrows(MarshalException.class, () -> v.echo(new Object()),
                                            "an argument that cannot be written");
        expect(marshal.getMessage().startsWith("error marshalling arguments"), "its message: " + marshal);

        var server = Failures.expectThrows(ServerException.class, () -> v.echo(new Unreadable()),
                                           "an argument that cannot be read");
        expect(server.detail instanceof UnmarshalException u
               && u.getMessage().startsWith("error unmarshalling arguments")
               && u.detail instanceof InvalidObjectException i && i.getMessage().equals("unreadable"),
               "a ServerException holding an UnmarshalException holding readObject's exception: " + server);

        var unmarshal = Failures.expectThrows(UnmarshalException.class, v::unreadable,
                                              "a result that cannot be read");
        expect(unmarshal.getMessage().startsWith("error unmarshalling return")
               && unmarshal.detail instanceof InvalidObjectException,
               "an UnmarshalException holding readObject's exception: " + unmarshal);

        expectEquals(3, v.add(1, 2), "calls go on after failed copies");
    }
}
