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
 *          implements both.
 * @modules java.rmi jdk.fastrmi jdk.fastrmi/jdk.internal.fastrmi
 * @library /lib
 * @build grande.test.*
 * @run main/othervm -Djava.rmi.provider=fastrmi -Djava.rmi.server.hostname=127.0.0.1
 *      -Djdk.fastrmi.technologies=tcp ForgedReferenceTest
 */

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.Registry;

import grande.test.JdkStreams;
import jdk.fastrmi.spi.Endpoint;
import jdk.internal.fastrmi.RemoteReference;

import static grande.test.Checks.expect;
import static grande.test.Checks.expectThrows;

public class ForgedReferenceTest {

    public interface Other extends Remote {
        void other() throws RemoteException;
    }

    public static void main(String[] args) throws Exception {
        // nothing listens there: the reference is only made and read, never called
        Endpoint endpoint = new Endpoint("tcp", "127.0.0.1:1");
        IllegalArgumentException e = expectThrows(IllegalArgumentException.class,
                () -> new RemoteReference(new Class<?>[] {Registry.class, Other.class, Registry.class}, 42, 7,
                                          new Endpoint[] {endpoint}),
                "a reference that repeats an interface");
        expect(e.getMessage().contains("repeated interface: java.rmi.registry.Registry"), "names it: " + e);

        RemoteReference ok = new RemoteReference(new Class<?>[] {Registry.class, Other.class}, 42, 7,
                                                 new Endpoint[] {endpoint});
        Object back = JdkStreams.roundTrip(ok);
        expect(back instanceof Registry && back instanceof Other, "read back, a stub of both: " + back.getClass());
    }
}
