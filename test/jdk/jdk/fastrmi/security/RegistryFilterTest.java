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
 * @summary jdk.fastrmi's registry keeps stock RMI's deserialization
 *          filter: bind of a proxy whose invocation handler is an
 *          application class is rejected, also when an earlier call on the
 *          same connection (to an object without filter) already carried
 *          that class, since the fast streams outlive calls; a per-object
 *          filter given to exportObject applies to that object's calls
 *          only; maxrefs of a JVM-wide filter counts per call, not per
 *          connection. Over every technology (grande.test.Technologies).
 * @modules jdk.fastrmi/jdk.internal.fastrmi jdk.fastrmi/jdk.fastrmi:open
 * @library /lib /jdk/jdk/fastrmi/spi/testtech
 * @build grande.test.* RegistryFilterTest fastrmi.testtech.*
 * @run main/othervm/timeout=600 -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      grande.test.Technologies -Djdk.serialFilter=maxrefs=2000 RegistryFilterTest
 */

import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.Serializable;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.ServerException;
import java.rmi.UnmarshalException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.ArrayList;
import java.util.List;

import jdk.fastrmi.FastStub;
import jdk.internal.fastrmi.RemoteReference;

import static grande.test.Checks.expect;

public class RegistryFilterTest {

    public interface Echo extends Remote {
        Object echo(Object o) throws RemoteException;
    }

    static final class EchoImpl implements Echo {
        public Object echo(Object o) {
            return o;
        }
    }

    /** An application class a registry must not deserialize. */
    public static final class Handler implements InvocationHandler, Serializable {
        private static final long serialVersionUID = 1L;

        public Object invoke(Object proxy, Method m, Object[] args) {
            return null;
        }
    }

    public static void main(String[] args) throws Exception {
        int port;
        try (var s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        Registry created = LocateRegistry.createRegistry(port);
        EchoImpl open = new EchoImpl();
        EchoImpl guarded = new EchoImpl();
        Echo openStub = remote((Echo) UnicastRemoteObject.exportObject(open, port));
        ObjectInputFilter onlyStrings = info -> info.serialClass() == null || info.serialClass() == String.class
                ? ObjectInputFilter.Status.ALLOWED : ObjectInputFilter.Status.REJECTED;
        Echo guardedStub = remote((Echo) UnicastRemoteObject.exportObject(guarded, port, onlyStrings));
        // getRegistry's stub always calls over tcp, through the same pool as the stubs above
        Registry registry = LocateRegistry.getRegistry("127.0.0.1", port);

        Remote proxy = (Remote) Proxy.newProxyInstance(RegistryFilterTest.class.getClassLoader(),
                                                       new Class<?>[] {Remote.class}, new Handler());
        // the open object accepts the handler class; the connection's streams now know it
        Object back = openStub.echo(new Handler());
        expect(back instanceof Handler, "an object without filter receives the application class");
        for (int round = 0; round < 3; round++) {
            try {
                registry.bind("proxy" + round, proxy);
                throw new AssertionError("the registry accepted an application class");
            } catch (ServerException e) {
                expect(e.getCause() instanceof UnmarshalException, "the server could not unmarshal: " + e);
                expect(hasCause(e, InvalidClassException.class), "rejected by the filter: " + e);
                System.out.println("ok: registry bind rejected: " + e.getCause().getCause());
            }
            openStub.echo(new Handler());
        }
        expect(registry.list().length == 0, "nothing was bound");
        registry.bind("echo", openStub);
        expect(registry.lookup("echo").equals(openStub), "a stub binds and looks up");

        // the per-object filter
        expect("s".equals(guardedStub.echo("s")), "the guarded object accepts strings");
        try {
            guardedStub.echo(new Handler());
            throw new AssertionError("the guarded object accepted an application class");
        } catch (ServerException e) {
                expect(e.getCause() instanceof UnmarshalException, "the server could not unmarshal: " + e);
            expect(hasCause(e, InvalidClassException.class), "rejected by the object's filter: " + e);
        }
        expect(openStub.echo(List.of(1, 2)).equals(List.of(1, 2)), "the open object is unaffected");

        // maxrefs=2000 of the JVM-wide filter: per call, so many calls with 100 references pass...
        List<Object> hundred = new ArrayList<>();
        for (int i = 0; i < 99; i++) {
            hundred.add(Integer.valueOf(1000 + i));
        }
        for (int i = 0; i < 50; i++) {
            expect(openStub.echo(hundred).equals(hundred), "call " + i + " within maxrefs");
        }
        // ...and one call above the limit fails
        List<Object> many = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            many.add(Integer.valueOf(1000 + i));
        }
        try {
            openStub.echo(many);
            throw new AssertionError("maxrefs not applied");
        } catch (ServerException e) {
                expect(e.getCause() instanceof UnmarshalException, "the server could not unmarshal: " + e);
            expect(hasCause(e, InvalidClassException.class), "maxrefs rejects one large call: " + e);
        }
        UnicastRemoteObject.unexportObject(open, true);
        UnicastRemoteObject.unexportObject(guarded, true);
        expect(UnicastRemoteObject.unexportObject(created, true), "the registry unexports through its stub");
        System.out.println("PASSED");
    }

    /* The stub through a reference whose exporter is not this JVM: calls go over tcp. */
    static Echo remote(Echo stub) throws Exception {
        Method m = FastStub.class.getDeclaredMethod("writeReplace");
        m.setAccessible(true);
        RemoteReference r = (RemoteReference) m.invoke(stub);
        RemoteReference foreign = new RemoteReference(r.interfaces(), r.objectId(), r.exporter() + 1, r.endpoints());
        var bytes = new java.io.ByteArrayOutputStream();
        try (var out = new java.io.ObjectOutputStream(bytes)) {
            out.writeObject(foreign);
        }
        try (var in = new java.io.ObjectInputStream(new java.io.ByteArrayInputStream(bytes.toByteArray()))) {
            return (Echo) in.readObject();
        }
    }

    static boolean hasCause(Throwable t, Class<?> type) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (type.isInstance(c)) {
                return true;
            }
        }
        return false;
    }
}
