/*
 * Copyright (c) 2026, GrandeJDK contributors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.  The GrandeJDK contributors
 * designate this particular file as subject to the "Classpath" exception
 * as provided in the LICENSE file that accompanied the OpenJDK source.
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

package jdk.internal.fastrmi.dgc;

import jdk.fastrmi.spi.Endpoint;

/**
 * What the distributed GC needs of the runtime it serves: its lease, its
 * id, stubs of other runtimes' DGC services, and its table of exported
 * objects. The runtime implements it, so that this package does not
 * depend on the runtime's.
 */
public interface DgcHost {

    /** @return the lease of references, in ms ({@code java.rmi.dgc.leaseValue}) */
    long leaseMillis();

    /** @return this runtime's id, with which it calls other runtimes' DGC services */
    long id();

    /**
     * Whether this JVM has connected to an endpoint itself (a call through
     * a stub to it succeeded in connecting): only then is its DGC called.
     *
     * @param endpoint the endpoint
     * @return true if so
     */
    boolean reached(Endpoint endpoint);

    /**
     * A stub for the DGC service at an endpoint.
     *
     * @param endpoint where
     * @return the stub
     */
    DgcService dgcStub(Endpoint endpoint);

    /**
     * Makes the class of the DGC service's stubs ready ahead of the first
     * dirty call, which would otherwise generate it while an application's
     * first call waits. Failures are left to that call.
     */
    void prepareDgcStub();

    /**
     * A client holds references to these exported objects: until
     * {@code expiry} ({@code System.nanoTime()}), or for good if it is
     * {@code Long.MAX_VALUE}. Unknown ids are ignored.
     *
     * @param ids the object ids
     * @param client the client runtime's id
     * @param expiry the end of the lease
     */
    void referenced(long[] ids, long client, long expiry);

    /**
     * A client dropped its references to these exported objects; those
     * left without client are told they are unreferenced.
     *
     * @param ids the object ids
     * @param client the client runtime's id
     */
    void cleaned(long[] ids, long client);

    /** @return the exported objects, whose leases the DGC's sweep expires */
    Iterable<? extends Leased> leased();

    /**
     * Whether the DGC call being served came over a technology whose
     * references are collected without leases
     * ({@link jdk.fastrmi.spi.DistributedGC.Kind#CLUSTER}): only such a
     * client may hold references without a lease.
     *
     * @return true if so; false for a technology with leases, or outside a call
     */
    boolean callerHoldsWithoutLease();
}
