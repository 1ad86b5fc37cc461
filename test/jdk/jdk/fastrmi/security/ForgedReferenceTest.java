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
 * @summary A remote reference that repeats an interface is refused, as
 *          java.lang.reflect.Proxy refuses repeated interfaces: each such
 *          list would otherwise get a stub class of its own. The record's
 *          canonical constructor, which reading a reference from either
 *          stream kind runs, throws IllegalArgumentException naming the
 *          interface; the same interfaces once each make a reference, and
 *          reading one back through the JDK's streams gives a stub that
 *          implements both. The references name the endpoints an export of
 *          this JVM has, over every technology (grande.test.Technologies).
 * @modules java.rmi jdk.fastrmi jdk.fastrmi/jdk.fastrmi:open jdk.fastrmi/jdk.internal.fastrmi
 * @library /lib /jdk/jdk/fastrmi/spi/testtech
 * @build grande.test.* ForgedReferenceTest fastrmi.testtech.*
 * @run main/othervm/timeout=300 -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      grande.test.Technologies ForgedReferenceTest
 */

import java.lang.reflect.Field;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.Arrays;

import grande.test.JdkStreams;
import jdk.fastrmi.FastStub;
import jdk.fastrmi.spi.Endpoint;
import jdk.internal.fastrmi.ClientRef;
import jdk.internal.fastrmi.RemoteReference;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectThrows;

public class ForgedReferenceTest {

    public interface Other extends Remote {
        void other() throws RemoteException;
    }

    static final class OtherImpl implements Other {
        @Override
        public void other() { }
    }

    public static void main(String[] args) throws Exception {
        // the endpoints of the technologies of this run, the one under test among them;
        // the references are only made and read, never called
        OtherImpl impl = new OtherImpl();
        Endpoint[] endpoints = endpointsOf(UnicastRemoteObject.exportObject(impl, 0));
        System.out.println("endpoints: " + Arrays.toString(endpoints));
        IllegalArgumentException e = expectThrows(IllegalArgumentException.class,
                () -> new RemoteReference(new Class<?>[] {Registry.class, Other.class, Registry.class}, 42, 7,
                                          endpoints),
                "a reference that repeats an interface");
        expect(e.getMessage().contains("repeated interface: java.rmi.registry.Registry"), "names it: " + e);

        RemoteReference ok = new RemoteReference(new Class<?>[] {Registry.class, Other.class}, 42, 7, endpoints);
        Object back = JdkStreams.roundTrip(ok);
        expect(back instanceof Registry && back instanceof Other, "read back, a stub of both: " + back.getClass());
        UnicastRemoteObject.unexportObject(impl, true);     // the exported object would keep the JVM
    }

    /* The endpoints of the reference behind a jdk.fastrmi stub (FastStub.ref, a ClientRef). */
    static Endpoint[] endpointsOf(Remote stub) throws ReflectiveOperationException {
        expect(stub instanceof FastStub, "a jdk.fastrmi stub: " + stub.getClass());
        Field f = FastStub.class.getDeclaredField("ref");
        f.setAccessible(true);
        return ((ClientRef) f.get(stub)).reference().endpoints();
    }
}
