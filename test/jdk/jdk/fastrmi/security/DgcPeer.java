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

import java.lang.reflect.Field;
import java.rmi.Remote;
import java.util.Arrays;

import grande.test.ChildJvm;
import jdk.fastrmi.FastStub;
import jdk.fastrmi.spi.Endpoint;
import jdk.internal.fastrmi.ClientRef;
import jdk.internal.fastrmi.RemoteReference;
import jdk.internal.fastrmi.RemoteRuntime;
import jdk.internal.fastrmi.dgc.DgcService;

import static grande.test.Checks.expect;

/**
 * A peer that speaks to another JVM's DGC service directly, as the
 * security tests of the distributed GC do: the reference behind a stub, and
 * a stub of the DGC service at one of its endpoints, over the technology
 * under test (grande.test.Technologies). The fabric reaches no endpoint of
 * its own JVM, so the DGC service a test calls is another JVM's.
 */
final class DgcPeer {

    private DgcPeer() { }

    /** The reference behind a jdk.fastrmi stub (FastStub.ref, a ClientRef). */
    static RemoteReference referenceOf(Remote stub) throws ReflectiveOperationException {
        expect(stub instanceof FastStub, "a jdk.fastrmi stub: " + stub.getClass());
        Field f = FastStub.class.getDeclaredField("ref");
        f.setAccessible(true);
        return ((ClientRef) f.get(stub)).reference();
    }

    /**
     * The DGC service of the JVM whose endpoints these are, reached over the
     * network as a peer reaches it, at the endpoint of the technology under
     * test (test.fastrmi.technology, "fabric:shm" naming the technology
     * "fabric"; the first endpoint if none is set), checked to call over it.
     */
    static DgcService dgcAt(Endpoint[] endpoints) {
        Endpoint endpoint = endpoints[0];
        String technology = System.getProperty(ChildJvm.TECHNOLOGY);
        if (technology != null) {
            String id = technology.split(":", 2)[0];
            endpoint = Arrays.stream(endpoints).filter(e -> e.technology().equals(id)).findFirst()
                    .orElseThrow(() -> new AssertionError("no " + id + " endpoint among "
                                                          + Arrays.toString(endpoints)));
        }
        DgcService dgc = RemoteRuntime.get().dgcStub(endpoint);
        ChildJvm.expectTechnology(dgc);
        System.out.println("DGC at " + endpoint);
        return dgc;
    }
}
