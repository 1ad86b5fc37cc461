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
 * @summary Stub classes are per set of remote interfaces, not per order, and
 *          can be unloaded: references that list five interfaces in all 120
 *          orders, read as a peer's references are read, give stubs of one
 *          class; once no stub is left, that class is unloaded; and the
 *          stubs of interfaces from a class loader the application drops do
 *          not keep the loader. (Before: a class per order, and every class
 *          and loader held by the runtime for good.)
 * @modules java.rmi jdk.fastrmi jdk.fastrmi/jdk.internal.fastrmi
 * @library /lib
 * @build grande.test.*
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.technologies=tcp StubClassSetTest
 */

import java.lang.classfile.ClassFile;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.MethodTypeDesc;
import java.lang.ref.WeakReference;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import grande.test.ChildJvm;
import grande.test.JdkStreams;
import jdk.fastrmi.spi.Endpoint;
import jdk.internal.fastrmi.RemoteReference;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectEquals;

public class StubClassSetTest {

    public interface A extends Remote { int a() throws RemoteException; }
    public interface B extends Remote { int b() throws RemoteException; }
    public interface C extends Remote { int c() throws RemoteException; }
    public interface D extends Remote { int d() throws RemoteException; }
    public interface E extends Remote { int e() throws RemoteException; }

    // nothing listens there: the references are only read, never called
    private static final Endpoint NOWHERE = new Endpoint("tcp", ChildJvm.HOST + ":1");

    public static void main(String[] args) throws Exception {
        List<Class<?>[]> orders = new ArrayList<>();
        permutations(new ArrayList<>(List.of(A.class, B.class, C.class, D.class, E.class)), 0, orders);
        expectEquals(120, orders.size(), "orders of five interfaces");

        Set<Class<?>> classes = new HashSet<>();
        List<Object> stubs = new ArrayList<>();
        for (Class<?>[] order : orders) {
            Object stub = read(new RemoteReference(order, 42, 0x5EED_0004L, new Endpoint[] {NOWHERE}));
            for (Class<?> i : order) {
                expect(i.isInstance(stub), stub.getClass() + " implements " + i);
            }
            stubs.add(stub);
            classes.add(stub.getClass());
        }
        expectEquals(1, classes.size(), "stub classes for one set in 120 orders");

        WeakReference<Class<?>> stubClass = new WeakReference<>(classes.iterator().next());
        classes.clear();
        stubs.clear();
        expect(collected(stubClass), "the stub class is unloaded once no stub is left");

        // interfaces of a loader the application drops
        WeakReference<ClassLoader> loader = dropInterfacesOfNewLoader();
        expect(collected(loader), "the runtime keeps no class loader whose interfaces it made stubs of");

        // the same set again gets a class again, and it works as before
        Object stub = read(new RemoteReference(new Class<?>[] {C.class, A.class}, 42, 0x5EED_0004L,
                                               new Endpoint[] {NOWHERE}));
        expect(stub instanceof A && stub instanceof C, "a stub of the set again: " + stub.getClass());
    }

    /* A stub made from an interface of a fresh loader; the loader, weakly, once both are dropped. */
    private static WeakReference<ClassLoader> dropInterfacesOfNewLoader() throws Exception {
        String name = "dyn.Dropped";
        byte[] bytes = ClassFile.of().build(ClassDesc.of(name), cb -> cb
            .withFlags(ClassFile.ACC_PUBLIC | ClassFile.ACC_INTERFACE | ClassFile.ACC_ABSTRACT)
            .withInterfaceSymbols(ClassDesc.of(Remote.class.getName()))
            .withMethod("m", MethodTypeDesc.of(ConstantDescs.CD_int),
                        ClassFile.ACC_PUBLIC | ClassFile.ACC_ABSTRACT,
                        mb -> mb.with(java.lang.classfile.attribute.ExceptionsAttribute.ofSymbols(
                            ClassDesc.of(RemoteException.class.getName())))));
        ClassLoader l = new ClassLoader("dropped", StubClassSetTest.class.getClassLoader()) {
            @Override
            protected Class<?> findClass(String n) throws ClassNotFoundException {
                if (n.equals(name)) {
                    return defineClass(n, bytes, 0, bytes.length);
                }
                throw new ClassNotFoundException(n);
            }
        };
        Class<?> iface = l.loadClass(name);
        Object stub = jdk.internal.fastrmi.RemoteRuntime.get().stubFor(
            new RemoteReference(new Class<?>[] {iface}, 43, 0x5EED_0004L, new Endpoint[] {NOWHERE}));
        expect(iface.isInstance(stub), "a stub of the loader's interface");
        return new WeakReference<>(l);
    }

    private static boolean collected(WeakReference<?> ref) throws InterruptedException {
        for (int i = 0; i < 50 && ref.get() != null; i++) {
            System.gc();
            Thread.sleep(100);
        }
        return ref.get() == null;
    }

    /* A reference read back from the JDK's streams, as a peer's reference is read: the runtime's stub. */
    private static Object read(RemoteReference ref) throws Exception {
        return JdkStreams.roundTrip(ref);
    }

    private static void permutations(List<Class<?>> items, int k, List<Class<?>[]> out) {
        if (k == items.size()) {
            out.add(items.toArray(new Class<?>[0]));
            return;
        }
        for (int i = k; i < items.size(); i++) {
            java.util.Collections.swap(items, k, i);
            permutations(items, k + 1, out);
            java.util.Collections.swap(items, k, i);
        }
    }
}
